import type { ChatMessage, ChatRoom, RoomPostingPolicy } from '../../../shared/chat.js';
import { deletedUserName, iso, isoOrNull, presentAuthor } from '../../core/author.js';
import { plainExcerpt } from '../../markdown/excerpt.js';
import type { MessageRow, RoomListRow, RoomRow } from './repo.js';

const postingPolicy = (value: string): RoomPostingPolicy =>
  value === 'moderators' ? 'moderators' : 'everyone';

/**
 * A message as a reader sees it. `moderator` readers see a hidden message with its reason;
 * for anyone else the caller has already left hidden messages out. A quoted message that was
 * since deleted or hidden is named, not shown.
 */
export function presentMessage(row: MessageRow, moderator: boolean): ChatMessage {
  const { message } = row;
  const quoted = row.replyTo;
  let replyTo: ChatMessage['replyTo'] = null;
  if (quoted?.id != null) {
    const gone = quoted.deletedAt !== null || (quoted.hiddenAt !== null && !moderator);
    replyTo = {
      id: quoted.id,
      authorName: quoted.authorDeletedAt ? deletedUserName : (quoted.authorName ?? deletedUserName),
      excerpt: gone
        ? 'This message is no longer available'
        : plainExcerpt(quoted.bodySource ?? '', 120),
    };
  }
  return {
    id: message.id,
    roomId: message.roomId,
    author: presentAuthor(row.author),
    body: message.bodySource,
    html: message.bodyHtml,
    nonce: message.nonce,
    mentions: message.mentions,
    replyTo,
    reactionCount: message.reactionCount,
    reacted: Boolean(row.reacted),
    createdAt: iso(message.createdAt),
    editedAt: isoOrNull(message.editedAt),
    hidden:
      moderator && message.hiddenAt !== null
        ? { reason: message.hiddenReason ?? 'No reason given' }
        : null,
  };
}

/** A room as a member sees it in the list: with their unread count and the last message. */
export function presentRoomListRow(
  row: RoomListRow,
  canPost: (room: RoomRow['posting']) => boolean,
): ChatRoom {
  const archived = row.archived_at !== null;
  return {
    id: row.id,
    name: row.name,
    topic: row.topic,
    posting: postingPolicy(row.posting),
    slowModeSeconds: row.slow_mode_seconds,
    isGeneral: row.is_general,
    archived,
    canPost: !archived && canPost(row.posting),
    unreadCount: Number(row.unread_count),
    lastReadMessageId: row.last_read_message_id === null ? null : Number(row.last_read_message_id),
    lastMessage:
      row.last_id === null || row.last_created_at === null
        ? null
        : {
            id: Number(row.last_id),
            authorName: row.last_author_deleted_at
              ? deletedUserName
              : (row.last_author_name ?? deletedUserName),
            excerpt: plainExcerpt(row.last_body ?? '', 80),
            createdAt: iso(row.last_created_at),
          },
  };
}

/** A room's own settings, with no reader's unread state (live events, admin answers). */
export function presentRoom(room: RoomRow, canPost: boolean): ChatRoom {
  return {
    id: room.id,
    name: room.name,
    topic: room.topic,
    posting: postingPolicy(room.posting),
    slowModeSeconds: room.slowModeSeconds,
    isGeneral: room.isGeneral,
    archived: room.archivedAt !== null,
    canPost: room.archivedAt === null && canPost,
    unreadCount: 0,
    lastReadMessageId: null,
    lastMessage: null,
  };
}
