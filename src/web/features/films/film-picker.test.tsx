import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, json, sessionOf, stubApi, type ApiRoutes } from '../../test/fake-api';
import { buildThreadDetail, buildUser } from '../../test/factories';
import { renderRoute } from '../../test/render-route';
import { buildFilm } from './film-test-data';

const viewer = buildUser();
const solaris = buildFilm();
const remake = buildFilm({ id: 30, year: 2002, director: 'Steven Soderbergh' });
const stalker = buildFilm({ id: 31, title: 'Stalker', year: 1979, reviewCount: 0, average: null });

// No pause between keys: the forms are long to type into, and only the picker's own pause counts.
let user = userEvent.setup({ delay: null });
beforeEach(() => {
  window.localStorage.clear();
  user = userEvent.setup({ delay: null });
});

/** /add-new for a member, with the films the picker suggests for "Sol". */
function reviewFormRoutes(extra: ApiRoutes = {}): ApiRoutes {
  return {
    ...sessionOf(viewer),
    'GET /api/films/suggest': (call) =>
      json({ items: call.search.get('q')?.startsWith('Sol') ? [solaris, remake] : [] }),
    'POST /api/forum/posts': () => json({ post: buildThreadDetail({ id: 77 }) }, 201),
    'GET /api/forum/posts/77': () => json({ post: buildThreadDetail({ id: 77 }) }),
    'GET /api/forum/posts/77/comments': () => json({ items: [], nextCursor: null, total: 0 }),
    ...extra,
  };
}

async function openReviewForm() {
  const app = renderRoute('/add-new');
  await user.click(await screen.findByRole('combobox', { name: 'Category' }));
  await user.click(await screen.findByRole('option', { name: 'Reviews' }));
  return app;
}

const filmBox = () => screen.getByRole('combobox', { name: /^Film/ });

// The whole review form renders and types in jsdom: about 10 s a test here, more on a busy
// machine, so each has 40 s.
describe('the review form’s film picker', { timeout: 40_000 }, () => {
  it('suggests films as the title is typed, and sends the one chosen by its id', async () => {
    const api = stubApi(reviewFormRoutes());
    const { location } = await openReviewForm();

    await user.type(filmBox(), 'Sol');
    expect(await screen.findByRole('option', { name: 'Solaris (1972)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Solaris (2002)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Add a new film: “Sol”' })).toBeTruthy();
    // The pause after typing sends one request for the letters typed, not one per letter.
    expect(api.callsTo('GET', '/api/films/suggest').map((call) => call.search.get('q'))).toEqual([
      'Sol',
    ]);

    await user.click(screen.getByRole('option', { name: 'Solaris (1972)' }));
    expect(screen.getByTestId('chosen-film').textContent).toBe('Solaris (1972)');
    expect(screen.queryByRole('combobox', { name: /^Film/ })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'The ocean remembers');
    screen.getByRole('radio', { name: '9 out of 10' }).focus();
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Body' }), 'Slow, and right to be.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(location()).toBe('/forum/post/77'));
    expect(api.callsTo('POST', '/api/forum/posts')[0]?.body).toEqual({
      title: 'The ocean remembers',
      body: 'Slow, and right to be.',
      categoryId: 1,
      tags: [],
      filmId: 12,
      rating: 9,
    });
  });

  it('keeps the chosen film in the draft through a reload, and Change goes back to the search', async () => {
    stubApi(reviewFormRoutes());
    const first = await openReviewForm();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Half a review');
    await user.type(filmBox(), 'Sol');
    await user.click(await screen.findByRole('option', { name: 'Solaris (2002)' }));
    await waitFor(() =>
      expect(window.localStorage.getItem(`viewpoint:forum-draft:${viewer.id}`)).toContain(
        '"film":{"id":30',
      ),
    );
    first.unmount();

    renderRoute('/add-new');
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    // The film shows once the categories say the draft's category is Reviews.
    expect((await screen.findByTestId('chosen-film')).textContent).toBe('Solaris (2002)');

    await user.click(screen.getByRole('button', { name: 'Change the film' }));
    const box = filmBox();
    expect((box as HTMLInputElement).value).toBe('Solaris');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('adds a film it did not find, asking for its year, and chooses it', async () => {
    const api = stubApi(
      reviewFormRoutes({
        'POST /api/films': () => json({ film: stalker, created: true }, 201),
      }),
    );
    await openReviewForm();

    await user.type(filmBox(), 'Stalker');
    await user.click(await screen.findByRole('option', { name: 'Add a new film: “Stalker”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a film' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe(
      'Stalker',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Add film' }));
    expect(await within(dialog).findByText('Enter the year the film came out')).toBeTruthy();
    expect(api.callsTo('POST', '/api/films')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Year/ }), '1979');
    await user.type(within(dialog).getByRole('textbox', { name: /^Director/ }), 'Andrei Tarkovsky');
    await user.click(within(dialog).getByRole('button', { name: 'Add film' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a film' })).toBeNull());
    expect(api.callsTo('POST', '/api/films')[0]?.body).toEqual({
      title: 'Stalker',
      year: 1979,
      director: 'Andrei Tarkovsky',
    });
    expect(screen.getByTestId('chosen-film').textContent).toBe('Stalker (1979)');
  });

  it('shows the server’s refusal of the year on the year field', async () => {
    stubApi(
      reviewFormRoutes({
        'POST /api/films': () =>
          apiError(400, 'invalid-argument', 'Invalid request', {
            issues: [{ path: '/year', message: 'A film’s year can be next year at the latest' }],
          }),
      }),
    );
    await openReviewForm();

    await user.type(filmBox(), 'Stalker');
    await user.click(await screen.findByRole('option', { name: 'Add a new film: “Stalker”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a film' });
    // Enter in a field adds the film; it does not send the review around the dialog.
    await user.type(within(dialog).getByRole('textbox', { name: /^Year/ }), '1979{Enter}');

    expect(
      await within(dialog).findByText('A film’s year can be next year at the latest'),
    ).toBeTruthy();
    expect(screen.queryByTestId('chosen-film')).toBeNull();
    expect(screen.queryByText('Title needs at least 5 characters')).toBeNull();
  });

  it('asks a review for its film and its rating', async () => {
    const api = stubApi(reviewFormRoutes());
    await openReviewForm();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A review of nothing');
    await user.type(screen.getByRole('textbox', { name: 'Body' }), 'Words.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Choose the film this review is about')).toBeTruthy();
    expect(screen.getByText('Rate the film from 1 to 10')).toBeTruthy();
    expect(api.callsTo('POST', '/api/forum/posts')).toHaveLength(0);
  });

  it('shows an edited review’s film, and sends only the film chosen in its place', async () => {
    const review = {
      ...buildThreadDetail({
        category: { id: 1, slug: 'reviews', name: 'Reviews' },
        filmTitle: 'Solaris',
        rating: 6,
        viewer: { reacted: false, canEdit: true, canDelete: true, canReply: true },
      }),
      film: { id: 12, title: 'Solaris', year: 1972, url: '/films/12-solaris' },
    };
    const api = stubApi(
      reviewFormRoutes({
        'GET /api/forum/posts/1': () => json({ post: review }),
        'PATCH /api/forum/posts/1': () => json({ post: review }),
        'GET /api/forum/posts/1/comments': () => json({ items: [], nextCursor: null, total: 0 }),
      }),
    );
    const { location } = renderRoute('/forum/post/edit/1');

    expect((await screen.findByTestId('chosen-film')).textContent).toMatch(/^Solaris/);
    await user.click(screen.getByRole('button', { name: 'Change the film' }));
    await user.clear(filmBox());
    await user.type(filmBox(), 'Sol');
    await user.click(await screen.findByRole('option', { name: 'Solaris (2002)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(location()).toBe('/forum/post/1'));
    expect(api.callsTo('PATCH', '/api/forum/posts/1')[0]?.body).toEqual({ filmId: 30 });
  });
});
