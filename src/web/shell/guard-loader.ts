import { redirect } from 'react-router';
import type { RouteFlags } from '../../shared/routes';
import { authState } from './auth-state';
import { checkGuards } from './guards';
import { toast } from './toast-store';

/**
 * The loader of a guarded route: on failure it shows the catalogued toast and redirects.
 * Navigation only — the server checks every permission again (DESIGN.md §1).
 */
export function guardLoader(flags: RouteFlags) {
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const result = checkGuards(flags, authState.getState, `${url.pathname}${url.search}`);
    if (!result.allowed) {
      toast.show({ ...result.notice });
      return redirect(result.redirectTo);
    }
    return null;
  };
}
