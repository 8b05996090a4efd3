import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, sessionOf, stubApi, type ApiCall } from '../../test/fake-api';
import { buildThread, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const member = buildUser();

const unopened = buildThread({ id: 1, title: 'Never opened', unread: { seen: false, replies: 0 } });
const behind = buildThread({ id: 2, title: 'Three behind', unread: { seen: true, replies: 3 } });
const caughtUp = buildThread({ id: 3, title: 'Caught up', unread: { seen: true, replies: 0 } });

function listRoutes(viewer: typeof member | null, answer: (call: ApiCall) => Response) {
  return { ...sessionOf(viewer), 'GET /api/forum/posts': answer };
}

const rowOf = (title: string) =>
  screen.getByRole('link', { name: title }).closest<HTMLElement>('li')!;

describe('forum page for a member', () => {
  it('marks threads never opened as New and counts replies not yet read', async () => {
    stubApi(
      listRoutes(member, () => json({ items: [unopened, behind, caughtUp], nextCursor: null })),
    );
    renderRoute('/forum');

    await screen.findByRole('link', { name: 'Never opened' });
    expect(rowOf('Never opened').textContent).toContain('New thread');
    expect(rowOf('Three behind').textContent).toContain('3 new replies');
    expect(within(rowOf('Caught up')).queryByText(/new/i)).toBeNull();
  });

  it('shows visitors no badges (they have no reading) and no New filter', async () => {
    const open = buildThread({ id: 4, title: 'Open to all', replyCount: 3 });
    const api = stubApi(listRoutes(null, () => json({ items: [open], nextCursor: null })));
    renderRoute('/forum?filter=new');

    await screen.findByRole('link', { name: 'Open to all' });
    expect(rowOf('Open to all').textContent).not.toMatch(/new/i);
    expect(screen.queryByRole('switch', { name: /Only new/ })).toBeNull();
    // A shared "new" link lists every thread for a visitor rather than failing.
    expect(api.callsTo('GET', '/api/forum/posts').map((c) => c.search.get('filter'))).toEqual([
      null,
    ]);
  });

  it('keeps the New filter in the URL and asks the server for new threads only', async () => {
    const api = stubApi(
      listRoutes(member, (call) =>
        json({
          items: call.search.get('filter') === 'new' ? [behind] : [behind, caughtUp],
          nextCursor: null,
        }),
      ),
    );
    const { location } = renderRoute('/forum?category=reviews');
    await screen.findByRole('link', { name: 'Caught up' });

    await userEvent.click(screen.getByRole('switch', { name: /Only new/ }));

    await waitFor(() => expect(location()).toBe('/forum?category=reviews&filter=new'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Caught up' })).toBeNull());
    const last = api.callsTo('GET', '/api/forum/posts').at(-1);
    expect(last?.search.get('filter')).toBe('new');
    expect(last?.search.get('category')).toBe('reviews');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Only new/ }).checked).toBe(true);
  });

  it('says a member is caught up when nothing is new', async () => {
    stubApi(listRoutes(member, () => json({ items: [], nextCursor: null })));
    renderRoute('/forum?filter=new');

    expect(await screen.findByText('Nothing new')).toBeTruthy();
  });

  it("changes a category's notifications, saying what the member will hear", async () => {
    const api = stubApi({
      ...listRoutes(member, () => json({ items: [caughtUp], nextCursor: null })),
      'GET /api/forum/categories/1/watch': () => json({ level: 'normal' }),
      'PUT /api/forum/categories/1/watch': (call) => json(call.body),
    });
    renderRoute('/forum?category=reviews');

    const select = await screen.findByRole('combobox', { name: 'Notifications for this category' });
    expect((select as HTMLInputElement).value).toBe('Normal');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: /^Muted/ }));

    await waitFor(() => expect(toastTitles()).toContain('This category is muted'));
    expect(api.callsTo('PUT', '/api/forum/categories/1/watch').map((c) => c.body)).toEqual([
      { level: 'muted' },
    ]);
    expect((select as HTMLInputElement).value).toBe('Muted');
  });

  it('offers category notifications only once a category is chosen', async () => {
    const api = stubApi(listRoutes(member, () => json({ items: [caughtUp], nextCursor: null })));
    renderRoute('/forum');

    await screen.findByRole('link', { name: 'Caught up' });
    expect(screen.queryByRole('combobox', { name: /Notifications for/ })).toBeNull();
    expect(api.calls.filter((call) => call.path.endsWith('/watch'))).toEqual([]);
  });
});
