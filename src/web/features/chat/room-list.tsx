import { Badge, NativeSelect, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ChatRoom } from '../../../shared/chat';
import { useFormats } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';

interface RoomPickerProps {
  rooms: readonly ChatRoom[];
  currentId: number;
  onPick: (roomId: number) => void;
}

/**
 * A room's last message in the list. One hidden by a moderator reaches only its author and
 * moderators, who read it as hidden, with the reason, as in the room itself.
 */
function LastMessage({ message }: { message: NonNullable<ChatRoom['lastMessage']> }) {
  return (
    <Text span size="xs" lineClamp={1} inherit>
      {message.hidden
        ? `${message.authorName} · Hidden from members: ${message.hidden.reason}`
        : `${message.authorName}: ${message.excerpt}`}
    </Text>
  );
}

/** Desktop: every room with its unread count and last message, in a column beside the room. */
export function RoomList({ rooms, currentId }: Omit<RoomPickerProps, 'onPick'>) {
  const format = useFormats();
  return (
    <nav aria-label="Rooms">
      <Stack gap={2}>
        {rooms.map((room) => (
          <NavLink
            key={room.id}
            component={PrefetchLink}
            to={`/chat?room=${room.id}`}
            active={room.id === currentId}
            aria-current={room.id === currentId ? 'page' : undefined}
            label={
              <>
                {room.name}
                {room.unreadCount > 0 && (
                  <VisuallyHidden>, {room.unreadCount} unread</VisuallyHidden>
                )}
              </>
            }
            description={
              room.lastMessage ? <LastMessage message={room.lastMessage} /> : 'No messages yet'
            }
            rightSection={
              room.unreadCount > 0 ? (
                <Badge size="sm" circle={room.unreadCount < 10} c="black" aria-hidden>
                  {room.unreadCount > 99 ? '99+' : format.number(room.unreadCount)}
                </Badge>
              ) : null
            }
          />
        ))}
      </Stack>
    </nav>
  );
}

/** Phones: one select above the room, each room with its unread count. */
export function RoomSelect({ rooms, currentId, onPick }: RoomPickerProps) {
  return (
    <NativeSelect
      label="Room"
      value={String(currentId)}
      onChange={(event) => onPick(Number(event.currentTarget.value))}
      data={rooms.map((room) => ({
        value: String(room.id),
        label: room.unreadCount > 0 ? `${room.name} (${room.unreadCount} unread)` : room.name,
      }))}
    />
  );
}
