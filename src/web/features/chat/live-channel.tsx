import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import {
  chatMessageSchema,
  liveEvents,
  messageRemovedEvent,
  type ChatMessage,
  type ChatRoom,
} from '../../../shared/chat';
import { holdLiveSocket } from '../../api/live-socket';
import { queryKeys } from '../../api/query-keys';
import { useViewer } from '../../components/use-viewer';
import { updateCachedRoom } from './api/get-rooms';
import { catchUp } from './catch-up';
import { forgetSeen, lostSync, sawLive } from './last-seen';
import { mergeMessages, removeMessage, updateMessage, type MessagePages } from './message-cache';
import { pendingMessages } from './pending-messages';
import { withMessage, withoutMessage } from './room-preview';
import { isReading } from './reading-room';

/** A message from the live channel: the room's last message, and unread unless being read. */
function noteArrival(
  queryClient: QueryClient,
  message: ChatMessage,
  arrived: boolean,
  ownId: string | undefined,
) {
  const unread = arrived && message.author.id !== ownId && !isReading(message.roomId);
  updateCachedRoom(queryClient, message.roomId, (room: ChatRoom) => ({
    ...withMessage(room, message),
    unreadCount: room.unreadCount + (unread ? 1 : 0),
  }));
  if (unread) queryClient.setQueryData<number>(queryKeys.chatUnread, (total) => (total ?? 0) + 1);
}

/**
 * A message hidden or deleted: out of the room list's preview too. When the history held cannot
 * tell what the room's last message now is, the list is read again.
 */
function noteRemoval(
  queryClient: QueryClient,
  roomId: number,
  id: number,
  hidden: { reason: string } | null,
) {
  const history = queryClient.getQueryData<MessagePages>(queryKeys.chatMessages(roomId));
  let unknown = false;
  updateCachedRoom(queryClient, roomId, (room: ChatRoom) => {
    const after = withoutMessage(room, id, hidden, history);
    if (after) return after;
    unknown = true;
    return { ...room, lastMessage: null };
  });
  if (unknown) void queryClient.invalidateQueries({ queryKey: queryKeys.chatRooms });
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
    noteArrival(queryClient, message, !update && isNew, viewer?.id);
  });

  const onRemoved = useEffectEvent((payload: unknown) => {
    const parsed = messageRemovedEvent.safeParse(payload);
    if (!parsed.success) return;
    const { roomId, id, reason, hiddenReason } = parsed.data;
    // Only moderators and its author are told why a message was hidden: they keep it in sight,
    // marked (moderators to restore it, its author to know); everyone else sees it go.
    const hidden = reason === 'hidden' && hiddenReason !== null ? { reason: hiddenReason } : null;
    queryClient.setQueryData<MessagePages>(queryKeys.chatMessages(roomId), (data) =>
      hidden
        ? updateMessage(data, id, (message) => ({ ...message, hidden }))
        : removeMessage(data, id),
    );
    noteRemoval(queryClient, roomId, id, hidden);
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
