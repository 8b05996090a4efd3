import { useMutation } from '@tanstack/react-query';
import { previewResponse } from '../../shared/forum';
import { apiFetch } from './api-client';

/**
 * POST /api/forum/preview: the Markdown through the server's own renderer and sanitiser, so the
 * preview shows exactly what publishing will. A mutation, not a query: it reads nothing stored
 * and each keystroke burst asks once; the observer keeps only the latest answer.
 */
export async function previewMarkdown(body: string) {
  const { html } = await apiFetch('/api/forum/preview', previewResponse, {
    method: 'POST',
    body: JSON.stringify({ body }),
  });
  return html;
}

export function usePreviewMarkdown() {
  return useMutation({ mutationFn: previewMarkdown });
}
