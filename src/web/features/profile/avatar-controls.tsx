import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '../../components/icons';
import { useRef } from 'react';
import type { SessionUser } from '../../../shared/accounts';
import { uploadLimits } from '../../../shared/uploads';
import { UserAvatar } from '../../components/user-avatar';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { toast } from '../../shell/toast-store';
import { useUpdateProfileDetails } from './api/update-profile-details';
import { useUploadAvatar } from './api/upload-avatar';

const maxMegabytes = uploadLimits.maxBytes / (1024 * 1024);

/** The session user's picture with upload and remove; the header follows the session. */
export function AvatarControls({ user }: { user: SessionUser }) {
  const uploadAvatar = useUploadAvatar();
  const updateProfile = useUpdateProfileDetails();
  const resetPicker = useRef<() => void>(null);
  const removing = updateProfile.isPending && updateProfile.variables?.avatarUrl === null;
  const uploading = (uploadAvatar.isPending || updateProfile.isPending) && !removing;

  const onPick = async (file: File | null) => {
    // Lets the same file be picked again after a failure.
    resetPicker.current?.();
    if (!file) return;
    // The server refuses it anyway; saying so here spares sending megabytes for nothing.
    if (file.size > uploadLimits.maxBytes) {
      toast.show({
        title: 'Could not upload your avatar',
        description: `The image is larger than ${maxMegabytes} MB.`,
        color: 'red',
      });
      return;
    }
    let url: string;
    try {
      url = (await uploadAvatar.mutateAsync(file)).url;
    } catch (error) {
      showServerError('Could not upload your avatar', error);
      return;
    }
    try {
      await updateProfile.mutateAsync({ avatarUrl: url });
      showSuccess('Avatar updated');
    } catch (error) {
      showServerError('Could not set your avatar', error);
    }
  };

  const onRemove = () =>
    updateProfile.mutate(
      { avatarUrl: null },
      {
        onSuccess: () => showSuccess('Avatar removed'),
        onError: (error) => showServerError('Could not remove your avatar', error),
      },
    );

  return (
    <Group gap="lg" align="center">
      <UserAvatar author={user} size={88} />
      <Stack gap="xs">
        <Group gap="sm">
          <FileButton
            onChange={(file) => void onPick(file)}
            accept={uploadLimits.acceptedTypes.join(',')}
            resetRef={resetPicker}
            disabled={uploading || removing}
            inputProps={{ 'aria-label': 'Avatar image file' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={uploading}
                disabled={removing}
              >
                Upload avatar
              </Button>
            )}
          </FileButton>
          {user.image !== null && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onRemove}
              loading={removing}
              disabled={uploading}
            >
              Remove avatar
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          JPEG, PNG, WebP or GIF, up to {maxMegabytes} MB. Shown next to everything you write.
        </Text>
      </Stack>
    </Group>
  );
}
