import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/accounts';
import type { ModerationTarget } from '../../../shared/moderation-actions';
import { confirmStore } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { apiError, json, sessionOf, stubApi, threadRoutes } from '../../test/fake-api';
import {
  authorOf,
  buildAdmin,
  buildAuthor,
  buildModerationTarget,
  buildReply,
  buildThreadDetail,
  buildUser,
} from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const viewer = buildUser();
const ann = buildAuthor();
const rootAdmin = authorOf(buildAdmin());

const moderator: SessionUser = { ...viewer, id: 'm1', name: 'Mo', role: 'moderator' };
const experienced: SessionUser = { ...moderator, role: 'experienced_moderator' };

/** The server's answer to a moderation of thread 1. */
function result(overrides: Partial<ModerationTarget> = {}) {
  return json({ target: buildModerationTarget(1, overrides) });
}

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu');
}

let muteUntil: string;
beforeEach(() => {
  muteUntil = new Date(Date.now() + 86_400_000).toISOString();
});

describe('moderating a thread on its page', () => {
  it('offers no moderation menu to a plain user', async () => {
    stubApi({ ...sessionOf(viewer), ...threadRoutes(buildThreadDetail(), [buildReply(10)]) });
    renderRoute('/forum/post/1');

    await screen.findByText('Reply number 10');
    expect(screen.queryByRole('button', { name: /^Moderate/ })).toBeNull();
  });

  it('offers a moderator no menu on an admin’s thread nor on a fellow moderator’s reply', async () => {
    const thread = buildThreadDetail({ author: rootAdmin });
    stubApi({
      ...sessionOf(moderator),
      ...threadRoutes(thread, [buildReply(10), buildReply(11, { author: ann })]),
    });
    renderRoute('/forum/post/1');

    // The menu on Ann's reply shows once the viewer is known; Bob's and the thread's never do.
    expect(
      await screen.findByRole('button', { name: 'Moderate the reply by Ann Lee' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Moderate this post' })).toBeNull();
    expect(
      screen.queryByRole('button', { name: 'Moderate the reply by Bob Moderator' }),
    ).toBeNull();
  });

  it('offers an admin the menu on another admin’s thread and a moderator’s reply', async () => {
    const admin = { ...viewer, id: 'a2', name: 'Ada', role: 'admin' } as const;
    stubApi({
      ...sessionOf(admin),
      ...threadRoutes(buildThreadDetail({ author: rootAdmin }), [buildReply(10)]),
    });
    renderRoute('/forum/post/1');

    const menu = await openMenu('Moderate this post');
    expect(within(menu).getByRole('menuitem', { name: 'Purge' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(
      await screen.findByRole('button', { name: 'Moderate the reply by Bob Moderator' }),
    ).toBeTruthy();
  });

  it('hides the thread with a reason, then shows the hidden notice', async () => {
    let post = buildThreadDetail();
    const api = stubApi({
      ...sessionOf(moderator),
      ...threadRoutes(post),
      'GET /api/forum/posts/1': () => json({ post }),
      'POST /api/moderation/posts/1': () => {
        post = buildThreadDetail({ hidden: { reason: 'Spoils the ending' } });
        return result({ hidden: { reason: 'Spoils the ending' } });
      },
    });
    renderRoute('/forum/post/1');

    const menu = await openMenu('Moderate this post');
    expect(within(menu).queryByRole('menuitem', { name: 'Purge' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Dismiss reports' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(api.callsTo('POST', '/api/moderation/posts/1')).toHaveLength(0);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Spoils the ending',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));

    await waitFor(() => expect(toastTitles()).toContain('Post hidden'));
    expect(api.callsTo('POST', '/api/moderation/posts/1')[0]?.body).toEqual({
      action: 'hide',
      reason: 'Spoils the ending',
    });
    expect(await screen.findByText('This post is hidden by a moderator')).toBeTruthy();
    expect(screen.getByText('Reason: Spoils the ending')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('locks and moves the thread to another open category', async () => {
    const api = stubApi({
      ...sessionOf(moderator),
      ...threadRoutes(buildThreadDetail()),
      'POST /api/moderation/posts/1': (call) =>
        result((call.body as { action: string }).action === 'lock' ? { locked: true } : {}),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(
      within(await openMenu('Moderate this post')).getByRole('menuitem', { name: 'Lock thread' }),
    );
    await waitFor(() => expect(toastTitles()).toContain('Thread locked'));

    await userEvent.click(
      within(await openMenu('Moderate this post')).getByRole('menuitem', { name: 'Move thread' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move thread' });
    const select = within(dialog).getByRole('combobox', { name: /Move to/ });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Not the thread's own category, nor an archived one.
    expect(options).toEqual(['Choose a category', 'Reviews']);
    await userEvent.selectOptions(select, 'Reviews');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move thread' }));

    await waitFor(() => expect(toastTitles()).toContain('Thread moved'));
    expect(api.callsTo('POST', '/api/moderation/posts/1').map((call) => call.body)).toEqual([
      { action: 'lock' },
      { action: 'move', categoryId: 1 },
    ]);
  });

  it('lets an experienced moderator purge after a reason and a danger confirmation', async () => {
    const api = stubApi({
      ...sessionOf(experienced),
      ...threadRoutes(buildThreadDetail()),
      'POST /api/moderation/posts/1': () => result({ deleted: true }),
      'GET /api/forum/posts': () => json({ items: [], nextCursor: null }),
    });
    const { location } = renderRoute('/forum/post/1');

    await userEvent.click(
      within(await openMenu('Moderate this post')).getByRole('menuitem', { name: 'Purge' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Purge this post' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Illegal link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirmDialog = await screen.findByRole('dialog', { name: 'Purge for good' });
    expect(confirmStore.getState().view?.type).toBe('danger');
    expect(api.callsTo('POST', '/api/moderation/posts/1')).toHaveLength(0);
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Purge' }));

    await waitFor(() => expect(toastTitles()).toContain('Post purged'));
    expect(api.callsTo('POST', '/api/moderation/posts/1')[0]?.body).toEqual({
      action: 'purge',
      reason: 'Illegal link',
    });
    await waitFor(() => expect(location()).toBe('/forum'));
  });

  it('hides a reply through its own menu and shows a refusal as a red toast', async () => {
    const api = stubApi({
      ...sessionOf(moderator),
      ...threadRoutes(buildThreadDetail(), [buildReply(10, { author: ann })]),
      'POST /api/moderation/comments/10': () =>
        apiError(403, 'permission-denied', 'You cannot moderate this reply'),
    });
    renderRoute('/forum/post/1');

    const menu = await openMenu('Moderate the reply by Ann Lee');
    expect(within(menu).queryByRole('menuitem', { name: 'Lock thread' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the reply by Ann Lee' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insults');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));

    await waitFor(() => expect(toastTitles()).toContain('The moderation action failed'));
    expect(toast.getToasts()[0]).toMatchObject({
      description: 'You cannot moderate this reply',
      color: 'red',
    });
    expect(api.callsTo('POST', '/api/moderation/comments/10')[0]?.body).toEqual({
      action: 'hide',
      reason: 'Insults',
    });
  });

  it('shows the author why their reply is hidden, and a moderator can restore it', async () => {
    const hidden = buildReply(10, { author: ann, hidden: { reason: 'Off-topic rant' } });
    const api = stubApi({
      ...sessionOf(moderator),
      ...threadRoutes(buildThreadDetail(), [hidden]),
      'POST /api/moderation/comments/10': () =>
        result({ type: 'comment', commentId: 10, hidden: null }),
    });
    renderRoute('/forum/post/1');

    expect(await screen.findByText('This reply is hidden by a moderator')).toBeTruthy();
    expect(screen.getByText('Reason: Off-topic rant')).toBeTruthy();
    await userEvent.click(
      within(await openMenu('Moderate the reply by Ann Lee')).getByRole('menuitem', {
        name: 'Restore',
      }),
    );
    await waitFor(() => expect(toastTitles()).toContain('Reply restored'));
    expect(api.callsTo('POST', '/api/moderation/comments/10')[0]?.body).toEqual({
      action: 'restore',
    });
  });
});

describe('a muted user', () => {
  it('sees until when and why in place of the reply form', async () => {
    const muted = { ...viewer, mute: { reason: 'Cool off', until: muteUntil } };
    stubApi({ ...sessionOf(muted), ...threadRoutes(buildThreadDetail()) });
    renderRoute('/forum/post/1');

    expect(await screen.findByText(/^You are muted until .+: Cool off$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post reply' })).toBeNull();
  });

  it('gets the form back once the mute has ended', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    stubApi({
      ...sessionOf({ ...viewer, mute: { reason: 'Old', until: past } }),
      ...threadRoutes(buildThreadDetail()),
    });
    renderRoute('/forum/post/1');

    expect(await screen.findByRole('button', { name: 'Post reply' })).toBeTruthy();
    expect(screen.queryByText(/You are muted/)).toBeNull();
  });

  it('sees the notice instead of the new-post form', async () => {
    const muted = { ...viewer, mute: { reason: 'Spam', until: muteUntil } };
    stubApi({ ...sessionOf(muted), ...threadRoutes(buildThreadDetail()) });
    renderRoute('/add-new');

    expect(await screen.findByText(/^You are muted until .+: Spam$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('sees the notice when a reply is refused because a mute began meanwhile', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail()),
      'POST /api/forum/posts/1/comments': () =>
        apiError(403, 'permission-denied', 'You are muted', {
          muted: { reason: 'Heated thread', until: muteUntil },
        }),
    });
    renderRoute('/forum/post/1');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Reply' }), 'Well actually');
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));

    expect(await screen.findByText(/^You are muted until .+: Heated thread$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post reply' })).toBeNull();
    expect(toastTitles()).not.toContain('Could not post the reply');
  });
});
