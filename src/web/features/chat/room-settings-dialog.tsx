import { Button, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  chatLimits,
  createRoomBody,
  type ChatRoom,
  type RoomPostingPolicy,
} from '../../../shared/chat';
import { AppModal } from '../../components/app-modal';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useSaveRoom } from './api/save-room';

interface RoomValues {
  name: string;
  topic: string;
  posting: RoomPostingPolicy;
  slowModeSeconds: number;
  archived: boolean;
}

const postingOptions = [
  { value: 'everyone', label: 'Every member' },
  { value: 'moderators', label: 'Moderators only (announcements)' },
];

function isPosting(value: string | null): value is RoomPostingPolicy {
  return value === 'everyone' || value === 'moderators';
}

const checkRoom = schemaResolver(createRoomBody, { sync: true });

function RoomForm({ room, onDone }: { room: ChatRoom | null; onDone: (id: number) => void }) {
  const save = useSaveRoom();
  const form = useForm<RoomValues>({
    initialValues: {
      name: room?.name ?? '',
      topic: room?.topic ?? '',
      posting: room?.posting ?? 'everyone',
      slowModeSeconds: room?.slowModeSeconds ?? 0,
      archived: room?.archived ?? false,
    },
    validate: ({ archived: _archived, ...values }) => checkRoom(values),
  });

  const submit = form.onSubmit(({ archived, ...values }) => {
    const input =
      room === null
        ? { id: null, values }
        : { id: room.id, values: room.isGeneral ? values : { ...values, archived } };
    save.mutate(input, {
      onSuccess: (saved) => {
        showSuccess(room === null ? 'Room created' : 'Room settings saved');
        onDone(saved.id);
      },
      onError: (error) => showServerError('Could not save the room', error, form),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={chatLimits.roomNameMax}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Topic"
          maxLength={chatLimits.roomTopicMax}
          {...form.getInputProps('topic')}
        />
        <Select
          label="Who can post"
          data={postingOptions}
          allowDeselect={false}
          value={form.getValues().posting}
          onChange={(value) => {
            if (isPosting(value)) form.setFieldValue('posting', value);
          }}
        />
        <NumberInput
          label="Slow mode (seconds between messages)"
          description="0 for off. Each member may send one message per this many seconds."
          min={0}
          max={chatLimits.slowModeMaxSeconds}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('slowModeSeconds')}
        />
        {room !== null && !room.isGeneral && (
          <Switch
            label="Archived (read-only, out of the room list)"
            {...form.getInputProps('archived', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={() => onDone(room?.id ?? 0)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {room === null ? 'Create room' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface RoomSettingsDialogProps {
  /** The room to change, or null for a new one. */
  room: ChatRoom | null;
  opened: boolean;
  onClose: () => void;
  /** The room saved (the new one's id, to open it). */
  onSaved?: (roomId: number) => void;
}

/** Admins: a new room, or a room's name, topic, posting policy, slow mode and archive. */
export default function RoomSettingsDialog({
  room,
  opened,
  onClose,
  onSaved,
}: RoomSettingsDialogProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={room ? `Settings of ${room.name}` : 'New room'}
    >
      {opened && (
        <RoomForm
          room={room}
          onDone={(id) => {
            onClose();
            if (id !== 0 && id !== room?.id) onSaved?.(id);
          }}
        />
      )}
    </AppModal>
  );
}
