import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../api/session';

/** Returns true when signed in; otherwise sends the visitor to sign in, then back here. */
export type SignInGate = () => boolean;

/**
 * One gate per page, identity-stable: passed to thousands of memoised reply rows, it must not
 * change when the location or session poll does, so it reads both through a ref.
 */
export function useSignInGate(): SignInGate {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef({ signedIn: false, back: '/' });
  latest.current = {
    signedIn: Boolean(session.data),
    back: `${location.pathname}${location.search}${location.hash}`,
  };

  return useCallback(() => {
    if (latest.current.signedIn) return true;
    void navigate(`/auth/login?redirect=${encodeURIComponent(latest.current.back)}`);
    return false;
  }, [navigate]);
}
