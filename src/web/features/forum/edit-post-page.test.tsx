import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, sessionOf, stubApi } from '../../test/fake-api';
import { buildThreadDetail, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';
import { postEditDraftKey } from './use-post-draft';

const viewer = buildUser();

const editable = buildThreadDetail({
  category: { id: 1, slug: 'reviews', name: 'Reviews' },
  filmTitle: 'Solaris',
  rating: 6,
  tags: ['tarkovsky'],
  viewer: { reacted: false, canEdit: true, canDelete: true, canReply: true },
});

describe('edit post page', () => {
  it('is prefilled from the post and sends only what changed', async () => {
    const api = stubApi({
      ...sessionOf(viewer),
      'GET /api/forum/posts/1': () => json({ post: editable }),
      'PATCH /api/forum/posts/1': () =>
        json({ post: { ...editable, title: 'Is Solaris too slow? No.' } }),
      'GET /api/forum/posts/1/comments': () => json({ items: [], nextCursor: null, total: 0 }),
    });
    const { location } = renderRoute('/forum/post/edit/1');

    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Is Solaris too slow?');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' }).value).toBe(
      editable.bodySource,
    );
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Film/ }).value).toBe('Solaris');
    await userEvent.type(title, ' No.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(location()).toBe('/forum/post/1'));
    expect(api.callsTo('PATCH', '/api/forum/posts/1')[0]?.body).toEqual({
      title: 'Is Solaris too slow? No.',
    });
    expect(toastTitles()).toContain('Post updated');
    expect(await screen.findByRole('heading', { name: 'Is Solaris too slow? No.' })).toBeTruthy();
  });

  it('keeps an unsaved edit across a reload, only onto the thread as it was; saving ends it', async () => {
    stubApi({
      ...sessionOf(viewer),
      'GET /api/forum/posts/1': () => json({ post: editable }),
      'PATCH /api/forum/posts/1': () => json({ post: { ...editable, title: 'Solaris, again' } }),
      'GET /api/forum/posts/1/comments': () => json({ items: [], nextCursor: null, total: 0 }),
    });
    const user = userEvent.setup({ delay: null });
    const first = renderRoute('/forum/post/edit/1');
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Solaris, again');
    await waitFor(() =>
      expect(window.localStorage.getItem(postEditDraftKey(viewer.id, 1))).toContain(
        'Solaris, again',
      ),
    );
    first.unmount();

    const { location } = renderRoute('/forum/post/edit/1');
    const again = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    await waitFor(() => expect(again.value).toBe('Solaris, again'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(location()).toBe('/forum/post/1'));
    expect(window.localStorage.getItem(postEditDraftKey(viewer.id, 1))).toBeNull();
  });

  it('does not bring an edit back onto a thread changed since', async () => {
    window.localStorage.setItem(
      postEditDraftKey(viewer.id, 1),
      JSON.stringify({
        values: {
          title: 'Stale edit',
          body: 'x',
          categoryId: '1',
          tags: [],
          filmTitle: '',
          rating: 0,
        },
        base: JSON.stringify({ title: 'An older title' }),
      }),
    );
    stubApi({ ...sessionOf(viewer), 'GET /api/forum/posts/1': () => json({ post: editable }) });
    renderRoute('/forum/post/edit/1');
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Is Solaris too slow?');
  });

  it('sends a user who may not edit to Access Denied', async () => {
    stubApi({
      ...sessionOf(viewer),
      'GET /api/forum/posts/1': () => json({ post: buildThreadDetail() }),
    });
    renderRoute('/forum/post/edit/1');

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });
});
