import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildUpload, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';
import { buildFilm, buildFilmDetail, filmAnswer } from './film-test-data';

const editor = buildUser({ role: 'experienced_moderator' });
const solaris = buildFilmDetail({ viewer: { canFollow: true, following: false, canEdit: true } });
const survivor = buildFilmDetail({ id: 40, title: 'Solaris', year: 1972, reviewCount: 30 });

let user = userEvent.setup({ delay: null });
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe('editing a film', () => {
  it('sends only what changed, shows the server’s field error, then saves and gives focus back', async () => {
    let refuse = true;
    let film = solaris;
    const api = stubApi({
      ...sessionOf(editor),
      'GET /api/films/12': () => json(filmAnswer(film, [])),
      'PATCH /api/films/12': () => {
        if (refuse) {
          return apiError(400, 'invalid-argument', 'Invalid body.director', {
            issues: [{ in: 'body', path: '/director', message: 'A director is one line' }],
          });
        }
        film = { ...film, director: 'A. Tarkovsky' };
        return json({ film: buildFilm({ director: 'A. Tarkovsky' }) });
      },
    });
    renderRoute('/films/12-solaris');

    const open = await screen.findByRole('button', { name: 'Edit film' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Edit film' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Title/ }).value).toBe(
      'Solaris',
    );
    const director = within(dialog).getByRole('textbox', { name: /^Director/ });
    await user.clear(director);
    await user.type(director, 'A. Tarkovsky');
    await user.click(within(dialog).getByRole('button', { name: 'Save film' }));

    expect(await within(dialog).findByText('A director is one line')).toBeTruthy();
    expect(director.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PATCH', '/api/films/12')[0]?.body).toEqual({ director: 'A. Tarkovsky' });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save film' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit film' })).toBeNull());
    expect(screen.getByText('Directed by A. Tarkovsky')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('uploads a poster, and removes one', async () => {
    const upload = buildUpload();
    let film = solaris;
    const api = stubApi({
      ...sessionOf(editor),
      'GET /api/films/12': () => json(filmAnswer(film, [])),
      'POST /api/uploads': () => json({ upload }, 201),
      'PATCH /api/films/12': (call) => {
        const { posterUrl } = call.body as { posterUrl: string | null };
        const poster =
          posterUrl === null ? null : { url: posterUrl, thumbnailUrl: upload.thumbnailUrl };
        film = { ...film, poster };
        return json({ film: buildFilm({ poster }) });
      },
    });
    renderRoute('/films/12-solaris');

    await user.click(await screen.findByRole('button', { name: 'Edit film' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit film' });
    await user.upload(
      within(dialog).getByLabelText('Poster image file'),
      new File(['x'], 'poster.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('img', { name: 'Poster of Solaris' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save film' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH', '/api/films/12')[0]?.body).toEqual({ posterUrl: upload.url });

    await user.click(screen.getByRole('button', { name: 'Edit film' }));
    const again = await screen.findByRole('dialog', { name: 'Edit film' });
    await user.click(within(again).getByRole('button', { name: 'Remove poster' }));
    expect(within(again).getByText('No poster')).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Save film' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/films/12')).toHaveLength(2));
    expect(api.callsTo('PATCH', '/api/films/12')[1]?.body).toEqual({ posterUrl: null });
  });

  it('is not offered to a moderator who may not edit films', async () => {
    stubApi({
      ...sessionOf(buildUser({ role: 'moderator' })),
      'GET /api/films/12': () => json(filmAnswer(buildFilmDetail(), [])),
    });
    renderRoute('/films/12-solaris');

    await screen.findByRole('heading', { level: 1, name: 'Solaris' });
    expect(screen.queryByRole('button', { name: 'Edit film' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge into another film…' })).toBeNull();
  });
});

describe('merging a film into another', () => {
  it('offers the other films, says what happens, merges and moves to the survivor’s page', async () => {
    const api = stubApi({
      ...sessionOf(editor),
      'GET /api/films/12': () => json(filmAnswer(solaris, [])),
      'GET /api/films/40': () => json(filmAnswer(survivor, [])),
      'GET /api/films/suggest': () => json({ items: [solaris, survivor] }),
      'POST /api/films/12/merge': () => json({ film: buildFilm({ id: 40, reviewCount: 53 }) }),
    });
    const { location, router } = renderRoute('/films/12-solaris');

    await user.click(await screen.findByRole('button', { name: 'Merge into another film…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge ‘Solaris (1972)’' });
    await user.type(within(dialog).getByRole('combobox', { name: /^Merge into/ }), 'Sol');
    const options = await screen.findAllByRole('option');
    // The film itself is not offered.
    expect(options).toHaveLength(1);
    await user.click(options[0]!);
    expect(within(dialog).getByTestId('merge-target').textContent).toBe('Solaris (1972)');
    expect(
      within(dialog).getByText(
        'All 23 reviews of ‘Solaris (1972)’ move to ‘Solaris (1972)’, and this film’s address will lead there. This is recorded in the audit log.',
      ),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(location()).toBe('/films/40-solaris'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.callsTo('POST', '/api/films/12/merge')[0]?.body).toEqual({ intoId: 40 });
    expect(toastTitles()).toContain('Films merged');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal in the dialog', async () => {
    stubApi({
      ...sessionOf(editor),
      'GET /api/films/12': () => json(filmAnswer(solaris, [])),
      'GET /api/films/suggest': () => json({ items: [survivor] }),
      'POST /api/films/12/merge': () =>
        apiError(
          400,
          'invalid-argument',
          'That film was merged into another: merge into the one it became',
          { fields: { intoId: 'That film was merged away' } },
        ),
    });
    const { location } = renderRoute('/films/12-solaris');

    await user.click(await screen.findByRole('button', { name: 'Merge into another film…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByText('Choose the film to merge into')).toBeTruthy();

    await user.type(within(dialog).getByRole('combobox', { name: /^Merge into/ }), 'Sol');
    await user.click(await screen.findByRole('option', { name: 'Solaris (1972)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(
      await within(dialog).findByText(
        'That film was merged into another: merge into the one it became',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('That film was merged away')).toBeTruthy();
    expect(location()).toBe('/films/12-solaris');
  });
});
