import { Button, FileButton } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { useUploadImage } from '../api/upload-image';
import { showServerError } from '../shell/server-errors';
import { uploadLimits } from '../../shared/uploads';

const accept = uploadLimits.acceptedTypes.join(',');

/** "![holiday photo](/media/…webp)": the file name, minus extension, as the alt text. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[[\]\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `![${alt || 'image'}](${url})`;
}

/**
 * Uploads one image for a post and hands back its Markdown. The server detects the type from the
 * bytes and re-encodes it; its refusals (type, size, pixels, quota) are shown as they come.
 */
export function ImageUploadButton({ onUploaded }: { onUploaded: (markdown: string) => void }) {
  const upload = useUploadImage('post');
  // Clears the file input, so picking the same file again (after a refusal) fires again.
  const reset = useRef<() => void>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    reset.current?.();
    upload.mutate(file, {
      onSuccess: ({ url }) => onUploaded(imageMarkdown(file.name, url)),
      onError: (error) => showServerError('Could not upload the image', error),
    });
  };

  return (
    <FileButton
      onChange={onFile}
      accept={accept}
      resetRef={reset}
      inputProps={{ 'aria-label': 'Image file' }}
    >
      {(buttonProps) => (
        <Button
          {...buttonProps}
          size="xs"
          variant="default"
          leftSection={<IconPhotoPlus size={16} aria-hidden />}
          loading={upload.isPending}
          disabled={upload.isPending}
        >
          {upload.isPending ? 'Uploading…' : 'Add image'}
        </Button>
      )}
    </FileButton>
  );
}
