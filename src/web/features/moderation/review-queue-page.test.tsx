import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/accounts';
import type { ChatMessage } from '../../../shared/chat';
import type { ReviewQueueItem } from '../../../shared/review-queue';
import type { Role } from '../../../shared/roles';
import { confirmStore } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { type ApiRoutes, json, sessionOf, stubApi } from '../../test/fake-api';
import {
  authorOf,
  buildAdmin,
  buildAuthor,
  buildReviewedChatMessage,
  buildReviewedReply,
  buildReviewItem,
  buildUser,
} from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

/** A signed-in member of `role`. */
function viewerWith(role: Role) {
  return buildUser({
    id: `viewer-${role}`,
    name: `Viewer ${role}`,
    username: `viewer_${role}`,
    role,
  });
}

const rootAdmin = authorOf(buildAdmin());

/** The review queue holding `items`, as `user` sees it. */
function queueRoutes(user: SessionUser, items: ReviewQueueItem[]): ApiRoutes {
  return {
    ...sessionOf(user),
    'GET /api/moderation/reports': () => json({ items, nextCursor: null }),
  };
}

/** An item once its actions show (they wait for the session to say the viewer's role). */
async function card(title: string): Promise<HTMLElement> {
  const article = await screen.findByRole('article', { name: title });
  await within(article).findByRole('button', { name: 'Dismiss reports' });
  return article;
}

function moderated(body: unknown) {
  const { action } = body as { action: string };
  return json({
    target: {
      ...buildReviewItem(1).target,
      hidden: action === 'hide' ? { reason: 'x' } : null,
      deleted: action === 'purge',
    },
  });
}

/** Chat's answer to a moderation of message `id`. */
function moderatedMessage(id: number, body: unknown) {
  const { action, reason } = body as { action: string; reason?: string };
  const message: ChatMessage = {
    id,
    roomId: 3,
    author: buildAuthor({ id: 'u3', username: 'carl', name: 'Carl' }),
    body: 'Chat message',
    html: '<p>Chat message</p>',
    nonce: null,
    mentions: [],
    replyTo: null,
    reactionCount: 0,
    reacted: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    hidden: action === 'hide' ? { reason: reason ?? '' } : null,
  };
  return json({ message });
}

describe('review queue', () => {
  it('shows each item with its content, link, author history and reports', async () => {
    stubApi(queueRoutes(viewerWith('moderator'), [buildReviewItem(1), buildReviewedReply(7)]));
    renderRoute('/moderator/reports');

    const thread = await card('Thread 1');
    expect(within(thread).getByRole('link', { name: 'Thread 1' }).getAttribute('href')).toBe(
      '/forum/post/1',
    );
    expect(within(thread).getByText('thread 1').tagName).toBe('EM');
    expect(within(thread).getByRole('link', { name: 'Carl' })).toBeTruthy();
    expect(
      within(thread).getByText(/4 threads · 12 replies · 3 reports against · 1 past sanction/),
    ).toBeTruthy();
    expect(within(thread).getByText('Spam')).toBeTruthy();
    expect(within(thread).getByText('“Buy pills link”')).toBeTruthy();
    expect(within(thread).getByRole('link', { name: 'Dee' })).toBeTruthy();

    const answer = await card('Reply in “Thread 1”');
    expect(
      within(answer).getByRole('link', { name: 'Reply in “Thread 1”' }).getAttribute('href'),
    ).toBe('/forum/post/1#reply-7');
    expect(within(answer).getByText('Abuse or harassment')).toBeTruthy();
    // Thread-only actions are not offered on a reply.
    expect(within(answer).queryByRole('button', { name: 'Lock thread' })).toBeNull();
    expect(within(answer).getByRole('button', { name: 'Hide' })).toBeTruthy();
  });

  it('offers purge and edit only to experienced moderators and admins', async () => {
    stubApi(queueRoutes(viewerWith('moderator'), [buildReviewItem(1)]));
    renderRoute('/moderator/reports');
    const forModerator = await card('Thread 1');
    expect(within(forModerator).getByRole('button', { name: 'Dismiss reports' })).toBeTruthy();
    expect(within(forModerator).queryByRole('button', { name: 'Purge' })).toBeNull();
    expect(within(forModerator).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offers nothing on an admin’s content, and acts on a lower rank’s', async () => {
    const byAdmin = buildReviewItem(1, { author: rootAdmin });
    const byModerator = buildReviewItem(2, {
      author: buildAuthor({ id: 'm9', role: 'moderator' }),
    });
    stubApi(queueRoutes(viewerWith('experienced_moderator'), [byAdmin, byModerator]));
    renderRoute('/moderator/reports');

    // The moderator's thread shows the experienced moderator's actions once the viewer is known…
    const moderatorThread = await card('Thread 2');
    expect(within(moderatorThread).getByRole('button', { name: 'Purge' })).toBeTruthy();
    expect(within(moderatorThread).getByRole('link', { name: 'Edit' })).toBeTruthy();
    // …and the admin's none.
    const adminThread = screen.getByRole('article', { name: 'Thread 1' });
    expect(within(adminThread).queryByRole('button')).toBeNull();
    expect(within(adminThread).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offers an admin every action on another admin’s content', async () => {
    stubApi(queueRoutes(viewerWith('admin'), [buildReviewItem(1, { author: rootAdmin })]));
    renderRoute('/moderator/reports');

    const thread = await card('Thread 1');
    for (const name of ['Hide', 'Lock thread', 'Pin thread', 'Move thread', 'Purge']) {
      expect(within(thread).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(thread).getByRole('link', { name: 'Edit' })).toBeTruthy();
  });

  it('lets an experienced moderator edit and purge (after a danger confirmation)', async () => {
    let items = [buildReviewItem(1)];
    const api = stubApi({
      ...queueRoutes(viewerWith('experienced_moderator'), []),
      'GET /api/moderation/reports': () => json({ items, nextCursor: null }),
      'POST /api/moderation/posts/1': (call) => {
        items = [];
        return moderated(call.body);
      },
    });
    renderRoute('/moderator/reports');
    const thread = await card('Thread 1');
    expect(within(thread).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/forum/post/edit/1',
    );

    await userEvent.click(within(thread).getByRole('button', { name: 'Purge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purge this thread' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Scam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const danger = await screen.findByRole('dialog', { name: 'Purge for good' });
    expect(confirmStore.getState().view?.type).toBe('danger');
    await userEvent.click(within(danger).getByRole('button', { name: 'Purge' }));

    await waitFor(() => expect(toastTitles()).toContain('Post purged'));
    expect(api.callsTo('POST', '/api/moderation/posts/1')[0]?.body).toEqual({
      action: 'purge',
      reason: 'Scam',
    });
    expect(
      await screen.findByText('Nothing to review: every report has been handled.'),
    ).toBeTruthy();
  });

  it('dismisses an item, which leaves the queue at once', async () => {
    const api = stubApi({
      ...queueRoutes(viewerWith('moderator'), [buildReviewItem(1), buildReviewItem(2)]),
      'POST /api/moderation/posts/1': (call) => moderated(call.body),
    });
    renderRoute('/moderator/reports');

    await userEvent.click(
      within(await card('Thread 1')).getByRole('button', { name: 'Dismiss reports' }),
    );

    await waitFor(() => expect(toastTitles()).toContain('Reports dismissed'));
    expect(api.callsTo('POST', '/api/moderation/posts/1')[0]?.body).toEqual({ action: 'dismiss' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Thread 1' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Thread 2' })).toBeTruthy();
  });

  it('hides a reply with a reason through the comments endpoint', async () => {
    const api = stubApi({
      ...queueRoutes(viewerWith('admin'), [buildReviewedReply(7)]),
      'POST /api/moderation/comments/7': (call) => moderated(call.body),
    });
    renderRoute('/moderator/reports');

    await userEvent.click(
      within(await card('Reply in “Thread 1”')).getByRole('button', { name: 'Hide' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide the reply by Carl' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Personal attack',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));

    await waitFor(() => expect(toastTitles()).toContain('Reply hidden'));
    expect(api.callsTo('POST', '/api/moderation/comments/7')[0]?.body).toEqual({
      action: 'hide',
      reason: 'Personal attack',
    });
  });

  it('pins, and moves a thread to a category chosen from the categories API', async () => {
    const api = stubApi({
      ...queueRoutes(viewerWith('moderator'), [buildReviewItem(1), buildReviewItem(2)]),
      'POST /api/moderation/posts/1': (call) => moderated(call.body),
      'POST /api/moderation/posts/2': (call) => moderated(call.body),
    });
    renderRoute('/moderator/reports');

    await userEvent.click(
      within(await card('Thread 1')).getByRole('button', { name: 'Pin thread' }),
    );
    await waitFor(() => expect(toastTitles()).toContain('Thread pinned'));

    await userEvent.click(
      within(await card('Thread 2')).getByRole('button', { name: 'Move thread' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move thread' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Move to/ }),
      'Reviews',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move thread' }));

    await waitFor(() => expect(toastTitles()).toContain('Thread moved'));
    expect(api.callsTo('POST', '/api/moderation/posts/1')[0]?.body).toEqual({ action: 'pin' });
    expect(api.callsTo('POST', '/api/moderation/posts/2')[0]?.body).toEqual({
      action: 'move',
      categoryId: 1,
    });
    expect(toast.getToasts().find((item) => item.title === 'Thread moved')?.description).toBe(
      'Now in Reviews.',
    );
  });

  it('says when the queue is empty, and loads the next page by cursor', async () => {
    const api = stubApi({
      ...queueRoutes(viewerWith('moderator'), []),
      'GET /api/moderation/reports': (call) =>
        call.search.get('cursor') === 'c2'
          ? json({ items: [buildReviewItem(2)], nextCursor: null })
          : json({ items: [buildReviewItem(1)], nextCursor: 'c2' }),
    });
    renderRoute('/moderator/reports');

    await card('Thread 1');
    await userEvent.click(screen.getByRole('button', { name: 'Load more reported content' }));
    expect(await card('Thread 2')).toBeTruthy();
    expect(api.callsTo('GET', '/api/moderation/reports').at(-1)?.search.get('cursor')).toBe('c2');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more reported content' })).toBeNull(),
    );
  });

  it('shows a reported chat message with its room, text, author history, reports and chat actions', async () => {
    stubApi(
      queueRoutes(viewerWith('moderator'), [buildReviewItem(1), buildReviewedChatMessage(42)]),
    );
    renderRoute('/moderator/reports');

    const message = await card('Message in Horror');
    expect(
      within(message).getByRole('link', { name: 'Message in Horror' }).getAttribute('href'),
    ).toBe('/chat?room=3');
    expect(within(message).getByText('Chat message')).toBeTruthy();
    expect(within(message).getByText('message 42').tagName).toBe('STRONG');
    expect(within(message).getByRole('link', { name: 'Carl' })).toBeTruthy();
    expect(within(message).getByText(/4 threads · 12 replies · 3 reports against/)).toBeTruthy();
    expect(within(message).getByText('Abuse or harassment')).toBeTruthy();
    expect(within(message).getByText('“Spoilers”')).toBeTruthy();
    expect(within(message).getByRole('link', { name: 'Dee' })).toBeTruthy();
    expect(within(message).getByRole('button', { name: 'Hide' })).toBeTruthy();
    // Only what chat offers: no thread actions, no purge, no edit.
    for (const name of ['Lock thread', 'Purge', 'Restore']) {
      expect(within(message).queryByRole('button', { name })).toBeNull();
    }
    expect(within(message).queryByRole('link', { name: 'Edit' })).toBeNull();
    // The thread beside it keeps its own card.
    expect(await card('Thread 1')).toBeTruthy();
  });

  it('dismisses a chat message’s reports through chat’s moderation, and it leaves the queue', async () => {
    const api = stubApi({
      ...queueRoutes(viewerWith('moderator'), [buildReviewedChatMessage(42), buildReviewItem(2)]),
      'POST /api/chat/messages/42/moderation': (call) => moderatedMessage(42, call.body),
    });
    renderRoute('/moderator/reports');

    await userEvent.click(
      within(await card('Message in Horror')).getByRole('button', { name: 'Dismiss reports' }),
    );

    await waitFor(() => expect(toastTitles()).toContain('Reports dismissed'));
    expect(api.callsTo('POST', '/api/chat/messages/42/moderation')[0]?.body).toEqual({
      action: 'dismiss',
    });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Message in Horror' })).toBeNull(),
    );
    expect(screen.getByRole('article', { name: 'Thread 2' })).toBeTruthy();
  });

  it('hides a chat message with a reason, and restores a hidden one', async () => {
    const api = stubApi({
      ...queueRoutes(viewerWith('moderator'), [
        buildReviewedChatMessage(42),
        buildReviewedChatMessage(43, {
          room: { id: 4, name: 'Classics', archived: false },
          hidden: { reason: 'Hidden pending review after reports from 3 members' },
        }),
      ]),
      'POST /api/chat/messages/42/moderation': (call) => moderatedMessage(42, call.body),
      'POST /api/chat/messages/43/moderation': (call) => moderatedMessage(43, call.body),
    });
    renderRoute('/moderator/reports');

    await userEvent.click(
      within(await card('Message in Horror')).getByRole('button', { name: 'Hide' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide the message by Carl' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spoils it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(toastTitles()).toContain('Message hidden'));
    expect(api.callsTo('POST', '/api/chat/messages/42/moderation')[0]?.body).toEqual({
      action: 'hide',
      reason: 'Spoils it',
    });

    const hidden = await card('Message in Classics');
    expect(within(hidden).getByText('Hidden')).toBeTruthy();
    expect(within(hidden).queryByRole('button', { name: 'Hide' })).toBeNull();
    await userEvent.click(within(hidden).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(toastTitles()).toContain('Message restored'));
    expect(api.callsTo('POST', '/api/chat/messages/43/moderation')[0]?.body).toEqual({
      action: 'restore',
    });
  });

  it('offers nothing on a chat message by an equal rank', async () => {
    const byModerator = buildReviewedChatMessage(42);
    byModerator.author = buildAuthor({ id: 'm9', role: 'moderator' });
    stubApi(queueRoutes(viewerWith('moderator'), [byModerator, buildReviewItem(1)]));
    renderRoute('/moderator/reports');

    await card('Thread 1');
    const message = screen.getByRole('article', { name: 'Message in Horror' });
    expect(within(message).queryByRole('button')).toBeNull();
  });
});
