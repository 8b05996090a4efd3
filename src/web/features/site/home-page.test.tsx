import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildArticleSummary, buildAuthor, buildThread, buildUser } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

const review = buildThread({
  id: 7,
  title: 'Stalker rewards patience',
  category: { id: 1, slug: 'reviews', name: 'Reviews' },
  filmTitle: 'Stalker',
  rating: 9,
  author: buildAuthor({ name: 'Ann Critic', username: 'ann' }),
});
const thread = buildThread({ id: 3, title: 'Is Solaris too slow?', replyCount: 2 });

function communityRoutes() {
  return {
    'GET /api/forum/posts': (call: { search: URLSearchParams }) =>
      call.search.get('category') === 'reviews'
        ? json({ items: [review], nextCursor: null })
        : json({ items: [thread, review], nextCursor: null }),
    'GET /api/news': () =>
      json({
        items: [
          buildArticleSummary({ id: 4, title: 'Festival line-up announced', featured: true }),
        ],
        nextCursor: 'more',
      }),
  };
}

describe('home page', () => {
  it('shows the latest threads, the newest reviews with ratings and the featured article', async () => {
    const api = stubApi(communityRoutes());
    renderRoute('/');

    const threads = await screen.findByRole('list', { name: 'Latest threads' });
    const threadLink = within(threads).getByRole('link', { name: 'Is Solaris too slow?' });
    expect(threadLink.getAttribute('href')).toBe('/forum/post/3');
    expect(within(threads).getByText(/2 replies/)).toBeTruthy();

    const reviews = await screen.findByRole('list', { name: 'Newest reviews' });
    const [first] = within(reviews).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Stalker rewards patience' })).toBeTruthy();
    expect(within(first!).getByText('Stalker')).toBeTruthy();
    expect(within(first!).getByRole('img', { name: 'Rated 9 out of 10' })).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'Ann Critic' }).getAttribute('href')).toBe(
      '/u/ann',
    );
    const reviewCall = api
      .callsTo('GET', '/api/forum/posts')
      .find((call) => call.search.get('category') === 'reviews');
    expect(reviewCall?.search.get('sort')).toBe('newest');
    expect(reviewCall?.search.get('limit')).toBe('5');

    const news = await screen.findByRole('list', { name: 'Featured news' });
    expect(
      within(news).getByRole('link', { name: 'Festival line-up announced' }).getAttribute('href'),
    ).toBe('/news/4');
    expect(within(news).getByText('Featured')).toBeTruthy();
    expect(api.callsTo('GET', '/api/news')[0]?.search.get('limit')).toBe('1');

    expect(screen.getByRole('link', { name: 'All threads' }).getAttribute('href')).toBe('/forum');
    expect(screen.getByRole('link', { name: 'All reviews' }).getAttribute('href')).toBe(
      '/forum?category=reviews&sort=newest',
    );
    expect(screen.getByRole('link', { name: 'All news' }).getAttribute('href')).toBe('/news');
  });

  it('asks visitors to join, with sign-up and sign-in links', async () => {
    stubApi(communityRoutes());
    renderRoute('/');

    const join = await screen.findByRole('region', { name: 'Join the conversation' });
    expect(within(join).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/sign-up',
    );
    expect(within(join).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login',
    );
  });

  it('invites members to write instead of asking them to join', async () => {
    stubApi({ ...communityRoutes(), ...sessionOf(buildUser()) });
    renderRoute('/');

    const write = await screen.findByRole('link', { name: 'Write a review' });
    expect(write.getAttribute('href')).toBe('/add-new');
    await screen.findByRole('list', { name: 'Latest threads' });
    expect(screen.queryByRole('region', { name: 'Join the conversation' })).toBeNull();
  });

  it('says when there is nothing yet, and when a list could not be loaded', async () => {
    stubApi({
      'GET /api/forum/posts': (call) =>
        call.search.get('category') === 'reviews'
          ? json({ items: [], nextCursor: null })
          : apiError(503, 'unavailable', 'The database is busy'),
      'GET /api/news': () => json({ items: [], nextCursor: null }),
    });
    renderRoute('/');

    expect(await screen.findByText('No reviews yet: be the first to rate a film.')).toBeTruthy();
    expect(await screen.findByText('No news yet.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Could not load the latest threads')).toBeTruthy());
  });
});
