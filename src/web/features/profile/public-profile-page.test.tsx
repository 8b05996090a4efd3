import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PostSummary } from '../../../shared/forum';
import type { ProfileReview, ProfileReviews } from '../../../shared/profiles';
import { formatDate } from '../../components/format-time';
import { apiError, type ApiRoutes, json, stubApi } from '../../test/fake-api';
import { buildAuthorReply, buildProfile, buildThread } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

/** Thread `id` by Ann, started on 1 May 2024. */
function thread(id: number, overrides: Partial<PostSummary> = {}): PostSummary {
  const createdAt = '2024-05-01T10:00:00.000Z';
  return buildThread({ id, title: `Thread number ${id}`, createdAt, ...overrides });
}

/** Ann's reply `id` in thread `postId`. */
function reply(id: number, postId: number, bodyHtml: string) {
  return buildAuthorReply(id, { post: { id: postId, title: `Thread number ${postId}` }, bodyHtml });
}

function profileRoutes(profile = buildProfile()): ApiRoutes {
  return { [`GET /api/profiles/${profile.username}`]: () => json({ profile }) };
}

/** Ann's review `id` of Stalker (film 13), written on `createdAt`. */
function review(id: number, createdAt: string, rating: number): ProfileReview {
  return {
    id,
    title: `Into the Zone, part ${id}`,
    rating,
    createdAt,
    film: { id: 13, title: 'Stalker', year: 1979, url: '/films/13-stalker' },
  };
}

describe('public profile page', () => {
  it('shows who the member is, with their counts', async () => {
    const api = stubApi({
      ...profileRoutes(),
      'GET /api/forum/posts': () => json({ items: [], nextCursor: null }),
    });
    renderRoute('/u/ann');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ann Lee');
    expect(screen.getByText('@ann')).toBeTruthy();
    expect(screen.getByText(formatDate(buildProfile().joinedAt)).closest('p')?.textContent).toBe(
      `Joined ${formatDate(buildProfile().joinedAt)}`,
    );
    expect(screen.getByText('Leeds')).toBeTruthy();
    expect(screen.getByText('Watches too many westerns.')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Favourite films' })).getByText('Rio Bravo'),
    ).toBeTruthy();
    expect(screen.getByText('3 posts')).toBeTruthy();
    expect(screen.getByText('12 replies')).toBeTruthy();
    // A plain user has no role badge, and the account is not blocked.
    expect(screen.queryByText('User')).toBeNull();
    expect(screen.queryByText('This account is blocked.')).toBeNull();
    expect(screen.queryByText('Supporter')).toBeNull();
    expect(api.callsTo('GET', '/api/profiles/ann')).toHaveLength(1);
  });

  it('marks a member who has given to the community as a supporter', async () => {
    stubApi({
      ...profileRoutes({ ...buildProfile(), supporter: true }),
      'GET /api/forum/posts': () => json({ items: [], nextCursor: null }),
    });
    renderRoute('/u/ann');

    expect(await screen.findByText('Supporter')).toBeTruthy();
  });

  it('says when the account is blocked and shows a staff role badge', async () => {
    stubApi({
      ...profileRoutes({ ...buildProfile(), blocked: true, role: 'experienced_moderator' }),
      'GET /api/forum/posts': () => json({ items: [], nextCursor: null }),
    });
    renderRoute('/u/ann');

    expect(await screen.findByText('This account is blocked.')).toBeTruthy();
    expect(screen.getByText('Experienced moderator')).toBeTruthy();
  });

  it('lists their threads and loads the next page with the cursor', async () => {
    const api = stubApi({
      ...profileRoutes(),
      'GET /api/forum/posts': (call) =>
        call.search.get('cursor') === 'page-2'
          ? json({ items: [thread(1)], nextCursor: null })
          : json({
              items: [
                thread(3, {
                  title: 'Rio Bravo holds up',
                  category: { id: 1, slug: 'reviews', name: 'Reviews' },
                  filmTitle: 'Rio Bravo',
                  rating: 8,
                  replyCount: 4,
                }),
                thread(2, { replyCount: 1 }),
              ],
              nextCursor: 'page-2',
            }),
    });
    renderRoute('/u/ann');

    const review = await screen.findByRole('link', { name: 'Rio Bravo holds up' });
    expect(review.getAttribute('href')).toBe('/forum/post/3');
    const row = review.closest('li') as HTMLElement;
    expect(within(row).getByText('Reviews')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Rated 8 out of 10' })).toBeTruthy();
    expect(within(row).getByText('4 replies')).toBeTruthy();
    expect(within(row).getByText(formatDate('2024-05-01T10:00:00.000Z'))).toBeTruthy();
    expect(screen.getByText('1 reply')).toBeTruthy();
    const first = api.callsTo('GET', '/api/forum/posts')[0];
    expect(first?.search.get('author')).toBe('ann');
    expect(first?.search.has('cursor')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Load more posts' }));

    expect(await screen.findByRole('link', { name: 'Thread number 1' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Thread number|Rio Bravo/ })).toHaveLength(3);
    expect(api.callsTo('GET', '/api/forum/posts')[1]?.search.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it('shows their replies with the server-rendered HTML and loads more', async () => {
    const api = stubApi({
      ...profileRoutes(),
      'GET /api/forum/posts': () => json({ items: [], nextCursor: null }),
      'GET /api/forum/comments': (call) =>
        call.search.get('cursor') === 'next'
          ? json({ items: [reply(7, 5, '<p>An older reply</p>')], nextCursor: null })
          : json({ items: [reply(9, 4, '<p>So <strong>good</strong></p>')], nextCursor: 'next' }),
    });
    renderRoute('/u/ann');

    await userEvent.click(await screen.findByRole('tab', { name: 'Replies' }));

    const link = await screen.findByRole('link', { name: 'Thread number 4' });
    expect(link.getAttribute('href')).toBe('/forum/post/4');
    const row = link.closest('li') as HTMLElement;
    expect(row.querySelector('strong')?.textContent).toBe('good');
    expect(within(row).getByText(formatDate('2024-06-01T10:00:00.000Z'))).toBeTruthy();
    expect(api.callsTo('GET', '/api/forum/comments')[0]?.search.get('author')).toBe('ann');

    await userEvent.click(screen.getByRole('button', { name: 'Load more replies' }));

    expect(await screen.findByText('An older reply')).toBeTruthy();
    expect(api.callsTo('GET', '/api/forum/comments')[1]?.search.get('cursor')).toBe('next');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more replies' })).toBeNull(),
    );
  });

  it('shows their reviews as a diary by month, with how they rate, and loads more', async () => {
    const spread = [0, 0, 0, 0, 0, 1, 0, 3, 0, 1];
    const pages: Record<string, ProfileReviews> = {
      '1': {
        items: [
          review(31, '2026-11-20T12:00:00.000Z', 8),
          review(30, '2026-11-02T12:00:00.000Z', 10),
          review(29, '2026-10-15T12:00:00.000Z', 8),
        ],
        page: 1,
        pageCount: 2,
        spread,
      },
      '2': { items: [review(20, '2026-10-01T12:00:00.000Z', 6)], page: 2, pageCount: 2, spread },
    };
    const api = stubApi({
      ...profileRoutes(),
      'GET /api/profiles/ann/reviews': (call) => json(pages[call.search.get('page') ?? '1']),
    });
    const { location } = renderRoute('/u/ann');

    await userEvent.click(await screen.findByRole('tab', { name: 'Reviews' }));
    await waitFor(() => expect(location()).toBe('/u/ann?tab=reviews'));

    const november = await screen.findByRole('region', { name: 'November 2026' });
    expect(within(november).getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    const [newest, older] = within(november).getAllByRole('listitem');
    expect(newest!.textContent).toContain('20 Nov');
    expect(within(newest!).getByRole('link', { name: 'Stalker (1979)' }).getAttribute('href')).toBe(
      '/films/13-stalker',
    );
    expect(
      within(newest!).getByRole('link', { name: 'Into the Zone, part 31' }).getAttribute('href'),
    ).toBe('/forum/post/31');
    expect(within(newest!).getByText('8/10')).toBeTruthy();
    expect(within(older!).getByText('10/10')).toBeTruthy();
    const october = screen.getByRole('region', { name: 'October 2026' });
    expect(within(october).getAllByRole('listitem')).toHaveLength(1);

    // The spread: a bar per rating, read out as a sentence.
    const bars = screen.getByRole('list', { name: 'How Ann Lee rates' });
    expect(within(bars).getAllByRole('listitem')).toHaveLength(10);
    expect(within(bars).getByText('8 out of 10: 3 reviews')).toBeTruthy();
    expect(within(bars).getByText('10 out of 10: 1 review')).toBeTruthy();
    expect(within(bars).getByText('1 out of 10: 0 reviews')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    // The next page's review joins October, under the one heading.
    await waitFor(() => expect(within(october).getAllByRole('listitem')).toHaveLength(2));
    expect(
      api.callsTo('GET', '/api/profiles/ann/reviews').map((call) => call.search.get('page')),
    ).toEqual(['1', '2']);
    expect(screen.getAllByRole('heading', { name: 'October 2026' })).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull(),
    );
  });

  it('says so when the member has no reviews, without a spread', async () => {
    stubApi({
      ...profileRoutes(),
      'GET /api/profiles/ann/reviews': () =>
        json({ items: [], page: 1, pageCount: 1, spread: Array(10).fill(0) }),
    });
    renderRoute('/u/ann?tab=reviews');

    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'How Ann Lee rates' })).toBeNull();
  });

  it('shows the not-found page for an unknown username', async () => {
    const api = stubApi({
      'GET /api/profiles/nobody': () => apiError(404, 'not-found', 'No such user'),
    });
    renderRoute('/u/nobody');

    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText('The page /u/nobody could not be found.')).toBeTruthy();
    // A 404 is an answer, not a blip: no retry, and no list is asked for.
    expect(api.callsTo('GET', '/api/profiles/nobody')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/forum/posts')).toHaveLength(0);
  });

  it.each([
    ['a control character', '%00', 'invalid-argument'],
    ['300 characters', 'a'.repeat(300), 'out-of-range'],
  ] as const)(
    'shows the not-found page for a name with %s, which nobody can hold',
    async (_, name, code) => {
      stubApi({
        [`GET /api/profiles/${name}`]: () => apiError(400, code, 'Not a username'),
      });
      renderRoute(`/u/${name}`);

      expect(await screen.findByTestId('error-page')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
      await waitFor(() => expect(document.title).toBe('Page Not Found · Viewpoint'));
    },
  );
});
