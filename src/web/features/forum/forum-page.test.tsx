import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildAuthor, buildModeratorAuthor, buildThread, buildUser } from '../../test/factories';
import { typeBeforeAppStarts } from '../../test/before-app';
import { renderRoute } from '../../test/render-route';

const viewer = buildUser();
const ann = buildAuthor();
const bob = buildModeratorAuthor();

const review = buildThread({
  id: 1,
  title: 'Solaris, slow and right',
  category: { id: 1, slug: 'reviews', name: 'Reviews' },
  filmTitle: 'Solaris',
  rating: 8,
  tags: ['tarkovsky'],
  replyCount: 12,
  reactionCount: 3,
  pinned: true,
});
const chat = buildThread({ id: 2, title: 'Favourite heist films?', author: bob, locked: true });

function listRoutes(answer: (call: ApiCall) => Response) {
  return { ...sessionOf(viewer), 'GET /api/forum/posts': answer };
}

describe('forum page', () => {
  it('lists threads with links, authors, ratings, counts and markers', async () => {
    stubApi(listRoutes(() => json({ items: [review, chat], nextCursor: null })));
    renderRoute('/forum');

    const link = await screen.findByRole('link', { name: 'Solaris, slow and right' });
    expect(link.getAttribute('href')).toBe('/forum/post/1');
    const [first, second] = screen.getAllByTestId('post-row');
    const row = within(first!);
    expect(row.getByRole('img', { name: 'Rated 8 out of 10' })).toBeTruthy();
    expect(row.getByRole('img', { name: 'Pinned' })).toBeTruthy();
    expect(row.getByRole('link', { name: ann.name }).getAttribute('href')).toBe('/u/ann');
    expect(row.getByText('Reviews')).toBeTruthy();
    expect(first!.textContent).toContain('12 replies');
    expect(first!.textContent).toContain('3 likes');
    const time = first!.querySelector('time');
    expect(time?.textContent).toBe('1 hour ago');
    expect(time?.getAttribute('title')).toMatch(/\d{4}/);
    expect(within(second!).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(within(second!).queryByRole('img', { name: /Rated/ })).toBeNull();
  });

  it('filters by category and sort through the URL, hiding archived categories', async () => {
    const api = stubApi(listRoutes(() => json({ items: [review], nextCursor: null })));
    const { location } = renderRoute('/forum');
    await screen.findByRole('link', { name: 'Solaris, slow and right' });

    expect(screen.queryByRole('radio', { name: 'Old stuff' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Reviews' }));
    await waitFor(() => expect(location()).toBe('/forum?category=reviews'));
    // The next choice builds on the URL the list has rendered.
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Reviews' }).checked).toBe(true),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Top' }));
    await waitFor(() => expect(location()).toBe('/forum?category=reviews&sort=top'));

    await waitFor(() => {
      const last = api.callsTo('GET', '/api/forum/posts').at(-1);
      expect(last?.search.get('category')).toBe('reviews');
      expect(last?.search.get('sort')).toBe('top');
    });
    expect(api.callsTo('GET', '/api/forum/posts')[0]?.search.get('sort')).toBe('latest');
  });

  it('applies a category and sort chosen in the server-drawn filters before the app started', async () => {
    const api = stubApi(listRoutes(() => json({ items: [review], nextCursor: null })));
    typeBeforeAppStarts({ category: 'reviews', sort: 'top' });
    const { location } = renderRoute('/forum');

    await waitFor(() => expect(location()).toBe('/forum?category=reviews&sort=top'));
    await waitFor(() => {
      const last = api.callsTo('GET', '/api/forum/posts').at(-1);
      expect(last?.search.get('category')).toBe('reviews');
      expect(last?.search.get('sort')).toBe('top');
    });
  });

  it('filters by a tag clicked on a row and removes the filter again', async () => {
    const api = stubApi(listRoutes(() => json({ items: [review], nextCursor: null })));
    const { location } = renderRoute('/forum');

    await userEvent.click(
      await screen.findByRole('link', { name: 'Show threads tagged tarkovsky' }),
    );
    await waitFor(() => expect(location()).toBe('/forum?tag=tarkovsky'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/forum/posts').at(-1)?.search.get('tag')).toBe('tarkovsky'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove tag filter tarkovsky' }));
    await waitFor(() => expect(location()).toBe('/forum'));
  });

  it('loads the next page with the cursor and keeps the first', async () => {
    const api = stubApi(
      listRoutes((call) =>
        call.search.get('cursor') === 'c2'
          ? json({ items: [chat], nextCursor: null })
          : json({ items: [review], nextCursor: 'c2' }),
      ),
    );
    renderRoute('/forum');

    await userEvent.click(await screen.findByRole('button', { name: 'Load more threads' }));

    await screen.findByRole('link', { name: 'Favourite heist films?' });
    expect(screen.getByRole('link', { name: 'Solaris, slow and right' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/forum/posts').map((c) => c.search.get('cursor'))).toEqual([
      null,
      'c2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more threads' })).toBeNull();
  });

  it('shows an empty state and the way to start a thread', async () => {
    stubApi(listRoutes(() => json({ items: [], nextCursor: null })));
    renderRoute('/forum?category=reviews');

    expect(await screen.findByText('No threads here yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/add-new');
  });
});
