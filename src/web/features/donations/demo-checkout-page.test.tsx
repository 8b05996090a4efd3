import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi, type ApiRoutes } from '../../test/fake-api';
import { buildDemoCheckout, buildDonationsPage, buildDonationStatus } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

const base = '/api/donations/demo/cs_test_1';

function checkoutRoutes(checkout = buildDemoCheckout()): ApiRoutes {
  return {
    [`GET ${base}`]: () => json(checkout),
    [`POST ${base}/pay`]: () => json({ url: '/donate/success?session_id=cs_test_1' }),
    [`POST ${base}/cancel`]: () => json({ url: '/donations' }),
    'GET /api/donations/status': () => json(buildDonationStatus()),
    'GET /api/donations': () => json(buildDonationsPage()),
  };
}

describe('demo checkout', () => {
  it('says no money moves, asks a visitor for no address, pays, then shows the thank-you page', async () => {
    const api = stubApi(checkoutRoutes(buildDemoCheckout({ interval: 'monthly' })));
    const { location } = renderRoute('/donate/checkout/cs_test_1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByText('Test mode — no money moves')).toBeTruthy();
    expect(await screen.findByText('$25 a month')).toBeTruthy();
    expect(screen.getByText('Monthly donation')).toBeTruthy();
    // The demo mails no address typed in: there is no field for one.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/Your receipt shows on the next page/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Pay $25 monthly' }));
    await waitFor(() => expect(location()).toBe('/donate/success?session_id=cs_test_1'));
    expect(api.callsTo('POST', `${base}/pay`).map((call) => call.body)).toEqual([undefined]);
    expect(await screen.findByRole('heading', { name: 'Donation received' })).toBeTruthy();
  });

  it('tells a member their receipt goes to their verified address', async () => {
    const api = stubApi(checkoutRoutes(buildDemoCheckout({ receiptTo: 'ann@example.com' })));
    renderRoute('/donate/checkout/cs_test_1');

    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText(/The receipt goes to your verified address/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25' }));
    await waitFor(() => expect(api.callsTo('POST', `${base}/pay`)).toHaveLength(1));
  });

  it('cancels back to the donations page', async () => {
    const api = stubApi(checkoutRoutes());
    const { location } = renderRoute('/donate/checkout/cs_test_1');

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/donations'));
    expect(api.callsTo('POST', `${base}/cancel`)).toHaveLength(1);
    expect(api.callsTo('POST', `${base}/pay`)).toHaveLength(0);
  });

  it.each([
    ['paid', 'This checkout is already paid. Thank you!'],
    ['cancelled', 'This checkout was cancelled. Nothing was charged.'],
  ] as const)('says when the checkout is already %s', async (state, words) => {
    stubApi(checkoutRoutes(buildDemoCheckout({ state })));
    renderRoute('/donate/checkout/cs_test_1');

    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Back to the donations page' }).getAttribute('href'),
    ).toBe('/donations');
  });

  it('says when there is no such checkout', async () => {
    stubApi({ [`GET ${base}`]: () => apiError(404, 'not-found', 'Checkout not found') });
    renderRoute('/donate/checkout/cs_test_1');

    expect(await screen.findByText('Checkout not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
