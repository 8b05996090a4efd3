import { useMutation } from '@tanstack/react-query';
import { uploadResponse, type Upload } from '../../shared/uploads';
import { apiFetch } from './api-client';

export type UploadPurpose = 'avatar' | 'post';

/**
 * POST /api/uploads: one image, re-encoded by the server to WebP. Shared by the editor (post
 * images) and the profile (avatar); the server checks type, size, pixels and quota.
 */
export async function uploadImage(file: File, purpose: UploadPurpose): Promise<Upload> {
  const form = new FormData();
  form.append('file', file);
  const { upload } = await apiFetch(`/api/uploads?purpose=${purpose}`, uploadResponse, {
    method: 'POST',
    body: form,
  });
  return upload;
}

export function useUploadImage(purpose: UploadPurpose) {
  return useMutation({ mutationFn: (file: File) => uploadImage(file, purpose) });
}
