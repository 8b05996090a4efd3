import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { apiFetch, isApiError } from '../../api/api-client';
import { forgetUserData } from '../../api/session';
import { authState } from '../../shell/auth-state';
import { toast } from '../../shell/toast-store';

/** POST /api/auth/sign-out. A session that already ended counts as signed out. */
export async function signOut(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', z.unknown(), { method: 'POST' });
  } catch (error) {
    if (!isApiError(error) || error.code !== 'unauthenticated') throw error;
  }
}

/** Logout (SPEC §4): the flag goes false, the user's data is forgotten, home it is. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      authState.signOut();
      await forgetUserData(queryClient);
      await navigate('/');
    },
    onError: (error) => {
      toast.show({ title: 'Could not sign out', description: error.message, color: 'red' });
    },
  });
}
