import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authState, IS_USER_KEY } from '../../shell/auth-state';
import { answerLater, apiError, stubApi } from '../../test/fake-api';
import { passwordPolicy } from '../../test/factories';
import { typeBeforeAppStarts } from '../../test/before-app';
import { renderRoute } from '../../test/render-route';

/** An input by its exact label (Mantine adds ' *' to required ones). */
function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
}

async function fillIn(password: string) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('heading', { level: 1, name: 'Create account' });
  await user.type(field('Display name'), 'Ann Lee');
  await user.type(field('Username'), 'ann_lee');
  await user.type(field('Email'), 'ann@example.com');
  await user.type(field('Password'), password);
  await user.type(field('Confirm password'), password);
  return user;
}

function ruleStatus(description: string): string | null {
  const checklist = screen.getByRole('list', { name: 'Password requirements' });
  return within(checklist).getByText(description).closest('li')?.dataset.status ?? null;
}

describe('sign-up page', () => {
  it('checks length and personal details live against the policy from the server', async () => {
    stubApi();
    renderRoute('/auth/sign-up');
    const user = await fillIn('ann_lee-rocks');

    expect(ruleStatus('At least 10 characters')).toBe('met');
    expect(ruleStatus('Does not contain your email address or username')).toBe('broken');
    expect(ruleStatus('Not one of the passwords people use most')).toBe('on-submit');

    await user.clear(field('Password'));
    await user.type(field('Password'), 'short');
    expect(ruleStatus('At least 10 characters')).toBe('broken');
    expect(ruleStatus('Does not contain your email address or username')).toBe('met');
  });

  it('refetches the policy and marks the refused rule when the server refuses the password', async () => {
    const api = stubApi({
      'POST /api/auth/sign-up': () =>
        apiError(
          400,
          'invalid-argument',
          'Password does not meet the requirements: Not one of the passwords people use most',
          { reason: 'password-policy', rules: ['not-common'] },
        ),
    });
    renderRoute('/auth/sign-up');
    const user = await fillIn('password1234');
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/password-policy')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText(
        'Password does not meet the requirements: Not one of the passwords people use most',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/password-policy')).toHaveLength(2));
    expect(ruleStatus('Not one of the passwords people use most')).toBe('broken');
    expect(api.callsTo('POST', '/api/auth/sign-up').map((call) => call.body)).toEqual([
      {
        name: 'Ann Lee',
        username: 'ann_lee',
        email: 'ann@example.com',
        password: 'password1234',
      },
    ]);
  });

  it('puts a taken username on the username field (409)', async () => {
    stubApi({
      'POST /api/auth/sign-up': () => apiError(409, 'already-exists', 'That username is taken'),
    });
    renderRoute('/auth/sign-up');
    const user = await fillIn('a long and quiet evening');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(field('Username').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That username is taken')).toBeTruthy();
  });

  it('says to check the inbox for a link valid 24 hours, without signing in', async () => {
    stubApi({
      'POST /api/auth/sign-up': () => Response.json({ status: 'email-sent' }),
    });
    renderRoute('/auth/sign-up');
    const user = await fillIn('a long and quiet evening');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const notice = await screen.findByRole('status', { name: 'Check your inbox' });
    expect(notice.textContent).toContain('ann@example.com');
    expect(notice.textContent).toContain('24 hours');
    expect(authState.getState().isUser).toBe(false);
  });

  it('keeps what was typed while the session and the password policy were still loading', async () => {
    const session = answerLater();
    const policy = answerLater();
    const api = stubApi({
      'GET /api/auth/session': session.handler,
      'GET /api/auth/password-policy': policy.handler,
      'POST /api/auth/sign-up': () => Response.json({ status: 'email-sent' }),
    });
    // A browser that was signed in before: the first paint assumes a member until the answer.
    window.localStorage.setItem(IS_USER_KEY, 'true');
    renderRoute('/auth/sign-up');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Create account' });
    expect(screen.getByText('Loading the password requirements…')).toBeTruthy();

    await user.type(field('Display name'), 'Ann Lee');
    await user.type(field('Username'), 'ann_lee');
    session.give(Response.json({ user: null }));
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Password'), 'a long and quiet evening');
    policy.give(Response.json(passwordPolicy));
    await user.type(field('Confirm password'), 'a long and quiet evening');
    await screen.findByRole('list', { name: 'Password requirements' });
    await waitFor(() => expect(authState.getState().isUser).toBe(false));

    const values = ['Display name', 'Username', 'Email', 'Password', 'Confirm password'].map(
      (label) => (field(label) as HTMLInputElement).value,
    );
    expect(values).toEqual([
      'Ann Lee',
      'ann_lee',
      'ann@example.com',
      'a long and quiet evening',
      'a long and quiet evening',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('status', { name: 'Check your inbox' });
    expect(api.callsTo('POST', '/api/auth/sign-up')[0]?.body).toEqual({
      name: 'Ann Lee',
      username: 'ann_lee',
      email: 'ann@example.com',
      password: 'a long and quiet evening',
    });
  });

  it('keeps what was typed into the server-drawn form before the app started, and sends it', async () => {
    const api = stubApi({
      'POST /api/auth/sign-up': () => Response.json({ status: 'email-sent' }),
    });
    typeBeforeAppStarts({
      name: 'Ann Lee',
      username: 'ann_lee',
      email: 'ann@example.com',
      password: 'a long and quiet evening',
      confirmPassword: 'a long and quiet evening',
    });
    renderRoute('/auth/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Create account' });

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('status', { name: 'Check your inbox' });
    expect(api.callsTo('POST', '/api/auth/sign-up')[0]?.body).toEqual({
      name: 'Ann Lee',
      username: 'ann_lee',
      email: 'ann@example.com',
      password: 'a long and quiet evening',
    });
  });

  it('does not send a form whose passwords differ', async () => {
    const api = stubApi();
    renderRoute('/auth/sign-up');
    const user = await fillIn('a long and quiet evening');
    await user.type(field('Confirm password'), '!');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/sign-up')).toEqual([]);
  });
});
