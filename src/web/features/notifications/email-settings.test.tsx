import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultDeliveries } from '../../../shared/notifications';
import { apiError, json, profilePageRoutes, stubApi } from '../../test/fake-api';
import { renderRoute, toastTitles } from '../../test/render-route';

const section = () => screen.findByRole('region', { name: 'Notifications' }, { timeout: 10_000 });

describe('notification settings on the account page', () => {
  it('shows how each type reaches the member, and saves a change at once', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      'PUT /api/notifications/settings': (call) =>
        json({ settings: { ...defaultDeliveries, ...(call.body as object) } }),
    });
    renderRoute('/user-profile');
    const settings = await section();
    const news = await within(settings).findByRole<HTMLSelectElement>('combobox', {
      name: 'News articles published',
    });
    expect(news.value).toBe('off');
    const replies = within(settings).getByRole<HTMLSelectElement>('combobox', {
      name: 'Replies in threads I watch',
    });
    expect(replies.value).toBe('email');
    const followed = within(settings).getByRole<HTMLSelectElement>('combobox', {
      name: 'New reviews of films I follow',
    });
    expect(followed.value).toBe('app');

    await userEvent.selectOptions(news, 'Daily digest');

    await waitFor(() => expect(toastTitles()).toContain('Notification settings saved'));
    expect(api.callsTo('PUT', '/api/notifications/settings').map((call) => call.body)).toEqual([
      { news: 'digest' },
    ]);
    expect(news.value).toBe('digest');
  });

  it('takes a refused change back and says why', async () => {
    stubApi({
      ...profilePageRoutes(),
      'PUT /api/notifications/settings': () =>
        apiError(503, 'unavailable', 'The service is busy. Try again in a minute.'),
    });
    renderRoute('/user-profile');
    const settings = await section();
    const likes = await within(settings).findByRole<HTMLSelectElement>('combobox', {
      name: 'Likes on my threads and replies',
    });

    await userEvent.selectOptions(likes, 'E-mail');

    await waitFor(() => expect(toastTitles()).toContain('Could not save the setting'));
    expect(likes.value).toBe('app');
  });
});
