import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast } from '../../shell/toast-store';

const viewer = buildUser();
import { draftKey } from './use-post-draft';
import { apiError, type ApiRoutes, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildThreadDetail, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

beforeEach(() => window.localStorage.clear());

function newPostRoutes(extra: ApiRoutes = {}): ApiRoutes {
  return {
    ...sessionOf(viewer),
    'POST /api/forum/posts': () => json({ post: buildThreadDetail({ id: 77 }) }, 201),
    'GET /api/forum/posts/77': () => json({ post: buildThreadDetail({ id: 77 }) }),
    'GET /api/forum/posts/77/comments': () => json({ items: [], nextCursor: null, total: 0 }),
    ...extra,
  };
}

async function chooseCategory(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('new post page', () => {
  it('validates with the shared schema before sending anything', async () => {
    const api = stubApi(newPostRoutes());
    renderRoute('/add-new');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Hey');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Title needs at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Body cannot be empty')).toBeTruthy();
    expect(screen.getByText('Choose a category')).toBeTruthy();
    expect(api.callsTo('POST', '/api/forum/posts')).toHaveLength(0);
  });

  it('counts only the characters a reader sees, as the server does', async () => {
    const api = stubApi(newPostRoutes());
    renderRoute('/add-new');

    // Six characters, three of them zero-width spaces; a body of a joiner and a Hangul filler.
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Title' }),
      'Hey\u200B\u200B\u200B',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Body' }), '\u200D\u3164');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Title needs at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Body cannot be empty')).toBeTruthy();
    expect(api.callsTo('POST', '/api/forum/posts')).toHaveLength(0);
  });

  it('asks for the film and rating only in Reviews', async () => {
    stubApi(newPostRoutes());
    renderRoute('/add-new');
    await screen.findByRole('textbox', { name: 'Title' });

    await chooseCategory('Discussions');
    expect(screen.queryByRole('combobox', { name: /^Film/ })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Rating out of 10' })).toBeNull();

    await chooseCategory('Reviews');
    expect(screen.getByRole('combobox', { name: /^Film/ })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Rating out of 10' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Old stuff' })).toBeNull();
  });

  it('publishes a review and opens it', async () => {
    const api = stubApi(newPostRoutes());
    const { location } = renderRoute('/add-new');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Solaris at 50');
    await chooseCategory('Reviews');
    // A title typed and not chosen from the films goes as the film's title (the films' own
    // picker tests choose one, which goes by its id).
    await userEvent.type(screen.getByRole('combobox', { name: /^Film/ }), 'Solaris');
    // Mantine's Rating commits a star with Enter or Space (arrows only move the highlight).
    screen.getByRole('radio', { name: '8 out of 10' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('img', { name: 'Rated 8 out of 10' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Tags', { selector: 'input' }), 'Tarkovsky,');
    await userEvent.type(screen.getByRole('textbox', { name: 'Body' }), 'Slow, and right to be.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(location()).toBe('/forum/post/77'));
    expect(api.callsTo('POST', '/api/forum/posts')[0]?.body).toEqual({
      title: 'Solaris at 50',
      body: 'Slow, and right to be.',
      categoryId: 1,
      tags: ['tarkovsky'],
      filmTitle: 'Solaris',
      rating: 8,
    });
    expect(window.localStorage.getItem(draftKey(viewer.id))).toBeNull();
  });

  it('restores the draft after a reload, and discards it on request', async () => {
    stubApi(newPostRoutes());
    const first = renderRoute('/add-new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Half a thought');
    await userEvent.type(screen.getByRole('textbox', { name: 'Body' }), 'To be continued');
    await waitFor(() => expect(window.localStorage.getItem(draftKey(viewer.id))).not.toBeNull());
    first.unmount();

    renderRoute('/add-new');
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    const title = screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Half a thought');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' }).value).toBe(
      'To be continued',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(title.value).toBe('');
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(window.localStorage.getItem(draftKey(viewer.id))).toBeNull();
  });

  it('shows the server refusal on the field it names', async () => {
    stubApi(
      newPostRoutes({
        'POST /api/forum/posts': () =>
          apiError(400, 'invalid-argument', 'Invalid request', {
            issues: [{ path: '/body', message: 'New accounts may post at most 2 links' }],
          }),
      }),
    );
    const { location } = renderRoute('/add-new');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Links galore');
    await chooseCategory('Discussions');
    await userEvent.type(screen.getByRole('textbox', { name: 'Body' }), 'a b c');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('New accounts may post at most 2 links')).toBeTruthy();
    expect(location()).toBe('/add-new');
  });

  it('shows a rate limit as a toast', async () => {
    stubApi(
      newPostRoutes({
        'POST /api/forum/posts': () =>
          apiError(429, 'resource-exhausted', 'One post every 30 seconds. Try again shortly.'),
      }),
    );
    renderRoute('/add-new');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Second post');
    await chooseCategory('Discussions');
    await userEvent.type(screen.getByRole('textbox', { name: 'Body' }), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(toastTitles()).toContain('Could not publish the post'));
    const shown = toast.getToasts().find((item) => item.title === 'Could not publish the post');
    expect(shown?.description).toBe('One post every 30 seconds. Try again shortly.');
  });
});
