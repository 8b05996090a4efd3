import { Button, Group, Image, Input, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '../../components/icons';
import { newsLimits } from '../../../shared/news';
import { ImageUploadButton } from '../../components/image-upload-button';
import type { NewsEditorForm } from './news-form';

/** The cover: one of our uploads (re-encoded by the server) with its alt text. */
export function CoverField({ form }: { form: NewsEditorForm }) {
  const { coverUrl, coverThumbnailUrl, coverAlt } = form.getValues();

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
          <ImageUploadButton
            label={coverUrl === '' ? 'Upload a cover' : 'Replace the cover'}
            fileLabel="Cover image file"
            failureTitle="Could not upload the cover"
            onUploaded={({ url, thumbnailUrl }) => {
              form.setFieldValue('coverUrl', url);
              form.setFieldValue('coverThumbnailUrl', thumbnailUrl);
            }}
          />
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
