import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { uploadImage } from '../../../api/upload-image';

/**
 * POST /api/uploads?purpose=avatar: the picked image, re-encoded by the server. It only becomes
 * the avatar once the profile is patched with its URL (update-profile-details).
 */
export function uploadAvatar(file: File) {
  return uploadImage(file, 'avatar');
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The upload counts against the storage quota shown with the user's uploads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.uploads }),
  });
}
