import type { ChatMessage, ChatRoom, RoomPostingPolicy } from '../../../shared/chat.js';
import { deletedUserName, iso, isoOrNull, presentAuthor } from '../../core/author.js';
import { plainExcerpt } from '../../markdown/excerpt.js';
import type { MessageRow, RoomListRow, RoomRow } from './repo.js';

/** A hidden message's reason, as its author and moderators see it. */
function hiddenOf(message: {
  hiddenAt: Date | string | null;
  hiddenReason: string | null;
}): { reason: string } | null {
  return message.hiddenAt === null ? null : { reason: message.hiddenReason ?? 'No reason given' };
}

const postingPolicy = (value: string): RoomPostingPolicy =>
  value === 'moderators' ? 'moderators' : 'everyone';

/** Who reads a message: a member (moderator or not), or nobody in particular (a broadcast). */
export interface MessageReader {
  id: string | null;
  moderator: boolean;
}

/** A broadcast to a room: what every member may see. */
export const anyReader: MessageReader = { id: null, moderator: false };

/**
 * A message as a reader sees it. Moderators and its author see a hidden message with its
 * reason; for anyone else the caller has already left hidden messages out. A quoted message
 * that was since deleted or hidden is named, not shown.
 */
export function presentMessage(row: MessageRow, reader: MessageReader): ChatMessage {
  const { message } = row;
  const { moderator } = reader;
  const seesHidden = moderator || message.authorId === reader.id;
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
    hidden: seesHidden ? hiddenOf(message) : null,
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
            hidden: hiddenOf({
              hiddenAt: row.last_hidden_at,
              hiddenReason: row.last_hidden_reason,
            }),
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
