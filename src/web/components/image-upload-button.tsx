import { Button, FileButton } from '@mantine/core';
import { IconPhotoPlus } from './icons';
import { useRef } from 'react';
import { uploadLimits, type Upload } from '../../shared/uploads';
import { useUploadImage } from '../api/upload-image';
import { showServerError } from '../shell/server-errors';

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

interface ImageUploadButtonProps {
  /** The button's words: 'Add image', 'Upload a cover'. */
  label: string;
  /** Names the file input for assistive technology. */
  fileLabel: string;
  /** The toast's title when the server refuses the image. */
  failureTitle: string;
  onUploaded: (upload: Upload, file: File) => void;
}

/**
 * Uploads one image of a post or article. The server detects the type from the bytes and
 * re-encodes it; its refusals (type, size, pixels, quota) are shown as they come.
 */
export function ImageUploadButton({
  label,
  fileLabel,
  failureTitle,
  onUploaded,
}: ImageUploadButtonProps) {
  const upload = useUploadImage('post');
  // Clears the file input, so picking the same file again (after a refusal) fires again.
  const reset = useRef<() => void>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    reset.current?.();
    upload.mutate(file, {
      onSuccess: (stored) => onUploaded(stored, file),
      onError: (error) => showServerError(failureTitle, error),
    });
  };

  return (
    <FileButton
      onChange={onFile}
      accept={accept}
      resetRef={reset}
      inputProps={{ 'aria-label': fileLabel }}
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
          {upload.isPending ? 'Uploading…' : label}
        </Button>
      )}
    </FileButton>
  );
}
