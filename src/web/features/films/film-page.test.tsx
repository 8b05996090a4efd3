import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { typeBeforeAppStarts } from '../../test/before-app';
import { apiError, json, stubApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { buildFilmDetail, buildFilmReview, filmAnswer } from './film-test-data';

const solaris = buildFilmDetail();

describe('a film’s page', () => {
  it('shows the film, its average and number of ratings, the spread, and its reviews', async () => {
    stubApi({
      'GET /api/films/12': () =>
        json(filmAnswer(solaris, [buildFilmReview(7), buildFilmReview(8, { rating: 10 })])),
    });
    renderRoute('/films/12-solaris');

    expect(await screen.findByRole('heading', { level: 1, name: 'Solaris' })).toBeTruthy();
    expect(screen.getByText('1972')).toBeTruthy();
    expect(screen.getByText('Directed by Andrei Tarkovsky')).toBeTruthy();
    expect(screen.getByText('Солярис')).toBeTruthy();
    expect(screen.getByText((_, node) => node?.textContent === '7.4 · 23 ratings')).toBeTruthy();
    const bars = screen.getByRole('list', { name: 'Ratings from 10 to 1' });
    expect(within(bars).getAllByRole('listitem')).toHaveLength(10);
    expect(within(bars).getByText('8 out of 10: 5 ratings')).toBeTruthy();
    expect(within(bars).getByText('3 out of 10: 1 rating')).toBeTruthy();

    const reviews = screen.getByRole('list', { name: 'Reviews' });
    const first = within(reviews).getByRole('link', { name: 'Review number 7' });
    expect(first.getAttribute('href')).toBe('/forum/post/7');
    expect(within(reviews).getByText('Rated 10 out of 10')).toBeTruthy();
    expect(within(reviews).getAllByRole('link', { name: 'Ann Lee' })[0]?.getAttribute('href')).toBe(
      '/u/ann',
    );
    expect(within(reviews).getAllByText('3 likes')).toHaveLength(2);
    expect(within(reviews).getAllByText('1 reply')).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('Solaris (1972) — reviews · Viewpoint'));
  });

  it('says so when nobody has rated the film yet', async () => {
    const unrated = buildFilmDetail({
      reviewCount: 0,
      average: null,
      histogram: Array(10).fill(0),
    });
    stubApi({ 'GET /api/films/12': () => json(filmAnswer(unrated, [])) });
    renderRoute('/films/12-solaris');

    expect(await screen.findByText('No ratings yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Ratings from 10 to 1' })).toBeNull();
    expect(screen.getByText('No reviews yet: be the first to review this film.')).toBeTruthy();
  });

  it('changes the order and the page of the reviews in the address', async () => {
    const api = stubApi({
      'GET /api/films/12': (call) => {
        const sort = call.search.get('sort');
        const page = Number(call.search.get('page'));
        const first = sort === 'highest' ? 20 : 1;
        return json(filmAnswer(solaris, [buildFilmReview(first + page)], { page, pageCount: 3 }));
      },
    });
    const { location } = renderRoute('/films/12-solaris');
    await screen.findByRole('link', { name: 'Review number 2' });

    await userEvent.click(screen.getByRole('radio', { name: 'Highest rated' }));
    expect(await screen.findByRole('link', { name: 'Review number 21' })).toBeTruthy();
    expect(location()).toBe('/films/12-solaris?sort=highest');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Review number 22' })).toBeTruthy();
    expect(location()).toBe('/films/12-solaris?sort=highest&page=2');
    expect(api.callsTo('GET', '/api/films/12').map((call) => call.search.toString())).toEqual([
      'sort=newest&page=1',
      'sort=highest&page=1',
      'sort=highest&page=2',
    ]);
  });

  it('follows an order chosen before the app started', async () => {
    typeBeforeAppStarts({ sort: 'lowest' });
    stubApi({
      'GET /api/films/12': () => json(filmAnswer(solaris, [buildFilmReview(3)])),
    });
    const { location } = renderRoute('/films/12-solaris');
    await screen.findByRole('link', { name: 'Review number 3' });
    await waitFor(() => expect(location()).toBe('/films/12-solaris?sort=lowest'));
  });

  it('opens at the sort and page its address names', async () => {
    const api = stubApi({
      'GET /api/films/12': () =>
        json(filmAnswer(solaris, [buildFilmReview(5)], { page: 2, pageCount: 2 })),
    });
    renderRoute('/films/12-solaris?sort=liked&page=2');
    await screen.findByRole('link', { name: 'Review number 5' });
    expect(api.calls.find((call) => call.path === '/api/films/12')?.search.toString()).toBe(
      'sort=liked&page=2',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort reviews by' }).value).toBe(
      'liked',
    );
  });

  it('moves to the surviving film’s address when the film was merged into another', async () => {
    const survivor = buildFilmDetail({ id: 40, title: 'Solaris (Tarkovsky)' });
    stubApi({ 'GET /api/films/12': () => json(filmAnswer(survivor, [])) });
    const { location, router } = renderRoute('/films/12-solaris');

    await waitFor(() => expect(location()).toBe('/films/40-solaris-tarkovsky'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { level: 1, name: 'Solaris (Tarkovsky)' })).toBeTruthy();
  });

  it('is the not-found page for an address without a film id, or a film that is not there', async () => {
    const api = stubApi({
      'GET /api/films/99': () => apiError(404, 'not-found', 'Film not found'),
    });
    const { unmount } = renderRoute('/films/solaris');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/api/films'))).toHaveLength(0);
    unmount();

    renderRoute('/films/99-nothing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });
});
