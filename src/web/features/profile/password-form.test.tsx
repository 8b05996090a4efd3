import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toast } from '../../shell/toast-store';
import { apiError, noContent, profilePageRoutes, stubApi } from '../../test/fake-api';
import { renderRoute, toastTitles } from '../../test/render-route';

async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

async function fillPasswordForm(newPassword: string, confirmation = newPassword) {
  const form = await screen.findByRole('region', { name: 'Password' });
  await within(form).findByRole('list', { name: 'Password requirements' });
  // Pasting is one change event per field: typing each key re-renders the form many times.
  await enter(within(form).getByLabelText('Current password'), 'old secret 1');
  await enter(within(form).getByLabelText('New password'), newPassword);
  await enter(within(form).getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  return form;
}

function ruleStatus(form: HTMLElement, description: string): string | undefined {
  return within(form).getByText(description).closest('li')?.dataset.status;
}

describe('change password', () => {
  it('sends the current and new password and says other devices were signed out', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      'POST /api/account/password': () => noContent(),
    });
    renderRoute('/user-profile');

    await fillPasswordForm('a much longer secret');

    await waitFor(() => expect(toastTitles()).toContain('Password changed'));
    expect(toast.getToasts()[0]?.description).toBe('Your other devices were signed out.');
    expect(api.callsTo('POST', '/api/account/password')[0]?.body).toEqual({
      currentPassword: 'old secret 1',
      newPassword: 'a much longer secret',
    });
  });

  it('shows the rules neutrally until something is typed', async () => {
    stubApi(profilePageRoutes());
    renderRoute('/user-profile');

    const form = await screen.findByRole('region', { name: 'Password' });
    const checklist = await within(form).findByRole('list', { name: 'Password requirements' });
    expect(ruleStatus(form, 'At least 10 characters')).toBe('unchecked');
    expect(within(checklist).queryByText(/\(not met\)/)).toBeNull();

    await enter(within(form).getByLabelText('New password'), 'short');
    expect(ruleStatus(form, 'At least 10 characters')).toBe('broken');
  });

  it('checks length and the confirmation before asking the server', async () => {
    const api = stubApi(profilePageRoutes());
    renderRoute('/user-profile');

    const form = await fillPasswordForm('short', 'shorter');

    expect(within(form).getByText('Password must be at least 10 characters')).toBeTruthy();
    expect(within(form).getByText('The passwords do not match')).toBeTruthy();
    expect(ruleStatus(form, 'At least 10 characters')).toBe('broken');
    expect(api.callsTo('POST', '/api/account/password')).toHaveLength(0);
  });

  it('refetches the policy and marks the broken rule when the server refuses the password', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      'POST /api/account/password': () =>
        apiError(400, 'invalid-argument', 'This password is too common', {
          reason: 'password-policy',
          rules: ['not-common'],
        }),
    });
    renderRoute('/user-profile');

    const form = await fillPasswordForm('password123456');

    expect(await within(form).findByText('This password is too common')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/password-policy')).toHaveLength(2));
    expect(ruleStatus(form, 'Not one of the passwords people use most')).toBe('broken');
    expect(ruleStatus(form, 'At least 10 characters')).toBe('met');
    expect(toastTitles()).toEqual([]);
  });

  it('shows a wrong current password as a red toast', async () => {
    stubApi({
      ...profilePageRoutes(),
      'POST /api/account/password': () =>
        apiError(400, 'invalid-argument', 'Current password is incorrect'),
    });
    renderRoute('/user-profile');

    await fillPasswordForm('a much longer secret');

    await waitFor(() => expect(toastTitles()).toContain('Could not change password'));
    expect(toast.getToasts()[0]).toMatchObject({
      description: 'Current password is incorrect',
      color: 'red',
    });
    expect(screen.getByRole('region', { name: 'Password' })).toBeTruthy();
  });
});
