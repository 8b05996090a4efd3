import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '../../components/icons';
import { ImageUploadButton } from '../../components/image-upload-button';
import type { EditFilmValues } from './edit-film-form';

/** The film's poster: an image the editor uploads here (re-encoded by the server), or none. */
export function PosterField({ form }: { form: UseFormReturnType<EditFilmValues> }) {
  const { posterUrl, posterThumbnailUrl, title } = form.getValues();
  const error = form.errors.posterUrl;

  const remove = () => {
    form.setFieldValue('posterUrl', '');
    form.setFieldValue('posterThumbnailUrl', '');
  };

  return (
    <Input.Wrapper
      label="Poster"
      description="Shown on the film’s page and in the films list"
      error={error}
    >
      <Stack gap="xs" mt={6}>
        {posterUrl === '' ? (
          <Text size="sm" c="dimmed">
            No poster
          </Text>
        ) : (
          <Image
            src={posterThumbnailUrl || posterUrl}
            alt={`Poster of ${title.trim() || 'the film'}`}
            w={96}
            radius="sm"
          />
        )}
        <Group gap="xs">
          <ImageUploadButton
            label={posterUrl === '' ? 'Upload a poster' : 'Replace the poster'}
            fileLabel="Poster image file"
            failureTitle="Could not upload the poster"
            onUploaded={({ url, thumbnailUrl }) => {
              form.setFieldValue('posterUrl', url);
              form.setFieldValue('posterThumbnailUrl', thumbnailUrl);
              form.clearFieldError('posterUrl');
            }}
          />
          {posterUrl !== '' && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={remove}
            >
              Remove poster
            </Button>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
