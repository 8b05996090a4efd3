import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionUser } from '../../../shared/accounts';
import { startSessionCache } from '../../api/session';
import { authState, forgetBlock, toAuthUser } from '../../shell/auth-state';

/**
 * What every way of signing in does once the server answered with the user (password, emailed
 * verification link, magic link): the auth state and the session query hold them at once, so
 * the next guarded page needs no round trip.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async (user: SessionUser) => {
      forgetBlock();
      authState.signIn(toAuthUser(user));
      await startSessionCache(queryClient, user);
    },
    [queryClient],
  );
}
