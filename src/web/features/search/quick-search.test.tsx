import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FilmHit, QuickSearchResult } from '../../../shared/search';
import { answerLater, type ApiCall, json, stubApi } from '../../test/fake-api';
import { buildPostHit, buildUserHit } from '../../test/factories';
import { renderRoute } from '../../test/render-route';
import { readRecentSearches, rememberSearch } from './recent-searches';

function quickAnswer(call: ApiCall): QuickSearchResult {
  return {
    q: call.search.get('q') ?? '',
    groups: [
      { category: 'posts', items: [buildPostHit()] },
      { category: 'replies', items: [] },
      { category: 'users', items: [buildUserHit()] },
    ],
    notice: null,
  };
}

function quickRoutes() {
  return {
    'GET /api/search/quick': (call: ApiCall) => json(quickAnswer(call)),
    // Opening a result waits: the test looks at where the quick search went.
    'GET /api/search/open/posts/1': answerLater().handler,
  };
}

async function openQuickSearch() {
  const view = renderRoute('/about');
  await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
  const box = await screen.findByRole('textbox', { name: 'Search the site' });
  return { ...view, box };
}

describe('quick search', () => {
  it('opens from the header with Ctrl+K, loading its code on first use', async () => {
    stubApi(quickRoutes());
    renderRoute('/about');
    const button = await screen.findByRole('button', { name: 'Search' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+K');
    expect(screen.queryByRole('textbox', { name: 'Search the site' })).toBeNull();

    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Quick search' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Search the site' })).toBeTruthy();
  });

  it('opens on the shortcut from a text field too', async () => {
    stubApi({ ...quickRoutes(), 'GET /api/search': answerLater().handler });
    renderRoute('/search');
    await userEvent.click(await screen.findByRole('searchbox', { name: 'Search for' }));

    await userEvent.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: 'Quick search' })).toBeTruthy();
  });

  it('shows results grouped by category once typing pauses, asking once for the whole text', async () => {
    const api = stubApi(quickRoutes());
    const { box } = await openQuickSearch();

    await userEvent.type(box, 'solaris');
    const posts = await screen.findByRole('group', { name: 'Posts' });
    expect(within(posts).getByRole('button', { name: /slow and right/ })).toBeTruthy();
    expect(posts.querySelector('mark')?.textContent).toBe('Solaris');
    const people = screen.getByRole('group', { name: 'People' });
    expect(within(people).getByRole('button', { name: /Ann Lee/ })).toBeTruthy();
    // Categories without hits get no heading.
    expect(screen.queryByRole('group', { name: 'Replies' })).toBeNull();
    expect(api.callsTo('GET', '/api/search/quick').map((call) => call.search.get('q'))).toEqual([
      'solaris',
    ]);
  });

  it('cancels the request for text the reader has since changed', async () => {
    const first = answerLater();
    stubApi({
      ...quickRoutes(),
      'GET /api/search/quick': (call) =>
        call.search.get('q') === 'sol' ? first.handler() : json(quickAnswer(call)),
    });
    // The request's own options, as the page handed them to fetch.
    const requestFor = (q: string) =>
      vi
        .mocked(fetch)
        .mock.calls.find(([input]) => typeof input === 'string' && input.endsWith(`?q=${q}`))?.[1];
    const { box } = await openQuickSearch();

    await userEvent.type(box, 'sol');
    await waitFor(() => expect(requestFor('sol')).toBeDefined());
    const init = requestFor('sol');
    expect(init?.signal?.aborted).toBe(false);

    await userEvent.type(box, 'aris');
    await screen.findByRole('group', { name: 'Posts' });
    expect(init?.signal?.aborted).toBe(true);
  });

  it('searches the whole site for the text on Enter, and remembers it', async () => {
    stubApi({ ...quickRoutes(), 'GET /api/search': answerLater().handler });
    const { box, location } = await openQuickSearch();

    await userEvent.type(box, 'solaris');
    await screen.findByRole('group', { name: 'Posts' });
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(location()).toBe('/search?q=solaris'));
    expect(screen.queryByRole('dialog', { name: 'Quick search' })).toBeNull();
    expect(readRecentSearches()).toEqual(['solaris']);
  });

  it('opens the hit chosen with the arrow keys', async () => {
    stubApi(quickRoutes());
    const { box, location } = await openQuickSearch();

    await userEvent.type(box, 'solaris');
    await screen.findByRole('group', { name: 'Posts' });
    await userEvent.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(location()).toBe('/search/posts/1'));
  });

  it("lists films with their year and average, and opens a film's page directly", async () => {
    const film: FilmHit = {
      kind: 'films',
      id: 13,
      title: 'Solaris',
      originalTitle: null,
      year: 1972,
      reviewCount: 3,
      average: 8.3,
      url: '/films/13-solaris',
    };
    const api = stubApi({
      ...quickRoutes(),
      'GET /api/search/quick': (call: ApiCall) =>
        json({ ...quickAnswer(call), groups: [{ category: 'films', items: [film] }] }),
      // A film's page asks for the film: it waits, the test looks at the address.
      'GET /api/films/13': answerLater().handler,
    });
    const { box, location } = await openQuickSearch();

    await userEvent.type(box, 'solaris');
    const films = await screen.findByRole('group', { name: 'Films' });
    const action = within(films).getByRole('button', { name: /Solaris \(1972\)/ });
    expect(action.textContent).toContain('Average 8.3 · 3 reviews');
    await userEvent.click(action);

    await waitFor(() => expect(location()).toBe('/films/13-solaris'));
    expect(api.callsTo('GET', '/api/search/open/films/13')).toHaveLength(0);
  });

  it('offers the recent searches while the box is empty, and clears them', async () => {
    stubApi({ ...quickRoutes(), 'GET /api/search': answerLater().handler });
    rememberSearch('stalker');
    rememberSearch('Solaris');
    rememberSearch('solaris');
    const { location } = await openQuickSearch();

    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    const entries = within(recent)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(entries).toEqual(['solaris', 'stalker', 'Clear']);

    await userEvent.click(within(recent).getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Recent searches' })).toBeNull(),
    );
    expect(readRecentSearches()).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Quick search' })).toBeTruthy();

    rememberSearch('stalker');
    await userEvent.click(await screen.findByRole('button', { name: 'stalker' }));
    await waitFor(() => expect(location()).toBe('/search?q=stalker'));
  });
});
