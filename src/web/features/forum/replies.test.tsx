import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptConfirm } from '../../shell/confirm-store';
import {
  json,
  noContent,
  sessionOf,
  stubApi,
  threadRoutes,
  type ApiCall,
} from '../../test/fake-api';
import {
  buildAuthor,
  buildModeratorAuthor,
  buildReply,
  buildRevision,
  buildThreadDetail,
  buildUser,
} from '../../test/factories';
import { renderRoute, findLinkedRow } from '../../test/render-route';
import type { Comment } from '../../../shared/forum';

const viewer = buildUser();
const ann = buildAuthor();
const bob = buildModeratorAuthor();
const cleo = buildAuthor({ id: 'u3', username: 'cleo', name: 'Cleo Park' });

describe('replies', () => {
  it('likes a reply, changing only that reply', async () => {
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail(), [
        buildReply(10),
        buildReply(11, { author: cleo, reactionCount: 1 }),
      ]),
      'PUT /api/forum/comments/11/reaction': () => json({ reacted: true, reactionCount: 2 }),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Like the reply by Cleo Park, 1 like' }),
    );

    const liked = await screen.findByRole('button', {
      name: 'Like the reply by Cleo Park, 2 likes',
    });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    const other = screen.getByRole('button', { name: 'Like the reply by Bob Moderator, 0 likes' });
    expect(other.getAttribute('aria-pressed')).toBe('false');
    expect(api.callsTo('PUT', '/api/forum/comments/11/reaction')).toHaveLength(1);
  });

  it('offers no like or report of one’s own reply, only its like count', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ author: bob }), [
        buildReply(10),
        buildReply(11, { author: ann, reactionCount: 1 }),
      ]),
    });
    renderRoute('/forum/post/1');

    expect(
      await screen.findByRole('button', { name: 'Like the reply by Bob Moderator, 0 likes' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report the reply by Bob Moderator' })).toBeTruthy();
    const own = screen.getByText('Reply number 11').closest('li')!;
    expect(within(own).getByText('1 like')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: /Like/ })).toBeNull();
    expect(within(own).queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('posts a reply to a reply, which appears under the others', async () => {
    const replies = [buildReply(10)];
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ replyCount: 1 }), replies),
      'POST /api/forum/posts/1/comments': () =>
        json(
          {
            comment: buildReply(11, {
              author: ann,
              bodyHtml: '<p>Agreed, it earns it.</p>',
              replyTo: { id: 10, authorName: bob.name, excerpt: 'Reply number 10' },
            }),
          },
          201,
        ),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Reply to the reply by Bob Moderator' }),
    );
    // The composer loads lazily; a Reply pressed before it arrived is applied once it has.
    expect(await screen.findByText('Bob Moderator', { selector: 'strong' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply' }), 'Agreed, it earns it.');
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));

    const list = screen.getByRole('list', { name: 'Replies' });
    await within(list).findByText('Agreed, it earns it.');
    expect(api.callsTo('POST', '/api/forum/posts/1/comments')[0]?.body).toEqual({
      body: 'Agreed, it earns it.',
      replyToId: 10,
    });
    const quote = within(list).getByRole('link', { name: 'Bob Moderator wrote:' });
    expect(quote.getAttribute('href')).toBe('#reply-10');
    expect(screen.getByText('Showing 2 of 2 replies')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' }).value).toBe('');
  });

  it("quotes a reply as a block: its author's linked name on a line of its own, a link to it, its words", async () => {
    const quoted = buildReply(10, { bodySource: 'First thought.\n\nSecond [thought](/about).' });
    stubApi({ ...sessionOf(viewer), ...threadRoutes(buildThreadDetail(), [quoted]) });
    renderRoute('/forum/post/1');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Quote the reply by Bob Moderator' }),
    );
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });
    await waitFor(() =>
      expect(box.value).toBe(
        '> [Bob Moderator](/u/bob) [wrote](/forum/post/1?reply=10):\n' +
          '>\n' +
          '> First thought.\n' +
          '>\n' +
          '> Second [thought](/about).\n\n',
      ),
    );

    // A second quote starts a block of its own below what is there.
    await userEvent.type(box, 'Agreed.');
    await userEvent.click(screen.getByRole('button', { name: 'Quote the reply by Bob Moderator' }));
    expect(box.value).toMatch(/Agreed\.\n\n> \[Bob Moderator\]\(\/u\/bob\) \[wrote\]/);
  });

  it('shows the sign-in prompt instead of the composer when signed out', async () => {
    stubApi({ ...sessionOf(null), ...threadRoutes(buildThreadDetail()) });
    renderRoute('/forum/post/1');

    const signIn = await screen.findByRole('link', { name: 'Sign in to reply' });
    expect(signIn.getAttribute('href')).toBe('/auth/login?redirect=%2Fforum%2Fpost%2F1');
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
  });

  it('asks an unverified user to verify before replying', async () => {
    stubApi({
      ...sessionOf({ ...viewer, emailVerified: false }),
      ...threadRoutes(buildThreadDetail()),
    });
    renderRoute('/forum/post/1');

    expect(await screen.findByText('Verify your email address to reply.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
  });

  it('pages through replies 50 at a time with "n of total"', async () => {
    const first = Array.from({ length: 50 }, (_, index) => buildReply(index + 1));
    const second = Array.from({ length: 20 }, (_, index) => buildReply(index + 51));
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ replyCount: 70 })),
      'GET /api/forum/posts/1/comments': (call) =>
        call.search.get('cursor') === 'p2'
          ? json({ items: second, nextCursor: null, total: 70 })
          : json({ items: first, nextCursor: 'p2', total: 70 }),
    });
    renderRoute('/forum/post/1');

    expect(await screen.findByText('Showing 50 of 70 replies')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more replies' }));
    expect(await screen.findByText('Showing 70 of 70 replies')).toBeTruthy();
    expect(screen.getByText('Reply number 70')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more replies' })).toBeNull();
    const calls = api.callsTo('GET', '/api/forum/posts/1/comments');
    expect(calls.map((call) => call.search.get('limit'))).toEqual(['50', '50']);
  });

  it('deletes a reply after confirmation, leaving a tombstone', async () => {
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail(), [
        buildReply(10, {
          author: ann,
          viewer: { reacted: false, canEdit: true, canDelete: true },
        }),
      ]),
      'DELETE /api/forum/comments/10': () => noContent(),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the reply by Ann Lee' }),
    );
    await acceptConfirm();

    expect(await screen.findByText('This reply was deleted.')).toBeTruthy();
    expect(screen.queryByText('Reply number 10')).toBeNull();
    expect(api.callsTo('DELETE', '/api/forum/comments/10')).toHaveLength(1);
  });

  it('edits a reply in place', async () => {
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail(), [
        buildReply(10, {
          author: ann,
          viewer: { reacted: false, canEdit: true, canDelete: true },
        }),
      ]),
      'PATCH /api/forum/comments/10': () =>
        json({
          comment: buildReply(10, {
            author: ann,
            bodyHtml: '<p>Fixed typo</p>',
            editedAt: new Date().toISOString(),
          }),
        }),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit the reply by Ann Lee' }));
    const box = await screen.findByRole('textbox', { name: 'Edit reply' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Fixed typo');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Fixed typo')).toBeTruthy();
    expect(screen.getByText(/edited/)).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/forum/comments/10')[0]?.body).toEqual({ body: 'Fixed typo' });
  });

  it("shows an edited reply's history: who changed it and what it said before", async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail(), [
        buildReply(10, { editedAt: new Date().toISOString() }),
        buildReply(11),
      ]),
      'GET /api/forum/comments/10/revisions': () =>
        json({
          revisions: [buildRevision(4, { editor: bob, previousBody: 'Reply with a _typo_' })],
        }),
    });
    renderRoute('/forum/post/1');

    // Only the edited reply offers its history.
    await userEvent.click(
      await screen.findByRole('button', { name: 'History of the reply by Bob Moderator' }),
    );
    expect(screen.getAllByRole('button', { name: /^History of/ })).toHaveLength(1);
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    expect(await within(dialog).findByText('Reply with a _typo_')).toBeTruthy();
    expect(within(dialog).queryByText(/Previous title/)).toBeNull();
    expect(within(dialog).getByRole('link', { name: bob.name })).toBeTruthy();
  });
});

/** A thread's replies served 50 a page, as the server pages them (cursor: the page's number). */
function pagedReplies(replies: Comment[]) {
  return (call: ApiCall) => {
    const page = Number(call.search.get('cursor') ?? '1');
    const items = replies.slice((page - 1) * 50, page * 50);
    const more = page * 50 < replies.length;
    return json({ items, nextCursor: more ? String(page + 1) : null, total: replies.length });
  };
}

const numbered = (ids: number[]) => ids.map((id) => buildReply(id));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('a link to a reply (?reply=)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads the pages up to the reply, then scrolls to it, focuses and highlights it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ replyCount: 120 })),
      'GET /api/forum/posts/1/comments': pagedReplies(numbered(range(1, 120))),
    });
    renderRoute('/forum/post/1?reply=110', { strict: true });

    const row = await findLinkedRow();
    expect(row.id).toBe('reply-110');
    expect(within(row).getByText('Linked reply')).toBeTruthy();
    expect(within(row).getByText('Reply number 110')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(scrolled.mock.contexts).toContain(row);
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(screen.getByText('Showing 120 of 120 replies')).toBeTruthy();
    expect(screen.getAllByRole('listitem', { current: true })).toHaveLength(1);
    const cursors = api
      .callsTo('GET', '/api/forum/posts/1/comments')
      .map((call) => call.search.get('cursor'));
    expect(cursors).toEqual([null, '2', '3']);
  });

  it('stops at the first page that passes a reply that is gone, marking none', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    // Reply 60 was removed: the thread reads 59, then 61.
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ replyCount: 119 })),
      'GET /api/forum/posts/1/comments': pagedReplies(
        numbered([...range(1, 59), ...range(61, 120)]),
      ),
    });
    renderRoute('/forum/post/1?reply=60');

    expect(await screen.findByText('Showing 100 of 119 replies')).toBeTruthy();
    // The walk ends beside where the reply was, without a mark or a third page.
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts).toEqual([document.getElementById('reply-61')]);
    expect(screen.queryByRole('listitem', { current: true })).toBeNull();
    expect(screen.queryByText('Linked reply')).toBeNull();
    expect(api.callsTo('GET', '/api/forum/posts/1/comments')).toHaveLength(2);

    // Once there, the reader pages on as usual: the list does not jump again.
    await userEvent.click(screen.getByRole('button', { name: 'Load more replies' }));
    expect(await screen.findByText('Showing 119 of 119 replies')).toBeTruthy();
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('loads every page for an id past the last reply, and holds still for reduced motion', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ replyCount: 70 })),
      'GET /api/forum/posts/1/comments': pagedReplies(numbered(range(1, 70))),
    });
    renderRoute('/forum/post/1?reply=999');

    expect(await screen.findByText('Showing 70 of 70 replies')).toBeTruthy();
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'auto', block: 'center' });
    expect(scrolled.mock.contexts).toEqual([document.getElementById('reply-70')]);
    expect(screen.queryByRole('listitem', { current: true })).toBeNull();
  });
});
