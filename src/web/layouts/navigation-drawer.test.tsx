import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { buildUser } from '../test/factories';
import { renderRoute } from '../test/render-route';

async function openDrawer(entry = '/about') {
  const app = renderRoute(entry);
  const events = userEvent.setup({ delay: null });
  const button = await screen.findByRole('button', { name: 'Open navigation' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  await events.click(button);
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  return { ...app, events, button, drawer };
}

describe('the phone navigation drawer', () => {
  it('holds the main navigation, the colour mode and a visitor’s sign-in and sign-up', async () => {
    stubApi();
    const { drawer, button } = await openDrawer('/about');

    expect(button.getAttribute('aria-expanded')).toBe('true');
    const main = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Forum', 'Films', 'News', 'Chat', 'Donations', 'Search']);
    expect(within(drawer).getByRole('radiogroup', { name: 'Colour mode' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login?redirect=%2Fabout',
    );
    expect(within(drawer).getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
      '/auth/sign-up',
    );
  });

  it('lists an admin’s account pages, as the account menu does', async () => {
    stubApi({
      'GET /api/auth/session': () => Response.json({ user: buildUser({ role: 'admin' }) }),
    });
    const { drawer } = await openDrawer();
    const account = await within(drawer).findByRole('navigation', { name: 'Account' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Profile',
      'Review queue',
      'Moderate users',
      'Duplicate films',
      'Admin',
      'Admin users',
    ]);
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('closes when a link is followed, and on Escape', async () => {
    stubApi();
    const { drawer, events, button, location } = await openDrawer('/about');

    await events.click(within(drawer).getByRole('link', { name: 'News' }));
    await waitFor(() => expect(location()).toBe('/news'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await events.click(button);
    await screen.findByRole('dialog', { name: 'Menu' });
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});
