import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { RouteFlags } from '../../shared/routes';
import type { SessionUser } from '../../shared/session';
import { siteQueryOptions } from '../api/get-site';
import { queryKeys } from '../api/query-keys';
import { forgetUserData, sessionQueryOptions } from '../api/session';
import { ACCOUNT_BLOCKED_PATH, authState, blockOf, noteBlock, type AuthState } from './auth-state';
import { checkGuards } from './guards';
import { toast } from './toast-store';

type SessionCheck = { blocked: true } | { blocked: false; readAuth: () => AuthState };

/**
 * Guards read the auth state synchronously, so the first guarded navigation (a deep link to
 * /add-new) waits for the server's answer; later ones find it in the query cache, which the
 * session poll keeps fresh. A session that cannot be read becomes the catalogue's
 * 'Authentication error occurred' through `readAuth` throwing.
 */
async function checkSession(queryClient: QueryClient): Promise<SessionCheck> {
  try {
    authState.confirm(await queryClient.ensureQueryData(sessionQueryOptions()));
    return { blocked: false, readAuth: authState.getState };
  } catch (error) {
    const block = blockOf(error);
    if (block) {
      noteBlock(block);
      await forgetUserData(queryClient);
      return { blocked: true };
    }
    return {
      blocked: false,
      readAuth: () => {
        throw error;
      },
    };
  }
}

/**
 * The loader of a guarded route: on failure it shows the catalogued toast and redirects.
 * Navigation only — the server checks every permission again (DESIGN.md §1).
 */
export function guardLoader(flags: RouteFlags, queryClient: QueryClient) {
  return async ({ request }: { request: Request }) => {
    const session = await checkSession(queryClient);
    if (session.blocked) return redirect(ACCOUNT_BLOCKED_PATH);
    const url = new URL(request.url);
    const result = checkGuards(flags, session.readAuth, `${url.pathname}${url.search}`);
    if (!result.allowed) {
      toast.show({ ...result.notice });
      return redirect(result.redirectTo);
    }
    if (flags.requiresAdmin || flags.requiresModerator) return secondFactorForStaff(queryClient);
    return null;
  };
}

/**
 * A staff page while the admins ask staff for a second factor (decision 050): a member without
 * one is sent to set it up. The server refuses their staff calls anyway.
 */
async function secondFactorForStaff(queryClient: QueryClient) {
  const site = await queryClient.ensureQueryData(siteQueryOptions());
  const user = queryClient.getQueryData<SessionUser | null>(queryKeys.session);
  if (!site.staffSecondFactor || !user || user.secondFactor) return null;
  toast.show({
    title: 'Second factor needed',
    description: 'Turn on a second factor to do staff work.',
    color: 'yellow',
  });
  return redirect('/user-profile#second-factor');
}
