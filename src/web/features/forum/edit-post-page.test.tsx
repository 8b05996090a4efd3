import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, sessionOf, stubApi } from '../../test/fake-api';
import { buildThreadDetail, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

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
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Film title' }).value).toBe(
      'Solaris',
    );
    await userEvent.type(title, ' No.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(location()).toBe('/forum/post/1'));
    expect(api.callsTo('PATCH', '/api/forum/posts/1')[0]?.body).toEqual({
      title: 'Is Solaris too slow? No.',
    });
    expect(toastTitles()).toContain('Post updated');
    expect(await screen.findByRole('heading', { name: 'Is Solaris too slow? No.' })).toBeTruthy();
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
