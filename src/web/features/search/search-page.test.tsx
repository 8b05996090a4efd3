import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/accounts';
import {
  searchCategories,
  searchLimits,
  type FilmHit,
  type SearchResult,
} from '../../../shared/search';
import { apiError, type ApiCall, json, sessionOf, stubApi } from '../../test/fake-api';
import {
  buildChatHit,
  buildNewsHit,
  buildPostHit,
  buildReplyHit,
  buildSearchResult,
  buildUser,
  buildUserHit,
  marked,
} from '../../test/factories';
import { typeBeforeAppStarts } from '../../test/before-app';
import { renderRoute } from '../../test/render-route';
import { readRecentSearches } from './recent-searches';

const member = buildUser();
const moderator = buildUser({ id: 'm1', username: 'mo', role: 'moderator' });

function searchRoutes(
  answer: (call: ApiCall) => SearchResult | Response = () => buildSearchResult(),
  user: SessionUser | null = null,
) {
  return {
    ...sessionOf(user),
    'GET /api/search': (call: ApiCall) => {
      const body = answer(call);
      return body instanceof Response ? body : json(body);
    },
  };
}

function lastSearch(api: ReturnType<typeof stubApi>) {
  return api.callsTo('GET', '/api/search').at(-1)?.search;
}

describe('search page', () => {
  it('shows the form and the syntax hint, and asks nothing, until there is a query', async () => {
    const api = stubApi(searchRoutes());
    const { location } = renderRoute('/search');

    const box = await screen.findByRole('searchbox', { name: 'Search for' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    expect(screen.getByText(/exact phrase/)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(api.callsTo('GET', '/api/search')).toHaveLength(0);

    await userEvent.type(box, '  solaris {Enter}');
    await waitFor(() => expect(location()).toBe('/search?q=solaris'));
    await screen.findByRole('link', { name: 'Solaris, slow and right' });
    expect(lastSearch(api)?.get('q')).toBe('solaris');
    expect(lastSearch(api)?.get('category')).toBe('posts');
    expect(lastSearch(api)?.get('page')).toBe('1');
    expect(readRecentSearches()).toEqual(['solaris']);
  });

  it('keeps a query typed into the server-drawn box before the app started, and searches it', async () => {
    const api = stubApi(searchRoutes());
    typeBeforeAppStarts({ q: 'solaris' });
    const { location } = renderRoute('/search');

    const box = await screen.findByRole<HTMLInputElement>('searchbox', { name: 'Search for' });
    expect(box.value).toBe('solaris');
    // Enter before then asks the server for the results: the form has its own action.
    expect(box.form?.getAttribute('action')).toBe('/search');
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(location()).toBe('/search?q=solaris'));
    await waitFor(() => expect(lastSearch(api)?.get('q')).toBe('solaris'));
  });

  it('shows a tab per category with its count ("200+" past what search counts), and marks the matches', async () => {
    stubApi(
      searchRoutes(() =>
        buildSearchResult({
          counts: {
            posts: { count: searchLimits.candidates, capped: true },
            replies: { count: 123, capped: false },
            news: { count: 0, capped: false },
            users: { count: 1, capped: false },
          },
        }),
      ),
    );
    renderRoute('/search?q=solaris');

    const capped = `${searchLimits.candidates.toLocaleString()}\\+`;
    const posts = await screen.findByRole('tab', { name: new RegExp(`^Posts\\s*${capped}$`) });
    expect(posts.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /^Replies\s*123$/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^News\s*0$/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^People\s*1$/ })).toBeTruthy();
    // A visitor's answer has no chat count: no chat tab.
    expect(screen.queryByRole('tab', { name: /Chat/ })).toBeNull();

    const link = await screen.findByRole('link', { name: 'Solaris, slow and right' });
    expect(link.getAttribute('href')).toBe('/search/posts/1');
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Solaris']);
    const hit = screen.getByTestId('posts-hit');
    expect(within(hit).getByRole('img', { name: 'Rated 8 out of 10' })).toBeTruthy();
    expect(within(hit).getByText('Reviews')).toBeTruthy();
    expect(within(hit).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe('/u/ann');
    expect(hit.textContent).toContain('12 replies');
    expect(hit.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-01T10:00:00.000Z');
    expect(within(hit).getByText('Solaris', { selector: 'p mark' })).toBeTruthy();
  });

  it('draws markup in a title as text, never as HTML', async () => {
    stubApi(
      searchRoutes(() =>
        buildSearchResult({
          items: [buildPostHit({ title: marked('<img src=x onerror=alert(1)> [Solaris]') })],
        }),
      ),
    );
    renderRoute('/search?q=solaris');

    const link = await screen.findByRole('link', { name: '<img src=x onerror=alert(1)> Solaris' });
    expect(link.querySelector('img')).toBeNull();
  });

  it('switches tabs through the URL and asks for that category', async () => {
    const api = stubApi(
      searchRoutes((call) =>
        call.search.get('category') === 'users'
          ? buildSearchResult({ category: 'users', items: [buildUserHit({ blocked: true })] })
          : buildSearchResult(),
      ),
    );
    const { location } = renderRoute('/search?q=solaris&page=2');
    await screen.findByRole('link', { name: 'Solaris, slow and right' });

    await userEvent.click(screen.getByRole('tab', { name: /^People\s*1$/ }));
    await waitFor(() => expect(location()).toBe('/search?q=solaris&category=users'));
    const hit = await screen.findByTestId('users-hit');
    expect(within(hit).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      '/search/users/u1',
    );
    expect(hit.textContent).toContain('@ann');
    expect(hit.textContent).toContain('Joined');
    expect(within(hit).getByText('User')).toBeTruthy();
    expect(within(hit).getByText('Blocked')).toBeTruthy();
    expect(lastSearch(api)?.get('category')).toBe('users');
    expect(lastSearch(api)?.get('page')).toBe('1');
  });

  it('has a Films tab listing each film with its year, average and reviews, linked to its page', async () => {
    const solaris: FilmHit = {
      kind: 'films',
      id: 13,
      title: 'Solaris',
      originalTitle: 'Солярис',
      year: 1972,
      reviewCount: 3,
      average: 8.3,
      url: '/films/13-solaris',
    };
    const remake: FilmHit = {
      ...solaris,
      id: 14,
      title: 'Solaris',
      originalTitle: null,
      year: 2002,
      reviewCount: 0,
      average: null,
      url: '/films/14-solaris',
    };
    const counts = { posts: { count: 1, capped: false }, films: { count: 2, capped: false } };
    const api = stubApi(
      searchRoutes((call) =>
        call.search.get('category') === 'films'
          ? buildSearchResult({ category: 'films', counts, items: [solaris, remake] })
          : buildSearchResult({ counts }),
      ),
    );
    const { location } = renderRoute('/search?q=solaris');
    await screen.findByRole('link', { name: 'Solaris, slow and right' });
    // Films come right after posts.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Posts1', 'Films2']);

    await userEvent.click(screen.getByRole('tab', { name: /^Films\s*2$/ }));
    await waitFor(() => expect(location()).toBe('/search?q=solaris&category=films'));
    const list = await screen.findByRole('list', { name: 'Films results' });
    expect(lastSearch(api)?.get('category')).toBe('films');
    const [first, second] = within(list).getAllByTestId('films-hit');
    expect(within(first!).getByRole('link', { name: 'Solaris' }).getAttribute('href')).toBe(
      '/films/13-solaris',
    );
    expect(first!.textContent).toContain('1972');
    expect(first!.textContent).toContain('Солярис');
    expect(first!.textContent).toContain('Average 8.3 · 3 reviews');
    expect(within(second!).getByRole('link', { name: 'Solaris' }).getAttribute('href')).toBe(
      '/films/14-solaris',
    );
    expect(second!.textContent).toContain('2002');
    expect(second!.textContent).toContain('No reviews yet');
  });

  it('pages through results, up to the last page search ranks', async () => {
    const api = stubApi(
      searchRoutes((call) =>
        buildSearchResult({
          page: Number(call.search.get('page')),
          counts: { posts: { count: 45, capped: false } },
          items: [buildPostHit({ id: Number(call.search.get('page')) })],
        }),
      ),
    );
    const { location } = renderRoute('/search?q=solaris');
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).toBeNull();

    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/search?q=solaris&page=2'));
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Solaris, slow and right' }).getAttribute('href'),
      ).toBe('/search/posts/2'),
    );
    expect(lastSearch(api)?.get('page')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(location()).toBe('/search?q=solaris&page=3'));
  });

  it('caps the pages at what search ranks when the count is capped', async () => {
    stubApi(
      searchRoutes(() =>
        buildSearchResult({ counts: { posts: { count: searchLimits.candidates, capped: true } } }),
      ),
    );
    renderRoute('/search?q=solaris');
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });
    const last = searchLimits.candidates / searchLimits.pageSize;
    expect(within(pages).getByRole('button', { name: `Page ${last}` })).toBeTruthy();
    expect(within(pages).queryByRole('button', { name: `Page ${last + 1}` })).toBeNull();
  });

  it('applies the filters set in the server-drawn page before the app started', async () => {
    const api = stubApi(searchRoutes(undefined, member));
    typeBeforeAppStarts({ forumCategory: 'reviews', author: 'ann', minRating: '7' });
    const { location } = renderRoute('/search?q=solaris');

    await waitFor(() =>
      expect(location()).toBe('/search?q=solaris&forumCategory=reviews&author=ann&minRating=7'),
    );
    await waitFor(() => {
      const search = lastSearch(api);
      expect(search?.get('forumCategory')).toBe('reviews');
      expect(search?.get('author')).toBe('ann');
      expect(search?.get('minRating')).toBe('7');
    });
  });

  it('sends the filters with the request and keeps them in the URL', async () => {
    const api = stubApi(searchRoutes(undefined, member));
    const { location } = renderRoute('/search?q=solaris');
    await screen.findByRole('link', { name: 'Solaris, slow and right' });

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Forum category' }),
      'reviews',
    );
    await waitFor(() => expect(location()).toBe('/search?q=solaris&forumCategory=reviews'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Author' }), '@ann{Enter}');
    await waitFor(() => expect(lastSearch(api)?.get('author')).toBe('ann'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    await waitFor(() => expect(lastSearch(api)?.get('from')).toBe('2025-01-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-02-01' } });
    await waitFor(() => expect(lastSearch(api)?.get('to')).toBe('2025-02-01'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Minimum rating' }), '7');

    await waitFor(() => {
      const search = lastSearch(api);
      expect(search?.get('forumCategory')).toBe('reviews');
      expect(search?.get('author')).toBe('ann');
      expect(search?.get('from')).toBe('2025-01-01');
      expect(search?.get('to')).toBe('2025-02-01');
      expect(search?.get('minRating')).toBe('7');
    });
    expect(location()).toBe(
      '/search?q=solaris&forumCategory=reviews&author=ann&from=2025-01-01&to=2025-02-01&minRating=7',
    );
    // A member may not ask for hidden content: no such filter, nothing sent.
    expect(screen.queryByRole('combobox', { name: 'Hidden content' })).toBeNull();
    expect(lastSearch(api)?.has('hidden')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/search?q=solaris'));
  });

  it('keeps a filter the tab cannot apply in view, and says why the tab finds nothing', async () => {
    stubApi(
      searchRoutes(() =>
        buildSearchResult({
          category: 'users',
          counts: { users: { count: 0, capped: false } },
          items: [],
        }),
      ),
    );
    renderRoute('/search?q=ann&category=users&author=bob');

    expect(
      await screen.findByText(
        'People cannot be narrowed by the author filter, so nothing is found here while it is set.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Author' }).value).toBe('bob');
    expect(screen.queryByRole('combobox', { name: 'Minimum rating' })).toBeNull();
  });

  it('lets a moderator include or isolate hidden content, and marks it', async () => {
    const api = stubApi(
      searchRoutes(() => buildSearchResult({ items: [buildPostHit({ hidden: true })] }), moderator),
    );
    renderRoute('/search?q=solaris');
    await screen.findByRole('link', { name: 'Solaris, slow and right' });

    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Hidden content' }),
      'only',
    );
    await waitFor(() => expect(lastSearch(api)?.get('hidden')).toBe('only'));
    expect(within(screen.getByTestId('posts-hit')).getByText('Hidden')).toBeTruthy();
  });

  it('does not send a hidden filter from the URL for a reader who may not use it', async () => {
    const api = stubApi(searchRoutes(undefined, member));
    renderRoute('/search?q=solaris&hidden=only');
    await screen.findByRole('link', { name: 'Solaris, slow and right' });
    expect(lastSearch(api)?.has('hidden')).toBe(false);
  });

  it("shows the server's message when the search is refused", async () => {
    stubApi(
      searchRoutes(() => apiError(400, 'invalid-argument', 'Search for at most 200 characters')),
    );
    renderRoute(`/search?q=${'a'.repeat(201)}`);

    expect(await screen.findByText('Search for at most 200 characters')).toBeTruthy();
    expect(screen.getByText('Could not search')).toBeTruthy();
  });

  it('says plainly why a query found nothing', async () => {
    stubApi(
      searchRoutes((call) =>
        call.search.get('q') === 'the'
          ? buildSearchResult({ q: 'the', counts: {}, items: [], notice: 'only-common-words' })
          : buildSearchResult({
              q: 'solaris',
              category: 'chat',
              items: [],
              notice: 'sign-in-for-chat',
            }),
      ),
    );
    const first = renderRoute('/search?q=the');
    expect(await screen.findByText(/Your search only had very common words such as/)).toBeTruthy();
    expect(screen.queryByText(/No posts match/)).toBeNull();
    first.unmount();

    renderRoute('/search?q=solaris&category=chat');
    expect(await screen.findByText(/Sign in with a verified email to search chat/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
  });

  it('draws replies, news and chat messages by kind', async () => {
    stubApi(
      searchRoutes((call) => {
        const category = call.search.get('category');
        if (category === 'replies') {
          return buildSearchResult({ category: 'replies', items: [buildReplyHit()] });
        }
        if (category === 'news') {
          return buildSearchResult({
            category: 'news',
            items: [buildNewsHit({ id: 5, published: false, publishedAt: null })],
          });
        }
        return buildSearchResult({ category: 'chat', items: [buildChatHit()] });
      }, member),
    );

    const replies = renderRoute('/search?q=solaris&category=replies');
    const reply = await screen.findByRole('link', { name: 'Reply in Solaris, slow and right' });
    expect(reply.getAttribute('href')).toBe('/search/replies/41');
    replies.unmount();

    const articles = renderRoute('/search?q=solaris&category=news');
    const news = await screen.findByTestId('news-hit');
    expect(within(news).getByRole('link', { name: 'Solaris returns to cinemas' })).toBeTruthy();
    expect(within(news).getByText('Draft')).toBeTruthy();
    articles.unmount();

    renderRoute('/search?q=solaris&category=chat');
    const chat = await screen.findByRole('link', { name: 'Message in General' });
    expect(chat.getAttribute('href')).toBe('/search/chat/90');
  });

  it('opens on the first tab with results when the posts tab has none, unless the link names a tab', async () => {
    const counts = {
      posts: { count: 0, capped: false },
      replies: { count: 0, capped: false },
      news: { count: 2, capped: false },
      users: { count: 1, capped: false },
    };
    const api = stubApi(
      searchRoutes((call) => {
        const category = searchCategories.find((entry) => entry === call.search.get('category'));
        return category === 'news'
          ? buildSearchResult({ category, counts, items: [buildNewsHit({ id: 5 })] })
          : buildSearchResult({ category, counts, items: [] });
      }),
    );
    const found = renderRoute('/search?q=festival');

    const news = await screen.findByTestId('news-hit');
    expect(within(news).getByRole('link', { name: 'Solaris returns to cinemas' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^News\s*2$/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(found.location()).toBe('/search?q=festival&category=news');
    expect(screen.queryByText(/No posts match/)).toBeNull();
    expect(lastSearch(api)?.get('category')).toBe('news');

    // The reader goes back to the empty tab on purpose: it stays open.
    await userEvent.click(screen.getByRole('tab', { name: /^Posts\s*0$/ }));
    await waitFor(() => expect(found.location()).toBe('/search?q=festival&category=posts'));
    expect(await screen.findByText(/No posts match “solaris”/)).toBeTruthy();
    found.unmount();

    // So does a link that names it.
    const named = renderRoute('/search?q=festival&category=replies');
    expect(await screen.findByText(/No replies match “solaris”/)).toBeTruthy();
    expect(named.location()).toBe('/search?q=festival&category=replies');
  });

  it('says when nothing matched', async () => {
    stubApi(searchRoutes(() => buildSearchResult({ counts: {}, items: [] })));
    renderRoute('/search?q=solaris');
    expect(await screen.findByText(/No posts match “solaris”/)).toBeTruthy();
  });
});
