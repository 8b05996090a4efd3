import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { sessionQueryOptions } from '../../api/session';
import { safeRedirect } from './safe-redirect';

/**
 * The loader of a page for visitors (the sign-in form): a member who is signed in already goes
 * where signing in would have taken them, the `redirect` parameter when it is a path on this
 * site, or home. A server render answers with the redirect itself, so the form never shows. A
 * session that cannot be read shows the page: signing in is how to mend it.
 */
export function visitorsOnlyLoader(queryClient: QueryClient) {
  return async ({ request }: { request: Request }) => {
    let user: SessionUser | null;
    try {
      user = await queryClient.ensureQueryData(sessionQueryOptions());
    } catch {
      return null;
    }
    if (!user) return null;
    const url = new URL(request.url);
    const target = safeRedirect(url.searchParams.get('redirect'), url.origin);
    // Never back to this page, which would send them on again.
    return redirect(new URL(target, url.origin).pathname === url.pathname ? '/' : target);
  };
}
