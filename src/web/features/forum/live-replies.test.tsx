import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Comment } from '../../../shared/forum';
import {
  answerLater,
  apiError,
  json,
  sessionOf,
  stubApi,
  threadRoutes,
  type ApiRoutes,
} from '../../test/fake-api';
import { buildAuthor, buildReply, buildThreadDetail, buildUser } from '../../test/factories';
import { fakeLive } from '../../test/fake-live-socket';
import { renderRoute } from '../../test/render-route';

vi.mock('socket.io-client', async () => ({
  io: (await import('../../test/fake-live-socket')).fakeIo,
}));

beforeEach(() => fakeLive.reset());

const viewer = buildUser();
const cleo = buildAuthor({ id: 'u3', username: 'cleo', name: 'Cleo Park' });
const late = () => buildReply(12, { author: cleo, bodyHtml: '<p>Late to the party.</p>' });

/** A member reads thread 1, whose replies the test may add to as others write them. */
async function openThread(replies: Comment[], extra: ApiRoutes = {}) {
  const routes = { ...sessionOf(viewer), ...threadRoutes(buildThreadDetail(), replies), ...extra };
  const api = stubApi(routes);
  const page = renderRoute('/forum/post/1');
  const n = replies.length;
  await screen.findByText(`Showing ${n} of ${n} ${n === 1 ? 'reply' : 'replies'}`);
  // The live part loads on its own, then enters the thread's channel.
  await waitFor(() => expect(fakeLive.listensTo('forum:reply')).toBe(true));
  return { api, page, routes };
}

/** The server announces the reply that made the thread hold `total`. */
function announce(replyId: number, total: number) {
  act(() => fakeLive.serverSends('forum:reply', { postId: 1, replyId, total }));
}

describe('a thread’s new replies, live', () => {
  it('offers “1 new reply” to a reader up the thread, and loads it only when asked', async () => {
    const replies = [buildReply(10), buildReply(11)];
    const { api } = await openThread(replies);
    expect(fakeLive.sentOf('forum:enter')).toEqual([[1]]);
    // jsdom lays nothing out: the last reply is placed below the window, as when reading above.
    const below = new DOMRect(0, window.innerHeight + 600, 800, 120);
    const layout = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(below);
    onTestFinished(() => layout.mockRestore());

    replies.push(late());
    announce(12, 3);

    const button = await screen.findByRole('button', { name: '1 new reply' });
    expect(button.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText('Showing 2 of 3 replies')).toBeTruthy();
    // Nothing is read, and nothing moves, until the reader asks.
    expect(api.callsTo('GET', '/api/forum/posts/1/comments')).toHaveLength(1);
    expect(screen.queryByText('Late to the party.')).toBeNull();

    await userEvent.click(button);
    const list = screen.getByRole('list', { name: 'Replies' });
    expect(await within(list).findByText('Late to the party.')).toBeTruthy();
    expect(screen.getByText('Showing 3 of 3 replies')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /new repl/ })).toBeNull();
    // The reader is taken to the first new reply, marked as such.
    await waitFor(() => expect(document.activeElement?.id).toBe('reply-12'));
    expect(within(list).getByText('First new reply')).toBeTruthy();
  });

  it('keeps the button and says why when the new replies could not be read', async () => {
    const replies = [buildReply(10), buildReply(11)];
    const { routes } = await openThread(replies);
    const below = new DOMRect(0, window.innerHeight + 600, 800, 120);
    const layout = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(below);
    onTestFinished(() => layout.mockRestore());
    routes['GET /api/forum/posts/1/comments'] = () =>
      apiError(503, 'unavailable', 'The forum is busy, try again in a moment');

    announce(12, 3);
    await userEvent.click(await screen.findByRole('button', { name: '1 new reply' }));

    expect(await screen.findByText('Could not load the new replies')).toBeTruthy();
    expect(screen.getByText('The forum is busy, try again in a moment')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1 new reply' })).toBeTruthy();
    expect(screen.getByText('Showing 2 of 3 replies')).toBeTruthy();
  });

  it('adds a new reply at once for a reader at the end, and leaves focus where it was', async () => {
    const replies = [buildReply(10), buildReply(11)];
    await openThread(replies);
    const [like] = screen.getAllByRole('button', { name: /^Like the reply by/ });
    if (!like) throw new Error('no like button');
    like.focus();

    replies.push(late());
    announce(12, 3);

    const list = screen.getByRole('list', { name: 'Replies' });
    expect(await within(list).findByText('Late to the party.')).toBeTruthy();
    expect(screen.getByText('Showing 3 of 3 replies')).toBeTruthy();
    expect(screen.getByText('New reply from Cleo Park').closest('[aria-live]')).not.toBeNull();
    expect(document.activeElement).toBe(like);
    expect(screen.queryByRole('button', { name: /new repl/ })).toBeNull();
  });

  it('catches up on what it missed when the channel comes back, and leaves with the page', async () => {
    const replies = [buildReply(10), buildReply(11)];
    const { page } = await openThread(replies);

    // Written while the connection was down: the answer to entering again says so.
    replies.push(late());
    fakeLive.answers('forum:enter', () => ({ ok: true, total: 3 }));
    act(() => fakeLive.serverSends('connect'));

    expect(await screen.findByText('Late to the party.')).toBeTruthy();
    expect(screen.getByText('Showing 3 of 3 replies')).toBeTruthy();
    expect(fakeLive.sentOf('forum:enter')).toEqual([[1], [1]]);

    page.unmount();
    expect(fakeLive.sentOf('forum:leave').map(([id]) => id)).toEqual([1]);
  });

  it('shows one’s own reply once when its announcement comes before the answer', async () => {
    const replies = [buildReply(10)];
    const own = buildReply(11, { author: buildAuthor(), bodyHtml: '<p>Mine, once.</p>' });
    const answer = answerLater();
    await openThread(replies, { 'POST /api/forum/posts/1/comments': answer.handler });

    await userEvent.type(await screen.findByRole('textbox', { name: 'Reply' }), 'Mine, once.');
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    replies.push(own);
    announce(11, 2);
    const list = screen.getByRole('list', { name: 'Replies' });
    expect(await within(list).findByText('Mine, once.')).toBeTruthy();
    answer.give(json({ comment: own }, 201));

    await waitFor(() =>
      expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' }).value).toBe(''),
    );
    expect(within(list).getAllByText('Mine, once.')).toHaveLength(1);
    expect(screen.getByText('Showing 2 of 2 replies')).toBeTruthy();
  });
});
