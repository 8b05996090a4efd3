import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acceptConfirm } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { apiError, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildAdmin, buildModRequest } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const admin = buildAdmin();

const open = buildModRequest({ id: 5 });

describe('mod requests page', () => {
  it('lists open requests with motivation and the requester’s history', async () => {
    const api = stubApi({
      ...sessionOf(admin),
      'GET /api/mod-requests': () => json({ items: [open], nextCursor: null }),
    });
    renderRoute('/admin/mod-requests');

    const card = await screen.findByRole('listitem', { name: 'Request from Dan Requester' });
    expect(within(card).getByText(open.motivation)).toBeTruthy();
    const history = within(card).getByLabelText('Requester history').textContent ?? '';
    expect(history).toContain('14 posts');
    expect(history).toContain('1 reply');
    expect(history).toContain('0 reports against them');
    expect(history).toContain('2 sanctions');
    expect(api.callsTo('GET', '/api/mod-requests')[0]?.search.get('status')).toBe('open');
  });

  it('approves after the confirm dialog and refreshes the list', async () => {
    let items = [open];
    const api = stubApi({
      ...sessionOf(admin),
      'GET /api/mod-requests': () => json({ items, nextCursor: null }),
      'POST /api/mod-requests/5/approve': () => {
        items = [];
        return json({ request: { ...open, status: 'approved', decidedAt: open.createdAt } });
      },
    });
    renderRoute('/admin/mod-requests');

    await userEvent.click(await screen.findByRole('button', { name: 'Approve Dan Requester' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request' });
    expect(within(dialog).getByText(/Dan Requester becomes a moderator/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/mod-requests/5/approve')).toHaveLength(0);
    await acceptConfirm();

    await waitFor(() => expect(toastTitles()).toContain('Request approved'));
    expect(api.callsTo('POST', '/api/mod-requests/5/approve')).toHaveLength(1);
    expect(await screen.findByText('No open requests.')).toBeTruthy();
  });

  it('rejects with a reason, and needs one', async () => {
    const api = stubApi({
      ...sessionOf(admin),
      'GET /api/mod-requests': () => json({ items: [open], nextCursor: null }),
      'POST /api/mod-requests/5/reject': (call) =>
        json({
          request: {
            ...open,
            status: 'rejected',
            decisionReason: (call.body as { reason: string }).reason,
          },
        }),
    });
    renderRoute('/admin/mod-requests');

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Dan Requester' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Dan Requester’s request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(api.callsTo('POST', '/api/mod-requests/5/reject')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Not active enough yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));

    await waitFor(() => expect(toastTitles()).toContain('Request rejected'));
    expect(api.callsTo('POST', '/api/mod-requests/5/reject')[0]?.body).toEqual({
      reason: 'Not active enough yet',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal (already decided) as a red toast', async () => {
    stubApi({
      ...sessionOf(admin),
      'GET /api/mod-requests': () => json({ items: [open], nextCursor: null }),
      'POST /api/mod-requests/5/approve': () =>
        apiError(412, 'failed-precondition', 'This request was already decided'),
    });
    renderRoute('/admin/mod-requests');

    await userEvent.click(await screen.findByRole('button', { name: 'Approve Dan Requester' }));
    await acceptConfirm();

    await waitFor(() => expect(toastTitles()).toContain('Could not approve the request'));
    expect(toast.getToasts()[0]).toMatchObject({
      description: 'This request was already decided',
      color: 'red',
    });
  });

  it('shows decided requests on their tabs with the reason', async () => {
    const rejected = buildModRequest({
      id: 6,
      status: 'rejected',
      decisionReason: 'Too new here',
      decidedAt: '2025-03-03T09:00:00.000Z',
    });
    const api = stubApi({
      ...sessionOf(admin),
      'GET /api/mod-requests': (call) =>
        json({
          items: call.search.get('status') === 'rejected' ? [rejected] : [],
          nextCursor: null,
        }),
    });
    const { location } = renderRoute('/admin/mod-requests');
    expect(await screen.findByText('No open requests.')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Rejected' }));

    const card = await screen.findByRole('listitem', { name: 'Request from Dan Requester' });
    expect(within(card).getByText('Reason: Too new here')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(location()).toBe('/admin/mod-requests?status=rejected');
    expect(api.callsTo('GET', '/api/mod-requests').at(-1)?.search.get('status')).toBe('rejected');
  });
});
