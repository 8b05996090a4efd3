import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, sessionOf, stubApi, type ApiRoutes } from '../../test/fake-api';
import { buildDonationsPage, buildUser, buildWallDonation } from '../../test/factories';
import { typeBeforeAppStarts } from '../../test/before-app';
import { renderRoute } from '../../test/render-route';

const checkoutUrl = 'https://checkout.stripe.test/c/pay/cs_test_1';

function donationRoutes(page = buildDonationsPage()): ApiRoutes {
  return {
    'GET /api/donations': () => json(page),
    'POST /api/donations/checkout': () => json({ url: checkoutUrl }),
  };
}

/** The browser leaving for the checkout: jsdom cannot navigate away, so the call is recorded. */
function watchLeaving() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

async function form() {
  return screen.findByRole('form', { name: 'Give' });
}

describe('donations page', () => {
  it('shows the test-mode notice, the campaign with its progress and the donor wall', async () => {
    stubApi(
      donationRoutes(
        buildDonationsPage({
          wall: [
            buildWallDonation(1),
            buildWallDonation(2, {
              name: 'Anonymous',
              username: null,
              amount: 1_000,
              interval: 'monthly',
              message: '<b>bold</b> & <script>alert(1)</script>',
            }),
          ],
        }),
      ),
    );
    renderRoute('/donations');

    expect(await screen.findByRole('heading', { level: 1, name: 'Donations' })).toBeTruthy();
    expect(await screen.findByText('Test mode — no money moves')).toBeTruthy();
    const campaign = screen.getByRole('region', { name: 'Keep the lights on' });
    expect(within(campaign).getByText('The server costs money every month.')).toBeTruthy();
    expect(within(campaign).getByText('Every donation goes to hosting.')).toBeTruthy();
    const progress = within(campaign).getByRole('progressbar', {
      name: '$1,250 raised of $5,000 (25%)',
    });
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(within(campaign).getByText('42 supporters')).toBeTruthy();
    expect(within(campaign).getByText('12 days left')).toBeTruthy();

    const wall = screen.getByRole('list', { name: 'Recent supporters' });
    const [ann, anonymous] = within(wall).getAllByRole('listitem');
    expect(within(ann!).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe('/u/ann');
    expect(within(ann!).getByText('$25')).toBeTruthy();
    expect(within(ann!).getByText('For the westerns.')).toBeTruthy();
    expect(within(ann!).queryByText('Monthly')).toBeNull();
    expect(within(anonymous!).queryByRole('link')).toBeNull();
    expect(within(anonymous!).getByText('Anonymous')).toBeTruthy();
    expect(within(anonymous!).getByText('Monthly')).toBeTruthy();
    // A message is text: its markup is shown, never made into elements.
    expect(within(anonymous!).getByText('<b>bold</b> & <script>alert(1)</script>')).toBeTruthy();
    expect(anonymous!.querySelector('b, script')).toBeNull();
  });

  it('without a campaign still takes donations, and says when the wall is empty', async () => {
    stubApi(donationRoutes(buildDonationsPage({ campaign: null, testMode: false, wall: [] })));
    renderRoute('/donations');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Support Viewpoint' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Donate $10' })).toBeTruthy();
    expect(screen.getByText('No donations yet. Yours could be the first.')).toBeTruthy();
    expect(screen.queryByText('Test mode — no money moves')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says an open-ended campaign has no end', async () => {
    stubApi(
      donationRoutes(
        buildDonationsPage({
          campaign: { ...buildDonationsPage().campaign!, endsAt: null, daysLeft: null },
        }),
      ),
    );
    renderRoute('/donations');
    expect(await screen.findByText('Open-ended')).toBeTruthy();
  });

  it('offers the presets, and sends a monthly donation in cents under the visitor’s name', async () => {
    const api = stubApi(donationRoutes());
    const leave = watchLeaving();
    renderRoute('/donations');

    const give = await form();
    const amounts = within(give).getByRole('radiogroup', { name: 'Amount' });
    expect(
      within(amounts)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['500', '1000', '2500', '5000', 'other']);
    for (const label of ['$5', '$10', '$25', '$50', 'Other']) {
      expect(within(amounts).getByRole('radio', { name: label })).toBeTruthy();
    }
    await userEvent.click(within(amounts).getByRole('radio', { name: '$25' }));
    expect(within(give).getByRole('button', { name: 'Donate $25' })).toBeTruthy();
    await userEvent.click(within(give).getByRole('radio', { name: 'Monthly' }));
    await userEvent.type(
      within(give).getByRole('textbox', { name: 'Public message (optional)' }),
      'Thanks!',
    );
    expect(within(give).getByText(/^7 \/ 280 characters/)).toBeTruthy();
    await userEvent.type(within(give).getByRole('textbox', { name: /Name on the wall/ }), 'Ann');
    await userEvent.click(within(give).getByRole('button', { name: 'Donate $25 monthly' }));

    await waitFor(() => expect(leave).toHaveBeenCalledWith(checkoutUrl));
    expect(api.callsTo('POST', '/api/donations/checkout').map((call) => call.body)).toEqual([
      { amount: 2500, interval: 'monthly', message: 'Thanks!', showName: true, name: 'Ann' },
    ]);
  });

  it('keeps what was chosen and typed in the server-drawn form before the app started', async () => {
    const api = stubApi(donationRoutes());
    const leave = watchLeaving();
    // The amount and how often are radios: the chosen one's value is what the page records.
    typeBeforeAppStarts({
      choice: '5000',
      interval: 'monthly',
      message: 'Keep going!',
      name: 'Ann',
    });
    renderRoute('/donations');

    const give = await form();
    expect(within(give).getByRole('radio', { name: '$50' })).toHaveProperty('checked', true);
    expect(within(give).getByRole('radio', { name: 'Monthly' })).toHaveProperty('checked', true);
    await userEvent.click(within(give).getByRole('button', { name: 'Donate $50 monthly' }));

    await waitFor(() => expect(leave).toHaveBeenCalledWith(checkoutUrl));
    expect(api.callsTo('POST', '/api/donations/checkout').map((call) => call.body)).toEqual([
      { amount: 5000, interval: 'monthly', message: 'Keep going!', showName: true, name: 'Ann' },
    ]);
  });

  it('checks a typed amount with clear words, its limits named with the currency, and sends it in cents', async () => {
    const api = stubApi(donationRoutes());
    const leave = watchLeaving();
    renderRoute('/donations');

    const give = await form();
    await userEvent.click(within(give).getByRole('radio', { name: 'Other' }));
    await userEvent.click(within(give).getByRole('radio', { name: 'Appear as Anonymous' }));
    expect(within(give).queryByRole('textbox', { name: /Name on the wall/ })).toBeNull();
    const other = within(give).getByRole('textbox', { name: /Other amount/ });

    const submitWith = async (typed: string) => {
      await userEvent.clear(other);
      await userEvent.type(other, typed);
      await userEvent.click(within(give).getByRole('button', { name: /^Donate/ }));
    };
    await submitWith('0.5');
    expect(await within(give).findByText('The smallest donation is $1.00')).toBeTruthy();
    await submitWith('10000.01');
    expect(await within(give).findByText('The largest donation is $10,000.00')).toBeTruthy();
    await submitWith('12.345');
    expect(await within(give).findByText('At most two decimals')).toBeTruthy();
    expect(api.callsTo('POST', '/api/donations/checkout')).toHaveLength(0);

    await userEvent.clear(other);
    await userEvent.type(other, '12.34');
    await userEvent.click(within(give).getByRole('button', { name: 'Donate $12.34' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(checkoutUrl));
    expect(api.callsTo('POST', '/api/donations/checkout')[0]?.body).toEqual({
      amount: 1234,
      interval: 'once',
      message: '',
      showName: false,
      name: '',
    });
  });

  it('names the limits in the site’s own currency', async () => {
    stubApi(donationRoutes(buildDonationsPage({ currency: 'eur' })));
    renderRoute('/donations');

    const give = await form();
    await userEvent.click(within(give).getByRole('radio', { name: 'Other' }));
    expect(within(give).getByText('From €1 to €10,000')).toBeTruthy();
    await userEvent.type(within(give).getByRole('textbox', { name: /Other amount/ }), '0.99');
    await userEvent.click(within(give).getByRole('button', { name: /^Donate/ }));
    expect(await within(give).findByText('The smallest donation is €1.00')).toBeTruthy();
  });

  it('shows a gift paid in another currency in it, and says the progress counts the site’s only', async () => {
    stubApi(
      donationRoutes(
        buildDonationsPage({
          campaign: { ...buildDonationsPage().campaign!, otherCurrencies: ['eur', 'gbp'] },
          wall: [buildWallDonation(1, { amount: 2_000, currency: 'eur' })],
        }),
      ),
    );
    renderRoute('/donations');

    const campaign = await screen.findByRole('region', { name: 'Keep the lights on' });
    expect(
      within(campaign).getByText(
        'The progress counts gifts in USD only; gifts in EUR and GBP are not converted into it.',
      ),
    ).toBeTruthy();
    const wall = screen.getByRole('list', { name: 'Recent supporters' });
    expect(within(wall).getByText('€20')).toBeTruthy();
    expect(within(wall).queryByText('$20')).toBeNull();
  });

  it('signs a member’s donation with their own name, without asking for one', async () => {
    const api = stubApi({ ...sessionOf(buildUser()), ...donationRoutes() });
    const leave = watchLeaving();
    renderRoute('/donations');

    const give = await form();
    expect(await within(give).findByText('As Ann Lee')).toBeTruthy();
    expect(within(give).queryByRole('textbox', { name: /Name on the wall/ })).toBeNull();
    await userEvent.click(within(give).getByRole('button', { name: 'Donate $10' }));
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/donations/checkout')[0]?.body).toEqual({
      amount: 1000,
      interval: 'once',
      message: '',
      showName: true,
      name: '',
    });
  });

  it('shows the server’s refusal next to the form: on the field it names, or in words', async () => {
    let answer = () =>
      apiError(400, 'invalid-argument', 'Invalid request', {
        issues: [{ path: '/message', message: 'Text contains characters that are not allowed' }],
      });
    const leave = watchLeaving();
    stubApi({
      ...donationRoutes(),
      'POST /api/donations/checkout': () => answer(),
    });
    renderRoute('/donations');

    const give = await form();
    await userEvent.click(within(give).getByRole('radio', { name: 'Appear as Anonymous' }));
    await userEvent.click(within(give).getByRole('button', { name: 'Donate $10' }));
    const message = within(give).getByRole('textbox', { name: 'Public message (optional)' });
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(within(give).getByText('Text contains characters that are not allowed')).toBeTruthy();

    answer = () => apiError(503, 'unavailable', 'Payments are not available right now.');
    await userEvent.click(within(give).getByRole('button', { name: 'Donate $10' }));
    const alert = await within(give).findByRole('alert');
    expect(within(alert).getByText('Payments are not available right now.')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });
});
