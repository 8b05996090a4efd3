import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MonthlyGift } from '../../../shared/donations';
import { confirmStore } from '../../shell/confirm-store';
import { apiError, json, profilePageRoutes, stubApi } from '../../test/fake-api';
import { buildMonthlyGift } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const listPath = '/api/donations/monthly';
const stopPath = '/api/donations/monthly/sub_demo_1/stop';

async function giftsPart() {
  return screen.findByRole('region', { name: 'Your monthly gift' });
}

describe('your monthly gift, on the account page', () => {
  it('stops a monthly gift through the danger dialog, and shows it ended', async () => {
    let gifts: MonthlyGift[] = [buildMonthlyGift()];
    const api = stubApi({
      ...profilePageRoutes(),
      [`GET ${listPath}`]: () => json({ gifts }),
      [`POST ${stopPath}`]: () => {
        gifts = [buildMonthlyGift({ state: 'ended', endedAt: '2025-03-02T09:00:00.000Z' })];
        return json({ gift: gifts[0] });
      },
    });
    renderRoute('/user-profile');

    const part = await giftsPart();
    expect(screen.getByRole('link', { name: 'Your monthly gift' }).getAttribute('href')).toBe(
      '#monthly-gift',
    );
    const gift = await within(part).findByRole('listitem');
    expect(within(gift).getByText('$12 a month')).toBeTruthy();
    expect(within(gift).getByText('Active')).toBeTruthy();

    await userEvent.click(
      within(gift).getByRole('button', { name: 'Stop my monthly gift of $12 a month' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop your monthly gift?' });
    expect(confirmStore.getState().view?.type).toBe('danger');
    expect(within(dialog).getByText(/Your gift of \$12 a month ends now/)).toBeTruthy();
    expect(api.callsTo('POST', stopPath)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop my monthly gift' }));
    await waitFor(() => expect(toastTitles()).toContain('Monthly gift stopped'));
    expect(api.callsTo('POST', stopPath)).toHaveLength(1);
    const ended = within(await giftsPart()).getByRole('listitem');
    expect(await within(ended).findByText('Ended')).toBeTruthy();
    expect(within(ended).queryByRole('button')).toBeNull();
  });

  it('keeps the gift when the dialog is dismissed, and says so when the provider cannot be reached', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      [`GET ${listPath}`]: () => json({ gifts: [buildMonthlyGift()] }),
      [`POST ${stopPath}`]: () =>
        apiError(
          503,
          'unavailable',
          'The payment provider could not be reached, so the monthly gift goes on.',
        ),
    });
    renderRoute('/user-profile');

    const part = await giftsPart();
    const stop = await within(part).findByRole('button', { name: /^Stop my monthly gift/ });
    await userEvent.click(stop);
    const dialog = await screen.findByRole('dialog', { name: 'Stop your monthly gift?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', stopPath)).toHaveLength(0);

    await userEvent.click(stop);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Stop my monthly gift',
      }),
    );
    await waitFor(() => expect(toastTitles()).toContain('Could not stop the monthly gift'));
    expect(within(part).getByText('Active')).toBeTruthy();
  });

  it('says a stopping gift waits for the payment provider, and asks again until it has ended', async () => {
    let gifts: MonthlyGift[] = [buildMonthlyGift({ state: 'stopping' })];
    const api = stubApi({
      ...profilePageRoutes(),
      [`GET ${listPath}`]: () => json({ gifts }),
    });
    renderRoute('/user-profile');

    const part = await giftsPart();
    expect(await within(part).findByText('Stopping')).toBeTruthy();
    expect(within(part).getByText(/the payment provider confirms it in a moment/)).toBeTruthy();
    expect(within(part).queryByRole('button')).toBeNull();
    gifts = [buildMonthlyGift({ state: 'ended', endedAt: '2025-03-02T09:00:00.000Z' })];
    expect(await within(part).findByText('Ended', {}, { timeout: 5_000 })).toBeTruthy();
    expect(api.callsTo('GET', listPath).length).toBeGreaterThanOrEqual(2);
  });

  it('says where a monthly gift would show when there is none', async () => {
    stubApi(profilePageRoutes());
    renderRoute('/user-profile');

    const part = await giftsPart();
    expect(await within(part).findByText(/You give no monthly gift/)).toBeTruthy();
    expect(within(part).getByRole('link', { name: 'donations page' }).getAttribute('href')).toBe(
      '/donations',
    );
  });
});
