import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '../../components/icons';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { can } from '../../../shared/permissions';
import { useSession } from '../../api/session';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { parseLinkedId } from '../../components/use-linked-item';
import { useRooms } from './api/get-rooms';
import classes from './chat.module.css';
import { RoomList, RoomSelect } from './room-list';
import { RoomView } from './room-view';
import { useFillViewport } from './use-fill-viewport';

const RoomSettingsDialog = lazy(() => import('./room-settings-dialog'));

function NewRoomButton({ onCreated }: { onCreated: (roomId: number) => void }) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
      >
        New room
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <RoomSettingsDialog
            room={null}
            opened={opened}
            onClose={() => setOpened(false)}
            onSaved={onCreated}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The rooms (a column on desktop, a select on phones) and the room picked in `?room=`, opened
 * at `?message=` when the link names one (a search result). Picking a room drops the message.
 */
export default function ChatRooms() {
  const user = useSession().data;
  // Admins see archived rooms too, so they can bring one back.
  const rooms = useRooms(can(user?.role, 'chat.rooms'));
  const [params, setParams] = useSearchParams();
  const pick = (roomId: number) => setParams({ room: String(roomId) });
  const fillViewport = useFillViewport();

  if (rooms.isPending) return <LoadingStatus label="Loading the rooms" py="xl" />;
  if (rooms.isError) return <LoadError title="Could not load the rooms" error={rooms.error} />;
  if (!user) return null;

  const list = rooms.data;
  const wanted = Number(params.get('room'));
  const room = list.find((item) => item.id === wanted) ?? list[0];
  // A message belongs to the room the link names, not to the room shown in its place.
  const linkedMessageId = room?.id === wanted ? parseLinkedId(params.get('message')) : null;
  const viewer = {
    id: user.id,
    role: user.role,
    username: user.username,
    name: user.name,
    image: user.image,
  };
  const newRoom = can(user.role, 'chat.rooms') && <NewRoomButton onCreated={pick} />;

  return (
    <div className={classes.layout} ref={fillViewport}>
      <Stack gap="sm" className={classes.sidebar}>
        <RoomList rooms={list} currentId={room?.id ?? 0} />
        {newRoom && <Group>{newRoom}</Group>}
      </Stack>
      <Group className={classes.picker} align="flex-end" gap="sm" wrap="nowrap">
        {room && (
          <div style={{ flex: 1, minWidth: 0 }}>
            <RoomSelect rooms={list} currentId={room.id} onPick={pick} />
          </div>
        )}
        {newRoom}
      </Group>
      {room ? (
        <RoomView key={room.id} room={room} viewer={viewer} linkedMessageId={linkedMessageId} />
      ) : (
        <Text c="dimmed">There are no rooms yet.</Text>
      )}
    </div>
  );
}
