import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../shared/forum';
import { json, sessionOf, stubApi, threadRoutes, type ApiCall } from '../../test/fake-api';
import {
  buildReading,
  buildReply,
  buildThread,
  buildThreadDetail,
  buildUser,
} from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const member = buildUser();

/**
 * jsdom has no IntersectionObserver: this one records what the page observes, and the test
 * says when a reply comes on screen.
 */
class ScreenWatcher {
  static all: ScreenWatcher[] = [];
  readonly observed = new Set<Element>();
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScreenWatcher.all.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
  /** Tells the page `element` came on screen, if it watches it. */
  show(element: Element) {
    if (!this.observed.has(element)) return;
    const entry = { target: element, isIntersecting: true };
    this.callback([entry as unknown as IntersectionObserverEntry], this);
  }
}

/** The reader scrolls reply `id` into view. */
function scrollTo(id: number) {
  const element = document.getElementById(`reply-${id}`);
  if (!element) throw new Error(`reply ${id} is not on the page`);
  act(() => ScreenWatcher.all.forEach((watcher) => watcher.show(element)));
}

beforeEach(() => {
  ScreenWatcher.all = [];
  vi.stubGlobal('IntersectionObserver', ScreenWatcher);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => buildReply(from + index));

/** Replies served 50 a page, as the server pages them (cursor: the page's number). */
function pagedReplies(replies: Comment[]) {
  return (call: ApiCall) => {
    const page = Number(call.search.get('cursor') ?? '1');
    const more = page * 50 < replies.length;
    return json({
      items: replies.slice((page - 1) * 50, page * 50),
      nextCursor: more ? String(page + 1) : null,
      total: replies.length,
    });
  };
}

const savedPositions = (api: ReturnType<typeof stubApi>) =>
  api
    .callsTo('PUT', '/api/forum/posts/1/reading')
    .map((call) => (call.body as { lastReadReplyId: number }).lastReadReplyId);

/**
 * A member who read thread 1 up to reply 10 of 13 opens it from the list, which says
 * "3 new replies" until a save tells the server otherwise.
 */
async function readFromTheList() {
  let unread = { seen: true, replies: 3 };
  const api = stubApi({
    ...sessionOf(member),
    ...threadRoutes(
      buildThreadDetail({ replyCount: 13 }),
      numbered(1, 13),
      buildReading({ lastReadReplyId: 10, firstUnreadReplyId: 11, unreadReplies: 3 }),
    ),
    'GET /api/forum/posts': () =>
      json({ items: [buildThread({ title: 'Is Solaris too slow?', unread })], nextCursor: null }),
    'PUT /api/forum/posts/1/reading': (call) => {
      unread = { seen: true, replies: 0 };
      const { lastReadReplyId } = call.body as { lastReadReplyId: number };
      return json({ reading: buildReading({ lastReadReplyId }) });
    },
  });
  const { router } = renderRoute('/forum');
  const threadRow = () =>
    screen.getByRole('link', { name: 'Is Solaris too slow?' }).closest('li')!.textContent;
  await screen.findByRole('link', { name: 'Is Solaris too slow?' });
  expect(threadRow()).toContain('3 new replies');
  await userEvent.click(screen.getByRole('link', { name: 'Is Solaris too slow?' }));
  await waitFor(() => expect(document.activeElement?.id).toBe('reply-11'));
  return { api, router, threadRow };
}

describe('a thread the member has read before', () => {
  it('opens at the first unread reply, loading the pages before it, under "New replies"', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const api = stubApi({
      ...sessionOf(member),
      ...threadRoutes(
        buildThreadDetail({ replyCount: 120 }),
        [],
        buildReading({ lastReadReplyId: 104, firstUnreadReplyId: 105, unreadReplies: 16 }),
      ),
      'GET /api/forum/posts/1/comments': pagedReplies(numbered(1, 120)),
    });
    renderRoute('/forum/post/1', { strict: true });

    await waitFor(() => expect(document.activeElement?.id).toBe('reply-105'), { timeout: 15_000 });
    const row = document.getElementById('reply-105')!;
    expect(scrolled.mock.contexts).toContain(row);
    expect(within(row).getByText('First new reply')).toBeTruthy();
    const divider = screen.getByRole('separator', { name: 'New replies' });
    expect(divider.closest('li')?.nextElementSibling).toBe(row);
    // Not a linked reply: nothing in the address named it.
    expect(row.getAttribute('aria-current')).toBeNull();
    const cursors = api
      .callsTo('GET', '/api/forum/posts/1/comments')
      .map((call) => call.search.get('cursor'));
    expect(cursors).toEqual([null, '2', '3']);
  });

  it('opens at the reply a link names instead, still marking where the new ones start', async () => {
    stubApi({
      ...sessionOf(member),
      ...threadRoutes(
        buildThreadDetail({ replyCount: 20 }),
        numbered(1, 20),
        buildReading({ lastReadReplyId: 15, firstUnreadReplyId: 16, unreadReplies: 5 }),
      ),
    });
    renderRoute('/forum/post/1?reply=3');

    await waitFor(() => expect(document.activeElement?.id).toBe('reply-3'));
    expect(document.activeElement?.getAttribute('aria-current')).toBe('true');
    const divider = await screen.findByRole('separator', { name: 'New replies' });
    expect(divider.closest('li')?.nextElementSibling?.id).toBe('reply-16');
  });

  it('saves the newest reply seen, never backwards, at most once every two seconds', async () => {
    const { api } = await readFromTheList();

    scrollTo(9); // read before: nothing to save
    scrollTo(11);
    await waitFor(() => expect(savedPositions(api)).toEqual([11]));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    scrollTo(12);
    scrollTo(10);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(savedPositions(api)).toEqual([11]);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(savedPositions(api)).toEqual([11, 12]);
  });

  it('sends the last position on leaving the thread, and the list drops its badge', async () => {
    const { api, router, threadRow } = await readFromTheList();
    scrollTo(11);
    await waitFor(() => expect(savedPositions(api)).toEqual([11]));
    // Frozen clocks: only leaving the page can send what waits for the next save.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    scrollTo(13);
    expect(savedPositions(api)).toEqual([11]);

    await act(() => router.navigate(-1));
    expect(savedPositions(api)).toEqual([11, 13]);
    // What the save's answer set in motion runs before the clocks go back to real ones.
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() => expect(threadRow()).not.toContain('new'));
  });

  it('counts the opening post read when a member first opens a thread', async () => {
    const api = stubApi({
      ...sessionOf(member),
      ...threadRoutes(buildThreadDetail(), [], buildReading({ lastReadReplyId: null })),
      'PUT /api/forum/posts/1/reading': () => json({ reading: buildReading() }),
    });
    renderRoute('/forum/post/1');

    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/forum/posts/1/reading').map((call) => call.body)).toEqual([
        { lastReadReplyId: 0 },
      ]),
    );
  });
});

describe("a thread's notifications", () => {
  it('changes the watch level and says so', async () => {
    const api = stubApi({
      ...sessionOf(member),
      ...threadRoutes(buildThreadDetail()),
      'PUT /api/forum/posts/1/watch': (call) => json(call.body),
    });
    renderRoute('/forum/post/1');

    const select = await screen.findByRole('combobox', { name: 'Notifications for this thread' });
    const explanation = () =>
      document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(explanation()).toBe('Only answers to you and mentions of you notify you.');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: /^Watching/ }));

    await waitFor(() => expect(toastTitles()).toContain('You are watching this thread'));
    expect(api.callsTo('PUT', '/api/forum/posts/1/watch').map((call) => call.body)).toEqual([
      { level: 'watching' },
    ]);
    expect(explanation()).toBe('Every new reply notifies you.');
  });

  it('asks nothing of the server for a visitor, who has no place or watch', async () => {
    const api = stubApi({ ...sessionOf(null), ...threadRoutes(buildThreadDetail()) });
    renderRoute('/forum/post/1');

    await screen.findByText('No replies yet.');
    expect(screen.queryByRole('combobox', { name: /Notifications/ })).toBeNull();
    expect(api.calls.filter((call) => call.path.endsWith('/reading'))).toEqual([]);
  });
});
