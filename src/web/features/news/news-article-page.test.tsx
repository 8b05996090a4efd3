import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/accounts';
import { closeImageViewer } from '../../shell/image-viewer-store';
import {
  apiError,
  type ApiRoutes,
  json,
  sessionOf,
  stubApi,
  threadRoutes,
} from '../../test/fake-api';
import {
  authorOf,
  buildAdmin,
  buildArticle,
  buildReply,
  buildThreadDetail,
  buildUser,
  newsCover,
} from '../../test/factories';
import { renderRoute, toastTitles, findLinkedRow } from '../../test/render-route';

const viewer = buildUser();
const admin = buildAdmin();

/** Article 1 and its discussion thread 77 (with `replies`), as `user` sees them. */
function articleRoutes(
  article = buildArticle(),
  user: SessionUser | null = null,
  replies = [buildReply(10, { postId: 77 })],
): ApiRoutes {
  return {
    ...sessionOf(user),
    [`GET /api/news/${article.id}`]: () => json({ article }),
    ...threadRoutes(buildThreadDetail({ id: 77, title: article.title }), replies),
  };
}

describe('news article', () => {
  it('shows the article, opens its cover in the image viewer, lists its replies', async () => {
    stubApi(articleRoutes());
    renderRoute('/news/1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Festival line-up announced' }),
    ).toBeTruthy();
    expect(screen.getByText('full').tagName).toBe('STRONG');
    expect(screen.queryByRole('link', { name: 'Edit article' })).toBeNull();

    await userEvent.click(
      screen.getByRole('button', { name: `View the cover image full size: ${newsCover.alt}` }),
    );
    const viewerDialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(within(viewerDialog).getByRole('img').getAttribute('src')).toContain(newsCover.url);
    closeImageViewer();

    expect(await screen.findByText('Reply number 10')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in to reply' });
    expect(signIn.getAttribute('href')).toBe('/auth/login?redirect=%2Fnews%2F1');
  });

  it('calls what readers write under an article replies, also when they are closed', async () => {
    stubApi(articleRoutes());
    const { unmount } = renderRoute('/news/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Replies' })).toBeTruthy();
    unmount();

    stubApi(articleRoutes(buildArticle({ discussionPostId: null })));
    renderRoute('/news/1');
    expect(await screen.findByText('Replies are closed for this article.')).toBeTruthy();
    expect(screen.queryByText(/comment/i)).toBeNull();
  });

  it('posts a comment to the discussion thread for a signed-in member', async () => {
    const api = stubApi({
      ...articleRoutes(buildArticle(), viewer, []),
      'POST /api/forum/posts/77/comments': (call) =>
        json(
          {
            comment: buildReply(11, {
              postId: 77,
              author: authorOf(viewer),
              bodyHtml: '<p>Can’t wait</p>',
              bodySource: (call.body as { body: string }).body,
              viewer: { reacted: false, canEdit: true, canDelete: true },
            }),
          },
          201,
        ),
    });
    renderRoute('/news/1');

    expect(await screen.findByText('No replies yet.')).toBeTruthy();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Reply' }), 'Can’t wait');
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));

    await waitFor(() => expect(toastTitles()).toContain('Reply posted'));
    expect(api.callsTo('POST', '/api/forum/posts/77/comments')[0]?.body).toEqual({
      body: 'Can’t wait',
      replyToId: null,
    });
    expect(await screen.findByText('Can’t wait')).toBeTruthy();
  });

  it('quotes a reply with a link to it beside the article', async () => {
    stubApi(articleRoutes(buildArticle(), viewer));
    renderRoute('/news/1');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Quote the reply by Bob Moderator' }),
    );
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });
    await waitFor(() =>
      expect(box.value).toBe(
        '> [Bob Moderator](/u/bob) [wrote](/news/1?reply=10):\n>\n> Reply number 10\n\n',
      ),
    );
  });

  it('offers admins an edit link and marks an unpublished article', async () => {
    stubApi(articleRoutes(buildArticle({ status: 'draft', publishAt: null }), admin));
    renderRoute('/news/1');

    expect(await screen.findByRole('link', { name: 'Edit article' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit article' }).getAttribute('href')).toBe(
      '/admin/news/edit/1',
    );
    expect(screen.getByText('Draft')).toBeTruthy();
  });

  it('shows the not-found page, titled Page Not Found, when the article does not exist', async () => {
    stubApi({
      'GET /api/auth/session': () => json({ user: null }),
      'GET /api/news/5': () => apiError(404, 'not-found', 'No such article'),
    });
    const { location } = renderRoute('/news/5');
    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText('The page /news/5 could not be found.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page Not Found · Viewpoint'));
    expect(location()).toBe('/news/5');
  });

  it('keeps an unfinished comment under the article across a reload, as under a thread', async () => {
    stubApi(articleRoutes(buildArticle(), viewer, []));
    const first = renderRoute('/news/1');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Reply' }), 'Half a comment');
    // Saved on this device (a moment after the last key).
    await waitFor(() =>
      expect(JSON.stringify({ ...window.localStorage })).toContain('Half a comment'),
    );
    first.unmount();

    renderRoute('/news/1');
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' }).value).toBe(
      'Half a comment',
    );
  });

  it('opens at the reply a link names (?reply=), as the forum thread does', async () => {
    const replies = [10, 11, 12].map((id) => buildReply(id, { postId: 77 }));
    stubApi(articleRoutes(buildArticle(), null, replies));
    renderRoute('/news/1?reply=11');

    const row = await findLinkedRow();
    expect(row.id).toBe('reply-11');
    expect(within(row).getByText('Reply number 11')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(row));
  });
});
