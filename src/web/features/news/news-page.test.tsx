import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fake-api';
import { buildArticleSummary, newsCover } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

describe('news list', () => {
  it('shows articles with cover, featured mark, summary and date, and loads more', async () => {
    const api = stubApi({
      'GET /api/auth/session': () => json({ user: null }),
      'GET /api/news': (call) =>
        call.search.get('cursor') === 'n2'
          ? json({
              items: [buildArticleSummary({ id: 3, title: 'Older news item' })],
              nextCursor: null,
            })
          : json({
              items: [
                buildArticleSummary({
                  id: 1,
                  title: 'Festival line-up announced',
                  featured: true,
                  cover: newsCover,
                }),
                buildArticleSummary({ id: 2, title: 'New reviewers join', commentCount: 1 }),
              ],
              nextCursor: 'n2',
            }),
    });
    renderRoute('/news');

    const list = await screen.findByRole('list', { name: 'Articles' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Featured')).toBeTruthy();
    expect(within(first).getByRole('img', { name: newsCover.alt }).getAttribute('src')).toBe(
      newsCover.thumbnailUrl,
    );
    expect(
      within(first).getByRole('link', { name: 'Festival line-up announced' }).getAttribute('href'),
    ).toBe('/news/1');
    expect(within(first).getByText('Summary of Festival line-up announced')).toBeTruthy();
    expect(within(first).getByText('0 replies')).toBeTruthy();
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-01T10:00:00.000Z');

    await userEvent.click(screen.getByRole('button', { name: 'Load more articles' }));
    expect(await screen.findByRole('link', { name: 'Older news item' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/news').at(-1)?.search.get('cursor')).toBe('n2');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more articles' })).toBeNull(),
    );
  });

  it('counts the replies of each article in the forum’s word, never "comments"', async () => {
    stubApi({
      'GET /api/news': () =>
        json({
          items: [
            buildArticleSummary({ id: 1, title: 'One reply here', commentCount: 1 }),
            buildArticleSummary({ id: 2, title: 'Many replies here', commentCount: 1234 }),
          ],
          nextCursor: null,
        }),
    });
    renderRoute('/news');

    const list = await screen.findByRole('list', { name: 'Articles' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('1 reply')).toBeTruthy();
    expect(within(second!).getByText(`${(1234).toLocaleString()} replies`)).toBeTruthy();
    expect(within(list).queryByText(/comment/i)).toBeNull();
  });

  it("shows a member's new articles and the replies since they read them", async () => {
    stubApi({
      'GET /api/news': () =>
        json({
          items: [
            buildArticleSummary({ id: 1, title: 'Unopened', unread: { seen: false, replies: 0 } }),
            buildArticleSummary({
              id: 2,
              title: 'Read before',
              commentCount: 5,
              unread: { seen: true, replies: 2 },
            }),
            buildArticleSummary({ id: 3, title: 'Caught up', unread: { seen: true, replies: 0 } }),
          ],
          nextCursor: null,
        }),
    });
    renderRoute('/news');

    const list = await screen.findByRole('list', { name: 'Articles' });
    const [unopened, read, caughtUp] = within(list).getAllByRole('listitem');
    expect(within(unopened!).getByText('New')).toBeTruthy();
    expect(within(read!).getByText('2 new')).toBeTruthy();
    expect(within(caughtUp!).queryByText(/new/i)).toBeNull();
  });

  it('says when there is no news', async () => {
    stubApi({
      'GET /api/auth/session': () => json({ user: null }),
      'GET /api/news': () => json({ items: [], nextCursor: null }),
    });
    renderRoute('/news');
    expect(await screen.findByText('No news yet.')).toBeTruthy();
  });
});
