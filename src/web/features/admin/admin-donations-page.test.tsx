import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminDonation } from '../../../shared/donations';
import { json, sessionOf, stubApi, type ApiRoutes } from '../../test/fake-api';
import { buildAdmin, buildAdminDonation, buildCampaignSettings } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const listPath = '/api/admin/donations';
/** Every donation the filters match: dollars and euros, each summed on its own. */
const totals = {
  count: 3,
  amounts: [
    { currency: 'usd', amount: 5_000 },
    { currency: 'eur', amount: 2_000 },
  ],
};

function adminRoutes(items: AdminDonation[] = [buildAdminDonation(1)]): ApiRoutes {
  return {
    ...sessionOf(buildAdmin()),
    [`GET ${listPath}`]: (call) =>
      call.search.get('cursor') === 'd2'
        ? json({
            items: [buildAdminDonation(9, { name: 'Older donor', member: null })],
            nextCursor: null,
            totals,
          })
        : json({ items, nextCursor: 'd2', totals }),
    'GET /api/admin/donations/months': () =>
      json({
        currency: 'usd',
        months: [
          {
            month: '2025-03',
            count: 3,
            amounts: [
              { currency: 'usd', amount: 5_000, refunded: 1_000 },
              { currency: 'eur', amount: 2_000, refunded: 0 },
            ],
          },
          {
            month: '2025-02',
            count: 1,
            amounts: [{ currency: 'usd', amount: 1_500, refunded: 0 }],
          },
        ],
      }),
    'GET /api/admin/donations/campaign': () => json({ campaign: buildCampaignSettings() }),
  };
}

function row(name: string): HTMLElement {
  const tr = screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr');
  if (!tr) throw new Error(`No row for ${name}`);
  return tr;
}

describe('admin donations page', () => {
  it('lists donations with their totals per currency, loads more, and shows money per month and currency', async () => {
    const api = stubApi(
      adminRoutes([
        buildAdminDonation(1),
        buildAdminDonation(2, {
          name: 'Anonymous',
          email: null,
          member: null,
          interval: 'monthly',
          status: 'refunded',
          amountRefunded: 2_500,
          message: '',
        }),
      ]),
    );
    renderRoute('/admin/donations');

    const table = await screen.findByRole('table', { name: 'Donations' });
    const ann = row('Ann Lee');
    expect(within(ann).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe('/u/ann');
    expect(within(ann).getByText('ann@example.com')).toBeTruthy();
    expect(within(ann).getByText('$25')).toBeTruthy();
    expect(within(ann).getByText('Received')).toBeTruthy();
    expect(within(ann).getByText('One-off')).toBeTruthy();
    expect(within(ann).getByText('For the westerns.')).toBeTruthy();
    const anonymous = row('Anonymous');
    expect(within(anonymous).getByText('Refunded')).toBeTruthy();
    expect(within(anonymous).getByText('$25 refunded')).toBeTruthy();
    expect(within(anonymous).getByText('Monthly')).toBeTruthy();
    expect(within(anonymous).queryByRole('button')).toBeNull();
    expect(screen.getByText('3 donations · $50 · €20 received, net of refunds')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more donations' }));
    expect(await within(table).findByText('Older donor')).toBeTruthy();
    expect(api.callsTo('GET', listPath).at(-1)?.search.get('cursor')).toBe('d2');

    const months = screen.getByRole('table', { name: 'Monthly totals' });
    const march = within(months).getByRole('rowheader', { name: 'March 2025' }).closest('tr')!;
    expect(within(march).getByText('$50 · €20')).toBeTruthy();
    expect(within(march).getByText('$10 · €0')).toBeTruthy();
    const february = within(months)
      .getByRole('rowheader', { name: 'February 2025' })
      .closest('tr')!;
    expect(within(february).getByText('$15')).toBeTruthy();
    expect(within(february).getByText('$0')).toBeTruthy();
  });

  it('keeps its filters in the URL, asks the API with them and exports the same view', async () => {
    const api = stubApi(adminRoutes());
    const { location } = renderRoute('/admin/donations?status=paid&from=2025-03-01&to=nonsense');

    await screen.findByRole('table', { name: 'Donations' });
    expect(api.callsTo('GET', listPath)[0]?.search.toString()).toBe('from=2025-03-01&status=paid');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2025-03-01');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('paid');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/donations/export.csv?from=2025-03-01&status=paid',
    );

    await userEvent.selectOptions(screen.getByLabelText('How often'), 'monthly');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(location()).toBe(
        '/admin/donations?from=2025-03-01&to=2025-03-31&status=paid&interval=monthly',
      ),
    );
    await waitFor(() =>
      expect(api.callsTo('GET', listPath).at(-1)?.search.toString()).toBe(
        'from=2025-03-01&to=2025-03-31&status=paid&interval=monthly',
      ),
    );
    const exported = screen.getByRole('link', { name: 'Export CSV' });
    expect(exported.getAttribute('href')).toBe(
      '/api/admin/donations/export.csv?from=2025-03-01&to=2025-03-31&status=paid&interval=monthly',
    );
    expect(exported.hasAttribute('download')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/admin/donations'));
  });

  it('hides a donor’s message with a reason, and restores a hidden one', async () => {
    const api = stubApi({
      ...adminRoutes([
        buildAdminDonation(1),
        buildAdminDonation(2, { name: 'Bea', member: null, messageHidden: true }),
      ]),
      'PATCH /api/admin/donations/1/message': () =>
        json({ donation: buildAdminDonation(1, { messageHidden: true }) }),
      'PATCH /api/admin/donations/2/message': () =>
        json({ donation: buildAdminDonation(2, { name: 'Bea', member: null }) }),
    });
    renderRoute('/admin/donations');

    await screen.findByRole('table', { name: 'Donations' });
    await userEvent.click(
      within(row('Ann Lee')).getByRole('button', { name: 'Hide the message of Ann Lee' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide the message of Ann Lee' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'An insult');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(toastTitles()).toContain('Message hidden'));
    expect(api.callsTo('PATCH', '/api/admin/donations/1/message')[0]?.body).toEqual({
      hidden: true,
      reason: 'An insult',
    });
    // The list is read again to show the change.
    await waitFor(() => expect(api.callsTo('GET', listPath).length).toBeGreaterThan(1));

    const bea = row('Bea');
    expect(within(bea).getByText('Hidden from the wall')).toBeTruthy();
    await userEvent.click(within(bea).getByRole('button', { name: 'Restore the message of Bea' }));
    const restore = await screen.findByRole('dialog', { name: 'Restore the message of Bea' });
    await userEvent.type(within(restore).getByRole('textbox', { name: /Reason/ }), 'Reviewed');
    await userEvent.click(within(restore).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(toastTitles()).toContain('Message restored'));
    expect(api.callsTo('PATCH', '/api/admin/donations/2/message')[0]?.body).toEqual({
      hidden: false,
      reason: 'Reviewed',
    });
  });

  it('saves the campaign with its goal in cents', async () => {
    const api = stubApi({
      ...adminRoutes(),
      'PUT /api/admin/donations/campaign': (call) => json({ campaign: call.body }),
    });
    renderRoute('/admin/donations');

    const form = await screen.findByRole('form', { name: 'Campaign' });
    const goal = within(form).getByRole('textbox', { name: /Goal/ });
    expect((goal as HTMLInputElement).value).toBe('5,000');
    await userEvent.clear(goal);
    await userEvent.type(goal, '7500.505');
    await userEvent.click(within(form).getByRole('button', { name: 'Save campaign' }));
    expect(await within(form).findByText('At most two decimals')).toBeTruthy();

    await userEvent.clear(goal);
    await userEvent.type(goal, '7500.5');
    fireEvent.change(within(form).getByLabelText('Ends on'), { target: { value: '2025-02-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save campaign' }));
    expect(
      await within(form).findByText('The campaign must end on or after its start'),
    ).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Ends on'), { target: { value: '' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(toastTitles()).toContain('Campaign saved'));
    expect(api.callsTo('PUT', '/api/admin/donations/campaign')[0]?.body).toEqual({
      title: 'Keep the lights on',
      text: 'The server costs money every month.',
      goal: 750_050,
      startsAt: '2025-03-01',
      endsAt: null,
    });
  });
});
