import { Button, FileButton, Group, Image, Input, Stack, TextInput } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { newsLimits } from '../../../shared/news';
import { uploadLimits } from '../../../shared/uploads';
import { useUploadImage } from '../../api/upload-image';
import { showServerError } from '../../shell/server-errors';
import type { NewsEditorForm } from './news-form';

const accept = uploadLimits.acceptedTypes.join(',');

/** The cover: one of our uploads (re-encoded by the server) with its alt text. */
export function CoverField({ form }: { form: NewsEditorForm }) {
  const upload = useUploadImage('post');
  // Clears the file input, so picking the same file again (after a refusal) fires again.
  const reset = useRef<() => void>(null);
  const { coverUrl, coverThumbnailUrl, coverAlt } = form.getValues();

  const onFile = (file: File | null) => {
    if (!file) return;
    reset.current?.();
    upload.mutate(file, {
      onSuccess: ({ url, thumbnailUrl }) => {
        form.setFieldValue('coverUrl', url);
        form.setFieldValue('coverThumbnailUrl', thumbnailUrl);
      },
      onError: (error) => showServerError('Could not upload the cover', error),
    });
  };

  const remove = () => {
    form.setFieldValue('coverUrl', '');
    form.setFieldValue('coverThumbnailUrl', '');
    form.setFieldValue('coverAlt', '');
  };

  return (
    <Input.Wrapper label="Cover image" description="Shown on the news list and above the article">
      <Stack gap="xs" mt={6}>
        {coverUrl !== '' && (
          <Image
            src={coverThumbnailUrl || coverUrl}
            alt={coverAlt || 'Cover preview'}
            w={240}
            radius="sm"
          />
        )}
        <Group gap="xs">
          <FileButton
            onChange={onFile}
            accept={accept}
            resetRef={reset}
            inputProps={{ 'aria-label': 'Cover image file' }}
          >
            {(buttonProps) => (
              <Button
                {...buttonProps}
                size="xs"
                variant="default"
                leftSection={<IconPhotoPlus size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {coverUrl === '' ? 'Upload a cover' : 'Replace the cover'}
              </Button>
            )}
          </FileButton>
          {coverUrl !== '' && (
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={remove}
            >
              Remove the cover
            </Button>
          )}
        </Group>
        {coverUrl !== '' && (
          <TextInput
            label="Cover alt text"
            description="What the image shows, for people who cannot see it"
            required
            maxLength={newsLimits.coverAltMax}
            {...form.getInputProps('coverAlt')}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
