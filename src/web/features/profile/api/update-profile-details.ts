import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileDetailsResponse, updateProfileDetailsBody } from '../../../../shared/profiles';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type UpdateProfileDetailsInput = z.input<typeof updateProfileDetailsBody>;

/** PATCH /api/account/profile: bio, location, favourite films and/or avatar; the new profile. */
export async function updateProfileDetails(input: UpdateProfileDetailsInput) {
  const { profile } = await apiFetch('/api/account/profile', profileDetailsResponse, {
    method: 'PATCH',
    body: JSON.stringify(input),
  });
  return profile;
}

export function useUpdateProfileDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileDetails,
    onSuccess: async (profile, input) => {
      queryClient.setQueryData(queryKeys.ownProfile, profile);
      const stale = [
        queryClient.invalidateQueries({ queryKey: queryKeys.profile(profile.username) }),
      ];
      if (input.avatarUrl !== undefined) {
        // The avatar is the session user's image (header) and shows next to every post.
        stale.push(queryClient.invalidateQueries({ queryKey: queryKeys.session }));
        stale.push(queryClient.invalidateQueries({ queryKey: queryKeys.posts }));
      }
      await Promise.all(stale);
    },
  });
}
