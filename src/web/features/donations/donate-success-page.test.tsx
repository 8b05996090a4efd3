import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../components/format-time';
import { apiError, json, stubApi } from '../../test/fake-api';
import { buildDonationStatus } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

const statusPath = '/api/donations/status';

afterEach(() => {
  vi.useRealTimers();
});

describe('thank-you page', () => {
  it('says the donation is being confirmed and asks again until it is received', async () => {
    // The page's clock runs on its own, and the test moves it on by the polling interval.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = buildDonationStatus({
      state: 'confirming',
      receivedAt: null,
      interval: 'monthly',
    });
    const api = stubApi({ [`GET ${statusPath}`]: () => json(status) });
    renderRoute('/donate/success?session_id=cs_test_1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeTruthy();
    const confirming = await screen.findByText('Confirming your donation…');
    expect(confirming.closest('[aria-live="polite"]')).toBeTruthy();
    expect(api.callsTo('GET', statusPath)[0]?.search.get('session_id')).toBe('cs_test_1');

    await vi.advanceTimersByTimeAsync(2_000);
    expect(screen.getByText('Confirming your donation…')).toBeTruthy();
    expect(api.callsTo('GET', statusPath).length).toBeGreaterThanOrEqual(2);

    status = buildDonationStatus({ interval: 'monthly' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await screen.findByRole('heading', { name: 'Donation received' })).toBeTruthy();
    expect(screen.queryByText('Confirming your donation…')).toBeNull();
    expect(screen.getByText('$25')).toBeTruthy();
    expect(screen.getByText(/^Monthly donation, received/)).toBeTruthy();
    expect(screen.getByText(formatDate(status.receivedAt!))).toBeTruthy();
    expect(screen.getByText('A receipt is on its way to your email.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the donor wall' }).getAttribute('href')).toBe(
      '/donations',
    );

    // Received: the page stops asking.
    const asked = api.callsTo('GET', statusPath).length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.callsTo('GET', statusPath)).toHaveLength(asked);
  });

  it('shows the receipt on the page when none was mailed (a visitor’s demo gift), in the currency paid', async () => {
    const status = buildDonationStatus({
      amount: 2_000,
      currency: 'eur',
      interval: 'monthly',
      receipt: { reference: 'donation #7', emailed: false, stopPath: '/donate/stop?token=a.b' },
    });
    stubApi({ [`GET ${statusPath}`]: () => json(status) });
    renderRoute('/donate/success?session_id=cs_test_1');

    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    const row = (label: string) =>
      within(receipt).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(within(row('Amount')).getByText('€20 EUR (monthly)')).toBeTruthy();
    expect(within(row('Date')).getByText(formatDate(status.receivedAt!))).toBeTruthy();
    expect(within(row('Reference')).getByText('donation #7')).toBeTruthy();
    expect(within(receipt).getByText(/this page is your receipt/)).toBeTruthy();
    // A monthly gift's receipt links to stopping it, as its e-mail would.
    expect(
      within(receipt).getByRole('link', { name: 'Stop this monthly gift' }).getAttribute('href'),
    ).toBe('/donate/stop?token=a.b');
    expect(screen.queryByText('A receipt is on its way to your email.')).toBeNull();
  });

  it.each([
    ['failed', 'The payment failed. No money was taken.'],
    ['refunded', 'This donation has been refunded.'],
    ['cancelled', 'The checkout was cancelled. Nothing was charged.'],
  ] as const)('says plainly when the donation was %s', async (state, words) => {
    stubApi({ [`GET ${statusPath}`]: () => json(buildDonationStatus({ state })) });
    renderRoute('/donate/success?session_id=cs_test_1');

    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.queryByText('$25')).toBeNull();
  });

  it('shows nothing of a session this browser did not start', async () => {
    stubApi({
      [`GET ${statusPath}`]: () => apiError(404, 'not-found', 'Donation not found'),
    });
    renderRoute('/donate/success?session_id=cs_someone_else');

    expect(await screen.findByText('We could not find this donation')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Go to the donations page' }).getAttribute('href'),
    ).toBe('/donations');
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('asks nothing without a session id', async () => {
    const api = stubApi();
    renderRoute('/donate/success');

    expect(await screen.findByText('We could not find this donation')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', statusPath)).toHaveLength(0));
  });
});
