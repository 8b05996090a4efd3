import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acceptConfirm, confirmStore } from '../../shell/confirm-store';
import { json, noContent, stubApi } from '../../test/fake-api';
import { buildAdmin, buildArticle, buildArticleSummary } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const admin = buildAdmin();

function row(title: string): HTMLElement {
  const tr = screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr');
  if (!tr) throw new Error(`No row for ${title}`);
  return tr;
}

const published = buildArticleSummary({ id: 1, title: 'Festival line-up announced' });
const scheduled = buildArticleSummary({
  id: 2,
  title: 'Summer screenings',
  status: 'scheduled',
  publishAt: '2030-06-01T18:00:00.000Z',
});
const draft = buildArticleSummary({
  id: 3,
  title: 'Half-written idea',
  status: 'draft',
  publishAt: null,
});

describe('admin news list', () => {
  it('lists every article with its status, publish time and actions', async () => {
    stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'GET /api/admin/news': () => json({ items: [published, scheduled, draft], nextCursor: null }),
    });
    renderRoute('/admin/news');

    await screen.findByRole('table', { name: 'News articles' });
    expect(within(row('Festival')).getByText('Published')).toBeTruthy();
    expect(within(row('Summer')).getByText('Scheduled')).toBeTruthy();
    expect(within(row('Half-written')).getByText('Draft')).toBeTruthy();
    expect(within(row('Half-written')).getByText('—')).toBeTruthy();
    expect(
      within(row('Summer'))
        .getByRole('link', { name: 'Edit Summer screenings' })
        .getAttribute('href'),
    ).toBe('/admin/news/edit/2');
    expect(within(row('Half-written')).queryByRole('button', { name: /Unpublish/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Write an article' }).getAttribute('href')).toBe(
      '/admin/news/create',
    );
  });

  it('unpublishes by making the article a draft again', async () => {
    let items = [published];
    const api = stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'GET /api/admin/news': () => json({ items, nextCursor: null }),
      'PATCH /api/news/1': () => {
        items = [{ ...published, status: 'draft', publishAt: null }];
        return json({ article: buildArticle({ status: 'draft', publishAt: null }) });
      },
    });
    renderRoute('/admin/news');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Unpublish Festival line-up announced' }),
    );

    await waitFor(() => expect(toastTitles()).toContain('Article unpublished'));
    expect(api.callsTo('PATCH', '/api/news/1')[0]?.body).toEqual({ status: 'draft' });
    expect(await within(row('Festival')).findByText('Draft')).toBeTruthy();
  });

  it('deletes only after the danger confirmation', async () => {
    let items = [published, draft];
    const api = stubApi({
      'GET /api/auth/session': () => json({ user: admin }),
      'GET /api/admin/news': () => json({ items, nextCursor: null }),
      'DELETE /api/news/3': () => {
        items = [published];
        return noContent();
      },
    });
    renderRoute('/admin/news');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Half-written idea' }));
    expect(confirmStore.getState().view).toMatchObject({ type: 'danger', title: 'Delete article' });
    expect(api.callsTo('DELETE', '/api/news/3')).toHaveLength(0);
    await acceptConfirm();

    await waitFor(() => expect(toastTitles()).toContain('Article deleted'));
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /Half-written/ })).toBeNull(),
    );
    expect(api.callsTo('DELETE', '/api/news/3')).toHaveLength(1);
  });
});
