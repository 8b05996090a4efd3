import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toLocalInput } from './news-form-schema';
import { type ApiCall, apiError, json, stubApi } from '../../test/fake-api';
import { buildAdmin, buildArticle, buildUpload, newsCover } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const admin = buildAdmin();

const upload = buildUpload({ url: newsCover.url, thumbnailUrl: newsCover.thumbnailUrl });

/** Echoes the body as the saved article 8, as the server would. */
function saved(call: ApiCall) {
  const body = call.body as { title: string; status: 'draft' | 'scheduled' | 'published' };
  return json({ article: buildArticle({ id: 8, title: body.title, status: body.status }) }, 201);
}

async function fillRequired(title = 'Festival line-up announced') {
  // Pasted, not typed: key-by-key typing of long texts only slows the tests down.
  await userEvent.click(await screen.findByLabelText(/^Title/));
  await userEvent.paste(title);
  await userEvent.click(screen.getByLabelText(/^Summary/));
  await userEvent.paste('Twelve premieres in four days.');
  await userEvent.click(screen.getByRole('textbox', { name: 'Body' }));
  await userEvent.paste('The **full** programme.');
}

describe('news editor', () => {
  it('publishes a featured article with a cover and goes to it', async () => {
    const api = stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'POST /api/uploads': () => json({ upload }, 201),
      'POST /api/news': saved,
    });
    const { location } = renderRoute('/admin/news/create');

    await fillRequired();
    expect(screen.getByText('30 / 300 characters')).toBeTruthy();
    await userEvent.upload(
      screen.getByLabelText('Cover image file'),
      new File(['x'], 'hall.png', { type: 'image/png' }),
    );
    await userEvent.click(await screen.findByLabelText(/^Cover alt text/));
    await userEvent.paste(newsCover.alt);
    await userEvent.click(screen.getByRole('radio', { name: 'Published' }));
    await userEvent.click(screen.getByRole('switch', { name: /Featured/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save article' }));

    await waitFor(() => expect(location()).toBe('/news/8'));
    expect(toastTitles()).toContain('Article published');
    expect(api.callsTo('POST', '/api/uploads')[0]?.search.get('purpose')).toBe('post');
    expect(api.callsTo('POST', '/api/news')[0]?.body).toEqual({
      title: 'Festival line-up announced',
      summary: 'Twelve premieres in four days.',
      body: 'The **full** programme.',
      cover: { url: newsCover.url, alt: newsCover.alt },
      status: 'published',
      publishAt: null,
      featured: true,
    });
  });

  it('asks for a future publish time when scheduling, and sends it as a moment', async () => {
    const api = stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'POST /api/news': saved,
    });
    const { location } = renderRoute('/admin/news/create');

    await fillRequired();
    await userEvent.click(screen.getByRole('radio', { name: 'Scheduled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('Pick when the article goes out')).toBeTruthy();

    const when = screen.getByLabelText(/^Publish at/);
    fireEvent.change(when, { target: { value: '2020-01-01T10:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('Pick a time in the future, or publish now')).toBeTruthy();
    expect(api.callsTo('POST', '/api/news')).toHaveLength(0);

    const future = toLocalInput('2031-05-01T10:30:00.000Z');
    fireEvent.change(when, { target: { value: future } });
    await userEvent.click(screen.getByRole('button', { name: 'Save article' }));

    await waitFor(() => expect(location()).toBe('/news/8'));
    expect(toastTitles()).toContain('Article scheduled');
    expect(api.callsTo('POST', '/api/news')[0]?.body).toMatchObject({
      status: 'scheduled',
      publishAt: '2031-05-01T10:30:00.000Z',
    });
  });

  it('needs alt text for a cover and goes back to the list after saving a draft', async () => {
    const api = stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'POST /api/uploads': () => json({ upload }, 201),
      'POST /api/news': saved,
    });
    const { location } = renderRoute('/admin/news/create');

    await fillRequired();
    await userEvent.upload(
      screen.getByLabelText('Cover image file'),
      new File(['x'], 'hall.png', { type: 'image/png' }),
    );
    await screen.findByLabelText(/^Cover alt text/);
    await userEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(
      await screen.findByText('Describe the cover image for people who cannot see it'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/news')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the cover' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save article' }));

    await waitFor(() => expect(location()).toBe('/admin/news'));
    expect(toastTitles()).toContain('Draft saved');
    expect(api.callsTo('POST', '/api/news')[0]?.body).toMatchObject({
      status: 'draft',
      cover: null,
      publishAt: null,
    });
  });

  it('shows the server’s field errors on the form', async () => {
    stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'POST /api/news': () =>
        apiError(400, 'invalid-argument', 'Invalid request', {
          issues: [{ path: '/title', message: 'An article with this title exists' }],
        }),
    });
    const { location } = renderRoute('/admin/news/create');

    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('An article with this title exists')).toBeTruthy();
    expect(location()).toBe('/admin/news/create');
  });

  it('edits an article without touching its publish time', async () => {
    const article = buildArticle({ id: 8 });
    const api = stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'GET /api/news/8': () => json({ article }),
      'PATCH /api/news/8': (call) =>
        json({ article: { ...article, ...(call.body as object), cover: article.cover } }),
    });
    const { location } = renderRoute('/admin/news/edit/8');

    const title = await screen.findByLabelText(/^Title/);
    expect((title as HTMLInputElement).value).toBe(article.title);
    expect(screen.getByRole('radio', { name: 'Published' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText<HTMLInputElement>(/^Cover alt text/).value).toBe(newsCover.alt);
    await userEvent.clear(title);
    await userEvent.paste('Festival line-up, updated');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(location()).toBe('/news/8'));
    const body = api.callsTo('PATCH', '/api/news/8')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      title: 'Festival line-up, updated',
      summary: article.summary,
      body: article.bodySource,
      cover: { url: newsCover.url, alt: newsCover.alt },
      status: 'published',
      featured: true,
    });
  });
});
