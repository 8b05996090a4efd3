import { describe, expect, it } from 'vitest';
import type { RouteFlags } from '../../shared/routes';
import type { AuthState, AuthUser } from './auth-state';
import { checkGuards, type GuardResult } from './guards';

const flagNames = [
  'requiresAuth',
  'requiresVerifiedEmail',
  'requiresAdmin',
  'requiresModerator',
] as const;

/** All 16 combinations of the four flags. */
const combinations: RouteFlags[] = Array.from({ length: 16 }, (_, bits) =>
  Object.fromEntries(flagNames.map((name, index) => [name, (bits & (1 << index)) !== 0])),
);

function label(flags: RouteFlags): string {
  return flagNames.filter((name) => flags[name]).join('+') || 'no flags';
}

const authRequired: GuardResult = {
  allowed: false,
  notice: {
    title: 'Authentication Required',
    description: 'Please log in to continue',
    color: 'yellow',
  },
  redirectTo: '/auth/login?redirect=%2Fadmin',
};
const emailRequired: GuardResult = {
  allowed: false,
  notice: {
    title: 'Email Verification Required',
    description: 'Please verify your email to access this page',
    color: 'yellow',
  },
  redirectTo: '/auth/verify-email',
};
const adminRequired: GuardResult = {
  allowed: false,
  notice: { title: 'Access Denied', description: 'Admin access required', color: 'red' },
  redirectTo: '/',
};
const moderatorRequired: GuardResult = {
  allowed: false,
  notice: { title: 'Access Denied', description: 'Moderator access required', color: 'red' },
  redirectTo: '/',
};
const allowed: GuardResult = { allowed: true };

function signedIn(role: string | null, emailVerified = true): () => AuthState {
  const user: AuthUser = { uid: 'u1', name: 'Ann', username: 'ann', emailVerified, role };
  return () => ({ isUser: true, user });
}

const anonymous = (): AuthState => ({ isUser: false, user: null });

describe('checkGuards', () => {
  describe.each(combinations)(
    '$requiresAuth/$requiresVerifiedEmail/$requiresAdmin/$requiresModerator',
    (flags) => {
      it(`anonymous visitor on ${label(flags)}: first failing check in catalogue order`, () => {
        const expected = flags.requiresAuth
          ? authRequired
          : flags.requiresVerifiedEmail
            ? emailRequired
            : flags.requiresAdmin
              ? adminRequired
              : flags.requiresModerator
                ? moderatorRequired
                : allowed;
        expect(checkGuards(flags, anonymous, '/admin')).toEqual(expected);
      });

      it.each([
        ['admin', true, true],
        ['experienced_moderator', false, true],
        ['moderator', false, true],
        ['user', false, false],
        ['superuser', false, false],
        [null, false, false],
      ] as const)(`verified %s on ${label(flags)}`, (role, holdsAdmin, holdsModerator) => {
        const expected =
          flags.requiresAdmin && !holdsAdmin
            ? adminRequired
            : flags.requiresModerator && !holdsModerator
              ? moderatorRequired
              : allowed;
        expect(checkGuards(flags, signedIn(role), '/admin')).toEqual(expected);
      });

      it(`an unverified admin on ${label(flags)} only fails the email check`, () => {
        const expected = flags.requiresVerifiedEmail ? emailRequired : allowed;
        expect(checkGuards(flags, signedIn('admin', false), '/admin')).toEqual(expected);
      });

      it(`a failure to read the auth state on ${label(flags)}`, () => {
        const broken = () => {
          throw new Error('storage exploded');
        };
        const expected: GuardResult = Object.values(flags).some(Boolean)
          ? {
              allowed: false,
              notice: {
                title: 'Error',
                description: 'Authentication error occurred',
                color: 'red',
              },
              redirectTo: '/',
            }
          : allowed;
        expect(checkGuards(flags, broken, '/admin')).toEqual(expected);
      });
    },
  );

  it.each([
    ['admin', allowed],
    ['experienced_moderator', allowed],
    [
      'moderator',
      {
        allowed: false,
        notice: {
          title: 'Access Denied',
          description: 'Experienced moderator access required',
          color: 'red',
        },
        redirectTo: '/',
      },
    ],
    ['user', moderatorRequired],
  ] as const)('a page for some of the staff (films.edit) lets a verified %s', (role, expected) => {
    const flags: RouteFlags = {
      requiresAuth: true,
      requiresModerator: true,
      requiresPermission: 'films.edit',
    };
    expect(checkGuards(flags, signedIn(role), '/moderator/films')).toEqual(expected);
  });

  it('a stale user object without isUser counts as signed out', () => {
    const stale = () => ({
      isUser: false,
      user: { uid: 'u1', name: 'Ann', username: 'ann', emailVerified: true, role: 'admin' },
    });
    expect(checkGuards({ requiresAuth: true }, stale, '/admin')).toEqual(authRequired);
  });

  it('hands the full path and search to the login page', () => {
    const result = checkGuards({ requiresAuth: true }, anonymous, '/admin/users?page=2&q=a b');
    expect(result).toMatchObject({
      redirectTo: '/auth/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2%26q%3Da%20b',
    });
  });
});
