import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acceptConfirm } from '../../shell/confirm-store';
import { closeImageViewer } from '../../shell/image-viewer-store';
import { apiError, json, noContent, sessionOf, stubApi, threadRoutes } from '../../test/fake-api';
import {
  authorOf,
  buildModeratorAuthor,
  buildReply,
  buildRevision,
  buildThreadDetail,
  buildUser,
} from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const viewer = buildUser();
const bob = buildModeratorAuthor();

describe('post page', () => {
  it('shows the thread: title, rating, author card, body, views', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(
        buildThreadDetail({
          author: bob,
          filmTitle: 'Solaris',
          rating: 7,
          category: { id: 1, slug: 'reviews', name: 'Reviews' },
        }),
      ),
    });
    renderRoute('/forum/post/1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Is Solaris too slow?' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 7 out of 10' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bob Moderator' }).getAttribute('href')).toBe('/u/bob');
    expect(screen.getByText('Moderator')).toBeTruthy();
    expect(screen.getByText('works').tagName).toBe('STRONG');
    expect(screen.getByText('42 views')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(await screen.findByText('No replies yet.')).toBeTruthy();
  });

  it('shows a tombstone for a deleted post and no reply form', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ deleted: true, bodyHtml: '', bodySource: '' })),
    });
    renderRoute('/forum/post/1');

    expect(await screen.findByText('This post was deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Like this post/ })).toBeNull();
    await screen.findByText('No replies yet.');
    expect(screen.queryByRole('button', { name: 'Post reply' })).toBeNull();
  });

  it('says a locked thread takes no replies and offers no reply form', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ locked: true }), [buildReply(10)]),
    });
    renderRoute('/forum/post/1');

    expect(await screen.findByText('This thread is locked: it takes no new replies.')).toBeTruthy();
    await screen.findByText('Reply number 10');
    expect(screen.queryByRole('button', { name: 'Post reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply to/ })).toBeNull();
  });

  it('toggles the like at once, then takes the server count', async () => {
    let answer: (response: Response) => void = () => {};
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ author: bob, reactionCount: 2 })),
      'PUT /api/forum/posts/1/reaction': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'DELETE /api/forum/posts/1/reaction': () => json({ reacted: false, reactionCount: 4 }),
    });
    renderRoute('/forum/post/1');

    const like = await screen.findByRole('button', { name: 'Like this post, 2 likes' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(like);
    // Before the server answers.
    const pending = await screen.findByRole('button', { name: 'Like this post, 3 likes' });
    expect(pending.getAttribute('aria-pressed')).toBe('true');
    answer(json({ reacted: true, reactionCount: 5 }));
    await screen.findByRole('button', { name: 'Like this post, 5 likes' });

    await userEvent.click(screen.getByRole('button', { name: 'Like this post, 5 likes' }));
    const unliked = await screen.findByRole('button', { name: 'Like this post, 4 likes' });
    expect(unliked.getAttribute('aria-pressed')).toBe('false');
    expect(api.callsTo('PUT', '/api/forum/posts/1/reaction')).toHaveLength(1);
    expect(api.callsTo('DELETE', '/api/forum/posts/1/reaction')).toHaveLength(1);
  });

  it('puts the like back when the server refuses it', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ author: bob, reactionCount: 2 })),
      'PUT /api/forum/posts/1/reaction': () =>
        apiError(429, 'resource-exhausted', 'Too many reactions, slow down.'),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(await screen.findByRole('button', { name: 'Like this post, 2 likes' }));

    await waitFor(() => expect(toastTitles()).toContain('Could not save your like'));
    const like = await screen.findByRole('button', { name: 'Like this post, 2 likes' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
  });

  it('sends signed-out visitors who like to sign in, and back', async () => {
    const api = stubApi({ ...sessionOf(null), ...threadRoutes(buildThreadDetail()) });
    const { location } = renderRoute('/forum/post/1');

    await userEvent.click(await screen.findByRole('button', { name: 'Like this post, 0 likes' }));

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(location()).toBe('/auth/login?redirect=%2Fforum%2Fpost%2F1');
    expect(api.callsTo('PUT', '/api/forum/posts/1/reaction')).toHaveLength(0);
  });

  it('deletes the post after a danger confirmation and returns to the forum', async () => {
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(
        buildThreadDetail({
          viewer: { reacted: false, canEdit: true, canDelete: true, canReply: true },
        }),
      ),
      'DELETE /api/forum/posts/1': () => noContent(),
      'GET /api/forum/posts': () => json({ items: [], nextCursor: null }),
    });
    const { location } = renderRoute('/forum/post/1');

    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe(
      '/forum/post/edit/1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete post' })).toBeTruthy();
    await acceptConfirm();

    await waitFor(() => expect(location()).toBe('/forum'));
    expect(toastTitles()).toContain('Post deleted');
    expect(api.callsTo('DELETE', '/api/forum/posts/1')).toHaveLength(1);
  });

  it('offers the author neither a like nor a report of their own post, only its counts', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ author: authorOf(viewer), reactionCount: 3 })),
    });
    renderRoute('/forum/post/1');

    expect(await screen.findByText('3 likes')).toBeTruthy();
    expect(screen.getByText('42 views')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Like this post/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report this post' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('shows the edit history of an edited post', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ editedAt: new Date().toISOString() })),
      'GET /api/forum/posts/1/revisions': () =>
        json({
          revisions: [
            buildRevision(3, {
              previousTitle: 'Is Solaris slow?',
              previousBody: 'First **draft**',
            }),
          ],
        }),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(await screen.findByRole('button', { name: 'History of this post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    expect(await within(dialog).findByText('First **draft**')).toBeTruthy();
    expect(within(dialog).getByText('Is Solaris slow?')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ann Lee' })).toBeTruthy();
  });

  it('names a previous title only for the edits that changed the title', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ editedAt: new Date().toISOString() })),
      'GET /api/forum/posts/1/revisions': () =>
        json({
          revisions: [
            buildRevision(3, { previousTitle: 'Is Solaris too slow?', previousBody: 'Second' }),
            buildRevision(2, { previousTitle: 'Is Solaris slow?', previousBody: 'First' }),
          ],
        }),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(await screen.findByRole('button', { name: 'History of this post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    expect(await within(dialog).findByText('Second')).toBeTruthy();
    expect(within(dialog).getAllByText(/Previous title/)).toHaveLength(1);
    expect(within(dialog).getByText('Is Solaris slow?')).toBeTruthy();
    expect(within(dialog).queryByText('Is Solaris too slow?')).toBeNull();
  });

  it('reports the post with a category, and asks for words of one’s own for “something else”', async () => {
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ author: bob })),
      'POST /api/forum/posts/1/report': () => noContent(),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(await screen.findByRole('button', { name: 'Report this post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose what is wrong')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Say briefly what is wrong')).toBeTruthy();
    expect(api.callsTo('POST', '/api/forum/posts/1/report')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(toastTitles()).toContain('Report sent'));
    expect(api.callsTo('POST', '/api/forum/posts/1/report')[0]?.body).toEqual({
      category: 'other',
      reason: 'Spam link',
    });
  });

  it('loads the report dialog on the first press and gives focus back to the button on close', async () => {
    stubApi({ ...sessionOf(viewer), ...threadRoutes(buildThreadDetail({ author: bob })) });
    renderRoute('/forum/post/1');

    const report = await screen.findByRole('button', { name: 'Report this post' });
    await userEvent.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(report));
  });

  it('reports a reply as spam without a reason', async () => {
    const api = stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail(), [buildReply(10)]),
      'POST /api/forum/comments/10/report': () => noContent(),
    });
    renderRoute('/forum/post/1');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Report the reply by Bob Moderator' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report the reply by Bob Moderator' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(toastTitles()).toContain('Report sent'));
    expect(api.callsTo('POST', '/api/forum/comments/10/report')[0]?.body).toEqual({
      category: 'spam',
      reason: '',
    });
  });

  it('copies the canonical link', async () => {
    stubApi({ ...sessionOf(viewer), ...threadRoutes(buildThreadDetail()) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderRoute('/forum/post/1');

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    await waitFor(() => expect(toastTitles()).toContain('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/forum/post/1`);
  });

  it('opens post images in the image viewer on click and Enter', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(
        buildThreadDetail({
          bodyHtml: '<p><img class="post-image" src="/media/abc.webp" alt="Poster"></p>',
        }),
      ),
    });
    renderRoute('/forum/post/1');

    const image = await screen.findByRole('img', { name: 'Poster' });
    await userEvent.click(image);
    expect(await screen.findByRole('dialog', { name: 'Image viewer' })).toBeTruthy();
    closeImageViewer();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image viewer' })).toBeNull());

    expect(image.tabIndex).toBe(0);
    image.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Image viewer' })).toBeTruthy();
    closeImageViewer();
  });

  it('shows the not-found page, titled Page Not Found, when the post does not exist', async () => {
    stubApi({
      ...sessionOf(viewer),
      'GET /api/forum/posts/9': () => apiError(404, 'not-found', 'Post not found'),
    });
    const { location } = renderRoute('/forum/post/9');
    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText('The page /forum/post/9 could not be found.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page Not Found · Viewpoint'));
    expect(location()).toBe('/forum/post/9');
  });

  it('titles a deleted post Gone, as its 410 answer is', async () => {
    stubApi({
      ...sessionOf(viewer),
      ...threadRoutes(buildThreadDetail({ deleted: true, bodyHtml: '', bodySource: '' })),
    });
    renderRoute('/forum/post/1');
    expect(await screen.findByText('This post was deleted.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Gone · Viewpoint'));
  });
});
