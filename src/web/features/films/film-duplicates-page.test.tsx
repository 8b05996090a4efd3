import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FilmSummary } from '../../../shared/films';
import { json, sessionOf, stubApi } from '../../test/fake-api';
import { buildThreadDetail, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';
import { buildFilm } from './film-test-data';

const editor = buildUser({ role: 'experienced_moderator' });
const dated = buildFilm({ id: 12, reviewCount: 23 });
const undated = buildFilm({ id: 51, year: null, director: null, reviewCount: 1 });

let user = userEvent.setup({ delay: null });
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe('the possible duplicate films', () => {
  it('lists pairs with a merge each way, merges the one confirmed and refreshes the list', async () => {
    let pairs: { a: FilmSummary; b: FilmSummary }[] = [{ a: dated, b: undated }];
    const api = stubApi({
      ...sessionOf(editor),
      'GET /api/films/duplicates': () => json({ pairs }),
      'POST /api/films/51/merge': () => {
        pairs = [];
        return json({ film: { ...dated, reviewCount: 24 } });
      },
    });
    renderRoute('/moderator/films');

    const list = await screen.findByRole('list', { name: 'Possible duplicates' });
    const pair = within(list).getAllByRole('listitem')[0]!;
    expect(within(pair).getByRole('link', { name: 'Solaris (1972)' }).getAttribute('href')).toBe(
      '/films/12-solaris',
    );
    expect(within(pair).getByRole('link', { name: 'Solaris' }).getAttribute('href')).toBe(
      '/films/51-solaris',
    );
    expect(within(pair).getByText('1972 · Andrei Tarkovsky')).toBeTruthy();
    expect(within(pair).getByText('Year unknown · Director unknown')).toBeTruthy();
    expect(within(pair).getByText('23 reviews')).toBeTruthy();
    expect(within(pair).getByText('1 review')).toBeTruthy();
    expect(
      within(pair).getByRole('button', { name: 'Merge ‘Solaris (1972)’ into ‘Solaris’' }),
    ).toBeTruthy();

    await user.click(
      within(pair).getByRole('button', { name: 'Merge ‘Solaris’ into ‘Solaris (1972)’' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge ‘Solaris’' });
    expect(within(dialog).getByTestId('merge-target').textContent).toBe('Solaris (1972)');
    expect(
      within(dialog).getByText(
        'The review of ‘Solaris’ moves to ‘Solaris (1972)’, and this film’s address will lead there. This is recorded in the audit log.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/films/51/merge')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(
      await screen.findByText('No possible duplicates: every film’s title and year are distinct.'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/films/51/merge')[0]?.body).toEqual({ intoId: 12 });
    expect(api.callsTo('GET', '/api/films/duplicates')).toHaveLength(2);
    expect(toastTitles()).toContain('Films merged');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells two films of the same title and year apart by their numbers', async () => {
    stubApi({
      ...sessionOf(editor),
      'GET /api/films/duplicates': () =>
        json({ pairs: [{ a: dated, b: buildFilm({ id: 60, reviewCount: 2 }) }] }),
    });
    renderRoute('/moderator/films');

    expect(
      await screen.findByRole('button', {
        name: 'Merge ‘Solaris (1972), no. 60’ into ‘Solaris (1972), no. 12’',
      }),
    ).toBeTruthy();
  });

  it('says so when there are none', async () => {
    stubApi({ ...sessionOf(editor), 'GET /api/films/duplicates': () => json({ pairs: [] }) });
    renderRoute('/moderator/films');

    expect(
      await screen.findByText('No possible duplicates: every film’s title and year are distinct.'),
    ).toBeTruthy();
  });

  it('sends a moderator who may not merge films home, saying why, and asks for nothing', async () => {
    const api = stubApi(sessionOf(buildUser({ role: 'moderator' })));
    const { location } = renderRoute('/moderator/films');

    expect(await screen.findByText('Experienced moderator access required')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('GET', '/api/films/duplicates')).toHaveLength(0);
  });
});

describe('a review’s thread', () => {
  it('links the film’s title to the film’s page', async () => {
    const post = buildThreadDetail({
      id: 9,
      rating: 8,
      filmTitle: 'Solaris',
      film: { id: 12, title: 'Solaris', url: '/films/12-solaris' },
    });
    stubApi({
      'GET /api/forum/posts/9': () => json({ post }),
      'GET /api/forum/posts/9/comments': () => json({ items: [], nextCursor: null, total: 0 }),
    });
    renderRoute('/forum/post/9');

    const link = await screen.findByRole('link', { name: 'Solaris' });
    expect(link.getAttribute('href')).toBe('/films/12-solaris');
  });
});
