import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import {
  chatMessageSchema,
  liveEvents,
  messageRemovedEvent,
  type ChatMessage,
  type ChatRoom,
} from '../../../shared/chat';
import { can } from '../../../shared/permissions';
import { holdLiveSocket } from '../../api/live-socket';
import { queryKeys } from '../../api/query-keys';
import { useViewer } from '../../components/use-viewer';
import { updateCachedRoom } from './api/get-rooms';
import { catchUp } from './catch-up';
import { forgetSeen, lostSync, sawLive } from './last-seen';
import { mergeMessages, removeMessage, updateMessage, type MessagePages } from './message-cache';
import { pendingMessages } from './pending-messages';
import { isReading } from './reading-room';

const excerptLength = 120;

function excerptOf(message: ChatMessage): string {
  const text = message.body.replace(/\s+/g, ' ').trim();
  return text.length > excerptLength ? `${text.slice(0, excerptLength - 1)}…` : text;
}

/** A new message from someone else: the room's last message, and unread unless being read. */
function noteArrival(queryClient: QueryClient, message: ChatMessage, ownId: string | undefined) {
  const unread = message.author.id !== ownId && !isReading(message.roomId);
  updateCachedRoom(queryClient, message.roomId, (room: ChatRoom) => ({
    ...room,
    unreadCount: room.unreadCount + (unread ? 1 : 0),
    lastMessage: {
      id: message.id,
      authorName: message.author.name,
      excerpt: excerptOf(message),
      createdAt: message.createdAt,
    },
  }));
  if (unread) queryClient.setQueryData<number>(queryKeys.chatUnread, (total) => (total ?? 0) + 1);
}

/**
 * The live channel of a signed-in member with a verified email, for the whole app: it keeps
 * every cached room, the room list and the unread total current, and tells the session when the
 * account changed. Mounted once by the layout; renders nothing.
 */
export default function LiveChannel() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const viewerId = viewer?.id;

  const onMessage = useEffectEvent((payload: unknown, update: boolean) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success) return;
    const message = parsed.data;
    const key = queryKeys.chatMessages(message.roomId);
    const known = queryClient.getQueryData<MessagePages>(key);
    const isNew = !known?.pages.some((page) => page.items.some((item) => item.id === message.id));
    queryClient.setQueryData<MessagePages>(key, (data) =>
      mergeMessages(data, [message], { keepReacted: true }),
    );
    pendingMessages.settle(message.nonce);
    if (!update) sawLive(message.roomId, message.id);
    if (!update && isNew) noteArrival(queryClient, message, viewer?.id);
  });

  const onRemoved = useEffectEvent((payload: unknown) => {
    const parsed = messageRemovedEvent.safeParse(payload);
    if (!parsed.success) return;
    const { roomId, id, reason, hiddenReason } = parsed.data;
    // Moderators keep a hidden message in sight, marked, so they can restore it.
    const keep = reason === 'hidden' && can(viewer?.role, 'content.moderate');
    queryClient.setQueryData<MessagePages>(queryKeys.chatMessages(roomId), (data) =>
      keep
        ? updateMessage(data, id, (message) => ({
            ...message,
            hidden: { reason: hiddenReason ?? '' },
          }))
        : removeMessage(data, id),
    );
  });

  useEffect(() => {
    if (viewerId === undefined) return;
    const { socket, release } = holdLiveSocket();
    const readSession = () => queryClient.invalidateQueries({ queryKey: queryKeys.session });
    const onOnline = () => {
      // The socket reconnects by itself; the history is fetched either way (it may not drop).
      if (!socket.connected) socket.connect();
      void catchUp(queryClient, { connected: socket.connected });
    };
    // Named, so that leaving removes these and only these: other features listen on the socket.
    const listeners: Record<string, (payload: unknown) => void> = {
      connect: () => void catchUp(queryClient, { connected: true }),
      disconnect: (reason) => {
        lostSync();
        // The server ended the connection (a block): the session says why; no reconnecting.
        if (reason === 'io server disconnect') void readSession();
      },
      [liveEvents.message]: (payload: unknown) => onMessage(payload, false),
      [liveEvents.messageUpdated]: (payload: unknown) => onMessage(payload, true),
      [liveEvents.messageRemoved]: (payload: unknown) => onRemoved(payload),
      [liveEvents.room]: () =>
        void queryClient.invalidateQueries({ queryKey: queryKeys.chatRooms }),
      [liveEvents.accountChanged]: () => void readSession(),
    };
    for (const [event, listener] of Object.entries(listeners)) socket.on(event, listener);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', lostSync);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', lostSync);
      for (const [event, listener] of Object.entries(listeners)) socket.off(event, listener);
      release();
      forgetSeen();
    };
  }, [queryClient, viewerId]);

  return null;
}
