import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { typeBeforeAppStarts } from '../../test/before-app';
import { json, sessionOf, stubApi, threadRoutes, type ApiCall } from '../../test/fake-api';
import {
  buildAuthor,
  buildModeratorAuthor,
  buildReply,
  buildThreadDetail,
  buildUser,
} from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';
import { replyDraftKey, replyEditDraftKey } from './use-reply-draft';

const viewer = buildUser();
const bob = buildModeratorAuthor();
const ann = buildAuthor();

function threadWithReplies() {
  return {
    ...sessionOf(viewer),
    ...threadRoutes(buildThreadDetail({ replyCount: 1 }), [buildReply(10, { author: bob })]),
    'POST /api/forum/posts/1/comments': (call: ApiCall) =>
      json(
        {
          comment: buildReply(11, {
            bodySource: (call.body as { body: string }).body,
            bodyHtml: `<p>${(call.body as { body: string }).body}</p>`,
          }),
        },
        201,
      ),
  };
}

const replyBox = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });

const user = userEvent.setup({ delay: null });

describe('the reply form', () => {
  it('keeps an unfinished reply, and the reply it answers, across a reload', async () => {
    stubApi(threadWithReplies());
    const first = renderRoute('/forum/post/1');
    await user.click(
      await screen.findByRole('button', { name: 'Reply to the reply by Bob Moderator' }),
    );
    await user.type(await replyBox(), 'Half a thought');
    await waitFor(() =>
      expect(window.localStorage.getItem(replyDraftKey(viewer.id, 1))).toContain('Half a thought'),
    );
    first.unmount();

    // The page again, as after a reload or Back.
    renderRoute('/forum/post/1');
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    expect((await replyBox()).value).toBe('Half a thought');
    expect(screen.getByText('Bob Moderator', { selector: 'strong' })).toBeTruthy();
  });

  it('posts a restored draft as the reply it answers, then forgets it', async () => {
    window.localStorage.setItem(
      replyDraftKey(viewer.id, 1),
      JSON.stringify({ body: 'Half a thought', replyTo: { id: 10, authorName: 'Bob Moderator' } }),
    );
    const api = stubApi(threadWithReplies());
    renderRoute('/forum/post/1');
    await user.type(await replyBox(), ', finished.');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));

    await waitFor(() => expect(toastTitles()).toContain('Reply posted'));
    expect(api.callsTo('POST', '/api/forum/posts/1/comments')[0]?.body).toEqual({
      body: 'Half a thought, finished.',
      replyToId: 10,
    });
    expect(window.localStorage.getItem(replyDraftKey(viewer.id, 1))).toBeNull();
    expect(screen.queryByText('Draft restored')).toBeNull();
  });

  it('keeps drafts per thread, and throws one away on request', async () => {
    window.localStorage.setItem(
      replyDraftKey(viewer.id, 2),
      JSON.stringify({ body: 'For another thread', replyTo: null }),
    );
    stubApi(threadWithReplies());
    const other = renderRoute('/forum/post/1');
    expect((await replyBox()).value).toBe('');
    expect(screen.queryByText('Draft restored')).toBeNull();
    other.unmount();

    window.localStorage.setItem(
      replyDraftKey(viewer.id, 1),
      JSON.stringify({ body: 'Second thoughts', replyTo: { id: 10, authorName: 'Bob Moderator' } }),
    );
    renderRoute('/forum/post/1');
    const notice = (await screen.findByText('Draft restored')).closest('[role="alert"]');
    await user.click(within(notice as HTMLElement).getByRole('button', { name: 'Discard draft' }));
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(window.localStorage.getItem(replyDraftKey(viewer.id, 1))).toBeNull();
    expect(window.localStorage.getItem(replyDraftKey(viewer.id, 2))).not.toBeNull();
  });

  it('keeps a reply typed into the server-drawn form before the app started, and posts it', async () => {
    const api = stubApi(threadWithReplies());
    typeBeforeAppStarts({ body: 'Typed while the scripts were on their way\n' });
    renderRoute('/forum/post/1');

    expect((await replyBox()).value).toBe('Typed while the scripts were on their way\n');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(toastTitles()).toContain('Reply posted'));
    expect(api.callsTo('POST', '/api/forum/posts/1/comments')[0]?.body).toEqual({
      body: 'Typed while the scripts were on their way\n',
      replyToId: null,
    });
  });

  it('keeps an unsaved edit of a reply across a reload until it is saved or cancelled', async () => {
    const own = buildReply(10, {
      author: ann,
      bodySource: 'First take',
      viewer: { reacted: false, canEdit: true, canDelete: true },
    });
    stubApi({ ...sessionOf(viewer), ...threadRoutes(buildThreadDetail({ replyCount: 1 }), [own]) });
    const first = renderRoute('/forum/post/1');
    await user.click(await screen.findByRole('button', { name: 'Edit the reply by Ann Lee' }));
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Edit reply' });
    await user.type(box, ', second thoughts');
    await waitFor(() =>
      expect(window.localStorage.getItem(replyEditDraftKey(viewer.id, 10))).toContain(
        'second thoughts',
      ),
    );
    first.unmount();

    renderRoute('/forum/post/1');
    await user.click(await screen.findByRole('button', { name: 'Edit the reply by Ann Lee' }));
    const again = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Edit reply' });
    expect(again.value).toBe('First take, second thoughts');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(window.localStorage.getItem(replyEditDraftKey(viewer.id, 10))).toBeNull();
  });
});
