import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cancelConfirm, confirmStore } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { json, stubApi } from '../../test/fake-api';
import {
  moderationRoutes,
  renderPage,
  reportedPost,
  reportedReply,
  sessionUser,
  toastTitles,
} from './moderation-test-kit';
import { ReviewQueuePage } from './review-queue-page';

afterEach(async () => {
  await cancelConfirm();
  toast.clear();
});

function renderQueue() {
  return renderPage(<ReviewQueuePage />, '/moderator/reports');
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
      ...reportedPost(1).target,
      hidden: action === 'hide' ? { reason: 'x' } : null,
      deleted: action === 'purge',
    },
  });
}

describe('review queue', () => {
  it('shows each item with its content, link, author history and reports', async () => {
    stubApi(moderationRoutes(sessionUser('moderator'), [reportedPost(1), reportedReply(7)]));
    renderQueue();

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
    stubApi(moderationRoutes(sessionUser('moderator'), [reportedPost(1)]));
    renderQueue();
    const forModerator = await card('Thread 1');
    expect(within(forModerator).getByRole('button', { name: 'Dismiss reports' })).toBeTruthy();
    expect(within(forModerator).queryByRole('button', { name: 'Purge' })).toBeNull();
    expect(within(forModerator).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('lets an experienced moderator edit and purge (after a danger confirmation)', async () => {
    let items = [reportedPost(1)];
    const api = stubApi({
      ...moderationRoutes(sessionUser('experienced_moderator'), []),
      'GET /api/moderation/reports': () => json({ items, nextCursor: null }),
      'POST /api/moderation/posts/1': (call) => {
        items = [];
        return moderated(call.body);
      },
    });
    renderQueue();
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
      ...moderationRoutes(sessionUser('moderator'), [reportedPost(1), reportedPost(2)]),
      'POST /api/moderation/posts/1': (call) => moderated(call.body),
    });
    renderQueue();

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
      ...moderationRoutes(sessionUser('admin'), [reportedReply(7)]),
      'POST /api/moderation/comments/7': (call) => moderated(call.body),
    });
    renderQueue();

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
      ...moderationRoutes(sessionUser('moderator'), [reportedPost(1), reportedPost(2)]),
      'POST /api/moderation/posts/1': (call) => moderated(call.body),
      'POST /api/moderation/posts/2': (call) => moderated(call.body),
    });
    renderQueue();

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
      ...moderationRoutes(sessionUser('moderator'), []),
      'GET /api/moderation/reports': (call) =>
        call.search.get('cursor') === 'c2'
          ? json({ items: [reportedPost(2)], nextCursor: null })
          : json({ items: [reportedPost(1)], nextCursor: 'c2' }),
    });
    renderQueue();

    await card('Thread 1');
    await userEvent.click(screen.getByRole('button', { name: 'Load more reported content' }));
    expect(await card('Thread 2')).toBeTruthy();
    expect(api.callsTo('GET', '/api/moderation/reports').at(-1)?.search.get('cursor')).toBe('c2');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more reported content' })).toBeNull(),
    );
  });
});
