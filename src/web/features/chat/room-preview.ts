import type { ChatMessage, ChatRoom } from '../../../shared/chat';
import { messagesInOrder, type HistoryPages } from './message-cache';

export type RoomPreview = NonNullable<ChatRoom['lastMessage']>;

const excerptLength = 120;

function excerptOf(message: ChatMessage): string {
  const text = message.body.replace(/\s+/g, ' ').trim();
  return text.length > excerptLength ? `${text.slice(0, excerptLength - 1)}…` : text;
}

/** The room list's line for a message: who wrote it, how it begins, and whether it is hidden. */
export function previewOf(message: ChatMessage): RoomPreview {
  return {
    id: message.id,
    authorName: message.author.name,
    excerpt: excerptOf(message),
    createdAt: message.createdAt,
    hidden: message.hidden,
  };
}

/** A message new or changed: the room's last message when it is the newest the list knows. */
export function withMessage(room: ChatRoom, message: ChatMessage): ChatRoom {
  const last = room.lastMessage;
  return last && last.id > message.id ? room : { ...room, lastMessage: previewOf(message) };
}

/**
 * The room after its message `id` was hidden or deleted. Kept (`hidden` given: the reader is
 * its author or moderates) it stays the last message, marked hidden with the reason; otherwise
 * no word of it stays, and the newest message of the room's history takes its place. Undefined
 * when the history the reader holds cannot tell which that is: ask the server.
 */
export function withoutMessage(
  room: ChatRoom,
  id: number,
  hidden: { reason: string } | null,
  history: HistoryPages | undefined,
): ChatRoom | undefined {
  const last = room.lastMessage;
  if (last?.id !== id) return room;
  if (hidden) return { ...room, lastMessage: { ...last, hidden } };
  const newest = messagesInOrder(history)
    .filter((message) => message.id !== id)
    .at(-1);
  return newest ? { ...room, lastMessage: previewOf(newest) } : undefined;
}
