import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const token = 'c2lnbmVkLXRva2VuLWZvci1hbm4';
const forged = 'Zm9yZ2VkLXRva2VuLWJ5LXNvbWVvbmU';
const refusal = () => apiError(400, 'invalid-argument', 'This unsubscribe link is not valid.');

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Unsubscribe' }, { timeout: 10_000 });

describe('the unsubscribe page', () => {
  it('asks first, then switches the type off and points to the settings', async () => {
    const answer = { type: 'reply', label: 'Replies in threads I watch' };
    const api = stubApi({
      'GET /api/notifications/unsubscribe': (call) =>
        call.search.get('token') === token ? json({ ...answer, delivery: 'email' }) : refusal(),
      'POST /api/notifications/unsubscribe': (call) =>
        call.search.get('token') === token ? json({ ...answer, delivery: 'app' }) : refusal(),
    });
    renderRoute(`/unsubscribe?token=${token}`);
    await heading();

    expect(
      await screen.findByText('Stop e-mails about “Replies in threads I watch”?'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/notifications/unsubscribe')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    const done = await screen.findByRole('status', { name: /Unsubscribed/ });
    expect(
      within(done).getByText(/no more e-mails about “Replies in threads I watch”/),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/notifications/unsubscribe')[0]?.search.get('token')).toBe(
      token,
    );
    expect(screen.getByRole('link', { name: 'account settings' }).getAttribute('href')).toBe(
      '/user-profile#notifications',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('shows the server’s refusal of a forged link, and offers nothing to press', async () => {
    const api = stubApi({ 'GET /api/notifications/unsubscribe': refusal });
    renderRoute(`/unsubscribe?token=${forged}`);
    await heading();

    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeTruthy();
    expect(screen.getByText('This unsubscribe link does not work')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(api.callsTo('GET', '/api/notifications/unsubscribe')[0]?.search.get('token')).toBe(
      forged,
    );
  });
});
