import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmStore } from '../../shell/confirm-store';
import { apiError, json, stubApi } from '../../test/fake-api';
import { buildMonthlyGift } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

const linkPath = '/api/donations/monthly/link';
const stopPath = '/api/donations/monthly/link/stop';

describe('stopping a monthly gift from its receipt’s link', () => {
  it('describes the gift, asks in the danger dialog, stops it signed out, and says it has ended', async () => {
    const api = stubApi({
      [`GET ${linkPath}`]: () => json({ gift: buildMonthlyGift() }),
      [`POST ${stopPath}`]: () =>
        json({ gift: buildMonthlyGift({ state: 'ended', endedAt: '2025-03-02T09:00:00.000Z' }) }),
    });
    renderRoute('/donate/stop?token=abc.def');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop a monthly gift' }),
    ).toBeTruthy();
    expect(await screen.findByText('$12 a month')).toBeTruthy();
    expect(api.callsTo('GET', linkPath)[0]?.search.get('token')).toBe('abc.def');
    // Opening the link stops nothing: a mail scanner may open it.
    expect(api.callsTo('POST', stopPath)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Stop my monthly gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop your monthly gift?' });
    expect(confirmStore.getState().view?.type).toBe('danger');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop my monthly gift' }));

    const done = await screen.findByText(
      'This monthly gift has ended. No further payment is taken.',
    );
    expect(done.closest('[aria-live="polite"]')).toBeTruthy();
    expect(api.callsTo('POST', stopPath)[0]?.search.get('token')).toBe('abc.def');
    expect(screen.queryByRole('button', { name: 'Stop my monthly gift' })).toBeNull();
  });

  it('says a gift that is stopping or ended needs nothing more', async () => {
    stubApi({ [`GET ${linkPath}`]: () => json({ gift: buildMonthlyGift({ state: 'stopping' }) }) });
    renderRoute('/donate/stop?token=abc.def');

    expect(await screen.findByText(/This monthly gift is stopping/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop my monthly gift' })).toBeNull();
  });

  it('says a link that was changed or cut short does not work, and asks nothing without a token', async () => {
    stubApi({
      [`GET ${linkPath}`]: () =>
        apiError(400, 'invalid-argument', 'This link to stop a monthly gift is not valid'),
    });
    renderRoute('/donate/stop?token=changed');
    expect(await screen.findByText('This link does not work')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop my monthly gift' })).toBeNull();
  });

  it('says the link is incomplete without a token', async () => {
    const api = stubApi();
    renderRoute('/donate/stop');
    expect(await screen.findByText('This link is incomplete')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', linkPath)).toHaveLength(0));
  });
});
