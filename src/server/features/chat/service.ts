import { notifyLater } from '../../core/notify.js';
import { chatMentioned } from './notify-events.js';
import { moderationNotice } from '../notifications/index.js';
import {
  chatLimits,
  createRoomBody,
  type ChatModerationAction,
  liveEvents,
  type ChatMessage,
  type ChatRoom,
  type MessageRemovedEvent,
  type UpdateRoomBody,
} from '../../../shared/chat.js';
import {
  AppError,
  alreadyExists,
  failedPrecondition,
  invalidArgument,
  notFound,
  permissionDenied,
} from '../../../shared/errors.js';
import { reportsToHide, type ReportCategory } from '../../../shared/reports.js';
import { can } from '../../../shared/permissions.js';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { recordAudit } from '../../core/audit.js';
import { decodeCursor, encodeCursor, cursorRowId } from '../../core/cursor.js';
import type { Limiter } from '../../core/limiter.js';
import { memberRoom, moderatorsRoom, type Live } from '../../core/live.js';
import { assertMayActOnContent, rankedAuthor } from '../../core/rank.js';
import {
  activeBlock,
  activeMute,
  blockedError,
  mutedError,
  type Viewer,
} from '../../core/viewer.js';
import type { DbOrTx } from '../../core/transaction.js';
import { chatMentionCandidates, renderChatMessage } from '../../markdown/render-chat.js';
import { memberStanding, mentionableMembers } from '../../core/repo.js';
import { plainExcerpt } from '../../markdown/excerpt.js';
import { z } from 'zod';
import {
  findRoom,
  historyPage,
  insertRoom,
  listRooms,
  markRead,
  messageById,
  messageByNonce,
  messagesAfter,
  roomUnread,
  totalUnread,
  updateRoom,
  type MessageRow,
  type RoomRow,
} from './repo.js';
import * as messages from './message-repo.js';
import { insertReport, lockMessage, openReportCount, openReporters } from './reports/repo.js';
import {
  anyReader,
  presentMessage,
  presentRoom,
  presentRoomListRow,
  type MessageReader,
} from './presenter.js';
import {
  chatAuditAction,
  closeReports,
  hiddenByReports,
  hideForReview,
} from './reports/reports.js';

/** The Socket.IO room of a chat room's live events. */
export const roomChannel = (roomId: number) => `chat:${roomId}`;
/** Every chat member's sockets: room creation and changes go here. */
export const membersChannel = 'chat:members';

const isModerator = (viewer: Pick<Viewer, 'role'>) => can(viewer.role, 'content.moderate');
const readerOf = (viewer: Viewer): MessageReader & { id: string } => ({
  id: viewer.id,
  moderator: isModerator(viewer),
});

const historyCursor = z.tuple([cursorRowId]);

function mayPost(viewer: Pick<Viewer, 'role'>, posting: string): boolean {
  return posting !== 'moderators' || isModerator(viewer);
}

/** What a member may and may not do with a message, in one place. */
function assertCanPostIn(viewer: Pick<Viewer, 'role'>, room: RoomRow): void {
  if (room.archivedAt) throw failedPrecondition('This room is archived: it takes no new messages');
  if (!mayPost(viewer, room.posting)) {
    throw permissionDenied('Only moderators post in this room');
  }
}

/** A message the viewer may see: not deleted, and if hidden, theirs or they moderate. */
function visibleMessage(row: MessageRow | undefined, viewer: Viewer): MessageRow {
  const hiddenFromViewer =
    row?.message.hiddenAt && !isModerator(viewer) && row.message.authorId !== viewer.id;
  if (!row || row.message.deletedAt || hiddenFromViewer) throw notFound('Message');
  return row;
}

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: { db: Db; limiter: Limiter; live: Live }) {
  const { db, limiter, live } = deps;

  async function room(roomId: number): Promise<RoomRow> {
    const found = await findRoom(db, roomId);
    if (!found) throw notFound('Chat room');
    return found;
  }

  /**
   * An archived room is kept as it was: its messages take no likes (nor lose them) and no
   * reports, as it takes no messages.
   */
  async function assertOpenRoom(tx: DbOrTx, roomId: number, refusal: string): Promise<void> {
    const found = await findRoom(tx, roomId);
    if (found?.archivedAt) throw failedPrecondition(`This room is archived: ${refusal}`);
  }

  /** Slow mode: one message per `seconds` per member and room, shared by every process. */
  function slowMode(seconds: number) {
    return limiter.counter(
      `chat-slow-${seconds}`,
      { points: 1, seconds },
      (retryAfterMs) =>
        new AppError(
          'resource-exhausted',
          `This room is in slow mode: one message every ${seconds} seconds. Try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds.`,
          { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
        ),
    );
  }

  /** The live copy of a message: what every reader may see (no reader's own like). */
  function broadcastMessage(event: string, row: MessageRow): void {
    const message: ChatMessage = { ...presentMessage(row, anyReader), reacted: false };
    live.io.to(roomChannel(message.roomId)).emit(event, message);
  }

  /** A message its author deleted: gone for everyone. */
  function broadcastDeleted(roomId: number, id: number): void {
    const event: MessageRemovedEvent = { roomId, id, reason: 'deleted', hiddenReason: null };
    live.io.to(roomChannel(roomId)).emit(liveEvents.messageRemoved, event);
  }

  /**
   * A hidden message: the room hears it is gone; only moderators and its author hear why (and
   * keep it in sight, marked), on every process through the adapter.
   */
  function broadcastHidden(
    message: { roomId: number; id: number; authorId: string },
    reason: string,
  ) {
    const event: MessageRemovedEvent = {
      roomId: message.roomId,
      id: message.id,
      reason: 'hidden',
      hiddenReason: null,
    };
    live.io
      .to(roomChannel(message.roomId))
      .except([moderatorsRoom, memberRoom(message.authorId)])
      .emit(liveEvents.messageRemoved, event);
    live.io
      .to([moderatorsRoom, memberRoom(message.authorId)])
      .emit(liveEvents.messageRemoved, { ...event, hiddenReason: reason });
  }

  function broadcastRoom(found: RoomRow): void {
    live.io
      .to(membersChannel)
      .emit(liveEvents.room, presentRoom(found, found.posting === 'everyone'));
  }

  /** The stored HTML, and the members it mentions (their usernames, kept with the message). */
  async function renderBody(source: string) {
    const members = await mentionableMembers(db, chatMentionCandidates(source));
    const { html, mentioned } = renderChatMessage(source, members);
    return {
      html,
      mentions: mentioned.map((member) => member.username),
      mentionedIds: mentioned.map((member) => member.id),
    };
  }

  return {
    async rooms(viewer: Viewer, archived: boolean): Promise<ChatRoom[]> {
      const rows = await listRooms(db, { ...viewer, moderator: isModerator(viewer) }, { archived });
      return rows.map((row) => presentRoomListRow(row, (posting) => mayPost(viewer, posting)));
    },

    async createRoom(viewer: Viewer, body: z.output<typeof createRoomBody>) {
      const created = await db.transaction(async (tx) => {
        const row = await insertRoom(tx, {
          name: body.name,
          topic: body.topic,
          posting: body.posting,
          slowModeSeconds: body.slowModeSeconds,
          createdById: viewer.id,
        });
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, {
          actor: viewer,
          action: 'chat-room.create',
          target: { type: 'chat-room', id: row.id, label: row.name },
          after: {
            name: row.name,
            topic: row.topic,
            posting: row.posting,
            slowModeSeconds: row.slowModeSeconds,
          },
        });
        return row;
      });
      live.io.in(membersChannel).socketsJoin(roomChannel(created.id));
      broadcastRoom(created);
      return presentRoom(created, mayPost(viewer, created.posting));
    },

    async updateRoom(viewer: Viewer, roomId: number, body: UpdateRoomBody) {
      const updated = await db.transaction(async (tx) => {
        const before = await findRoom(tx, roomId);
        if (!before) throw notFound('Chat room');
        if (body.archived === true && before.isGeneral) {
          throw failedPrecondition('The General room cannot be archived');
        }
        const archivedAt =
          body.archived === undefined
            ? before.archivedAt
            : body.archived
              ? (before.archivedAt ?? new Date())
              : null;
        const row = await updateRoom(tx, roomId, {
          name: body.name ?? before.name,
          topic: body.topic ?? before.topic,
          posting: body.posting ?? before.posting,
          slowModeSeconds: body.slowModeSeconds ?? before.slowModeSeconds,
          archivedAt,
        });
        if (!row) throw notFound('Chat room');
        const snapshot = (r: RoomRow) => ({
          name: r.name,
          topic: r.topic,
          posting: r.posting,
          slowModeSeconds: r.slowModeSeconds,
          archived: r.archivedAt !== null,
        });
        await recordAudit(tx, {
          actor: viewer,
          action: 'chat-room.update',
          target: { type: 'chat-room', id: row.id, label: row.name },
          before: snapshot(before),
          after: snapshot(row),
        });
        return row;
      });
      if (updated.archivedAt === null) {
        live.io.in(membersChannel).socketsJoin(roomChannel(updated.id));
      }
      broadcastRoom(updated);
      return presentRoom(updated, mayPost(viewer, updated.posting));
    },

    async history(
      viewer: Viewer,
      roomId: number,
      query: { before?: string | undefined; after?: number | undefined; limit: number },
    ) {
      await room(roomId);
      const reader = readerOf(viewer);
      if (query.after !== undefined) {
        const limit = Math.min(query.limit, chatLimits.catchUpMax);
        const rows = await messagesAfter(db, reader, roomId, query.after, limit + 1);
        return {
          items: rows.slice(0, limit).map((row) => presentMessage(row, reader)),
          nextCursor: null,
          hasMore: rows.length > limit,
        };
      }
      const beforeId = query.before ? decodeCursor(query.before, historyCursor)[0] : null;
      const rows = await historyPage(db, reader, roomId, beforeId, query.limit + 1);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map((row) => presentMessage(row, reader)),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.message.id]) : null,
        hasMore: false,
      };
    },

    /**
     * Stores a message, then tells the room. The answer leaves only after the commit, so an
     * acknowledged message survives a crash. A repeated nonce answers the stored message.
     */
    async send(
      viewer: Viewer,
      roomId: number,
      body: { body: string; nonce: string; replyToId?: number | null | undefined },
    ): Promise<{ message: ChatMessage; created: boolean }> {
      const found = await room(roomId);
      const moderator = isModerator(viewer);
      const present = (row: MessageRow) => presentMessage(row, { id: viewer.id, moderator });
      const earlier = await messageByNonce(db, viewer.id, body.nonce);
      if (earlier) {
        if (earlier.message.roomId !== roomId) {
          throw alreadyExists('This nonce was used for a message in another room');
        }
        return { message: present(earlier), created: false };
      }
      assertCanPostIn(viewer, found);
      if (body.replyToId != null) {
        const quoted = await messageById(db, viewer.id, body.replyToId);
        if (!quoted || quoted.message.roomId !== roomId) {
          throw invalidArgument('You can only reply to a message of the same room');
        }
        visibleMessage(quoted, viewer);
        if (quoted.message.hiddenAt) {
          throw failedPrecondition('A moderator hid this message: it takes no replies');
        }
      }
      const slow = found.slowModeSeconds > 0 && !moderator ? slowMode(found.slowModeSeconds) : null;
      const slowKey = `${roomId}:${viewer.id}`;
      await slow?.consume(slowKey);
      const { html, mentions, mentionedIds } = await renderBody(body.body);
      let id: number;
      try {
        // A message that mentions someone records it in the same transaction (notifications).
        const inserted = await db.transaction(async (tx) => {
          const insertedId = await messages.insertMessage(tx, {
            roomId,
            authorId: viewer.id,
            nonce: body.nonce,
            replyToId: body.replyToId ?? null,
            bodySource: body.body,
            bodyHtml: html,
            mentions,
          });
          if (insertedId !== undefined && mentionedIds.length > 0) {
            await notifyLater(tx, chatMentioned, {
              messageId: insertedId,
              mentioned: mentionedIds,
            });
          }
          return insertedId;
        });
        if (inserted === undefined) throw new Error('insert returned no row');
        id = inserted;
      } catch (error) {
        await slow?.reward(slowKey);
        // The same nonce sent twice at once: the first one stored it.
        if (isUniqueViolation(error)) {
          const stored = await messageByNonce(db, viewer.id, body.nonce);
          if (stored) return { message: present(stored), created: false };
        }
        throw error;
      }
      const stored = await messageById(db, viewer.id, id);
      if (!stored) throw notFound('Message');
      // Our own read mark moves with what we write: our messages are never unread to us.
      await markRead(db, viewer.id, roomId, id);
      broadcastMessage(liveEvents.message, stored);
      return { message: present(stored), created: true };
    },

    async edit(viewer: Viewer, messageId: number, source: string): Promise<ChatMessage> {
      const row = visibleMessage(await messageById(db, viewer.id, messageId), viewer);
      if (row.message.authorId !== viewer.id) {
        throw permissionDenied('You can only edit your own messages');
      }
      if (row.message.hiddenAt) throw failedPrecondition('A moderator hid this message');
      const found = await room(row.message.roomId);
      if (found.archivedAt) throw failedPrecondition('This room is archived');
      const { html, mentions } = await renderBody(source);
      await messages.editMessage(db, messageId, { bodySource: source, bodyHtml: html, mentions });
      const stored = visibleMessage(await messageById(db, viewer.id, messageId), viewer);
      broadcastMessage(liveEvents.messageUpdated, stored);
      return presentMessage(stored, readerOf(viewer));
    },

    async remove(viewer: Viewer, messageId: number): Promise<void> {
      const row = visibleMessage(await messageById(db, viewer.id, messageId), viewer);
      if (row.message.authorId !== viewer.id) {
        throw permissionDenied('You can only delete your own messages; moderators hide others');
      }
      await messages.deleteMessage(db, messageId);
      broadcastDeleted(row.message.roomId, messageId);
    },

    async react(viewer: Viewer, messageId: number, on: boolean) {
      const result = await db.transaction(async (tx) => {
        const row = visibleMessage(await messageById(tx, viewer.id, messageId), viewer);
        if (on && row.message.authorId === viewer.id) {
          throw permissionDenied('You cannot like your own message');
        }
        await assertOpenRoom(tx, row.message.roomId, 'its likes stay as they were');
        const { changed, reactionCount } = await messages.setReaction(tx, messageId, viewer.id, on);
        return { reacted: on, reactionCount, changed };
      });
      if (result.changed) {
        const stored = await messageById(db, viewer.id, messageId);
        if (stored && !stored.message.hiddenAt) broadcastMessage(liveEvents.messageUpdated, stored);
      }
      return { reacted: result.reacted, reactionCount: result.reactionCount };
    },

    /**
     * Reports a message to the moderators: one open report per member and message (a second
     * adds nothing), and the third distinct reporter hides it for every reader until a
     * moderator reviews it (reports.ts).
     */
    async report(
      viewer: Viewer,
      messageId: number,
      body: { category: ReportCategory; reason: string },
    ): Promise<void> {
      const hidden = await db.transaction(async (tx) => {
        await lockMessage(tx, messageId);
        const row = visibleMessage(await messageById(tx, viewer.id, messageId), viewer);
        if (row.message.authorId === viewer.id) {
          throw permissionDenied('You cannot report your own message: delete or edit it instead');
        }
        await assertOpenRoom(tx, row.message.roomId, 'its messages can no longer be reported');
        const stored = await insertReport(tx, {
          messageId,
          reporterId: viewer.id,
          category: body.category,
          reason: body.reason,
        });
        if (!stored) return null;
        const reporters = await openReporters(tx, messageId);
        if (reporters < reportsToHide) return null;
        return hideForReview(tx, messageId, reporters);
      });
      if (hidden) {
        broadcastHidden(
          { roomId: hidden.roomId, id: messageId, authorId: hidden.authorId },
          hidden.reason,
        );
      }
    },

    /**
     * A moderator hides or restores a message, or dismisses its reports as unfounded (which
     * lifts a hiding the reports caused, never a moderator's). Each closes the message's open
     * reports and writes its audit entry in one transaction.
     */
    async moderate(
      viewer: Viewer,
      messageId: number,
      body: { action: ChatModerationAction; reason?: string | undefined },
    ): Promise<ChatMessage> {
      if (body.action === 'hide' && !body.reason) {
        throw invalidArgument('Give a reason for hiding the message');
      }
      const { row, shown } = await db.transaction(async (tx) => {
        await lockMessage(tx, messageId);
        const found = await messageById(tx, viewer.id, messageId);
        if (!found || found.message.deletedAt) throw notFound('Message');
        assertMayActOnContent(viewer, rankedAuthor(found.author), 'message');
        const openReports = await openReportCount(tx, messageId);
        let change: messages.MessageHiding | null;
        if (body.action === 'dismiss') {
          if (openReports === 0) {
            throw failedPrecondition(
              'There are no open reports on this message: it was already handled',
            );
          }
          change = hiddenByReports(found.message)
            ? { hiddenAt: null, hiddenReason: null, hiddenById: null }
            : null;
        } else {
          change =
            body.action === 'hide'
              ? { hiddenAt: new Date(), hiddenReason: body.reason ?? null, hiddenById: viewer.id }
              : { hiddenAt: null, hiddenReason: null, hiddenById: null };
        }
        if (change) {
          await messages.setMessageHidden(tx, messageId, change);
        }
        await closeReports(tx, messageId, body.action, viewer);
        await recordAudit(tx, {
          actor: viewer,
          action: chatAuditAction(body.action),
          target: {
            type: 'chat-message',
            id: messageId,
            label: plainExcerpt(found.message.bodySource, 60),
          },
          reason: body.reason ?? null,
          ...(body.action === 'dismiss'
            ? {
                before: { hidden: found.message.hiddenReason, openReports },
                after: { hidden: change ? null : found.message.hiddenReason },
              }
            : {}),
        });
        const after = await messageById(tx, viewer.id, messageId);
        if (!after) throw notFound('Message');
        const shown = found.message.hiddenAt !== null && after.message.hiddenAt === null;
        const hid =
          body.action === 'hide' &&
          (found.message.hiddenAt === null || found.message.hiddenReason !== body.reason);
        // The author hears of it, as of a thread or reply: the hide dialog promises them the reason.
        if (hid || shown) {
          await notifyLater(tx, moderationNotice, {
            userId: found.message.authorId,
            action: hid ? 'hidden' : 'restored',
            reason: body.action === 'dismiss' ? null : (body.reason ?? null),
            target: { type: 'chat', id: messageId },
          });
        }
        return { row: after, shown };
      });
      if (body.action === 'hide') {
        broadcastHidden(row.message, row.message.hiddenReason ?? body.reason ?? '');
      } else if (body.action === 'restore' || shown) {
        broadcastMessage(liveEvents.message, row);
      }
      return presentMessage(row, readerOf(viewer));
    },

    async markRead(viewer: Viewer, roomId: number, messageId: number): Promise<number> {
      await room(roomId);
      const row = await messageById(db, viewer.id, messageId);
      if (!row || row.message.roomId !== roomId) throw notFound('Message');
      await markRead(db, viewer.id, roomId, messageId);
      return roomUnread(db, viewer, roomId);
    },

    unread(viewer: Viewer): Promise<number> {
      return totalUnread(db, viewer);
    },

    /**
     * For the live channel: may this member say they are typing in the room? The rule of
     * sending into it, read afresh (a socket outlives a mute, a block or a role change): not
     * blocked, not muted, the room not archived, its posting policy. Refusals are the send's.
     */
    async assertMayType(memberId: string, roomId: number): Promise<void> {
      const [found, standing] = await Promise.all([room(roomId), memberStanding(db, memberId)]);
      if (!standing) throw permissionDenied('This account no longer exists');
      const block = activeBlock(standing);
      if (block) throw blockedError(block);
      const mute = activeMute(standing);
      if (mute) throw mutedError(mute);
      assertCanPostIn(standing, found);
    },

    /** For the live channel: a room that exists and is not archived, or not-found. */
    async liveRoom(roomId: number): Promise<RoomRow> {
      const found = await room(roomId);
      if (found.archivedAt) throw failedPrecondition('This room is archived');
      return found;
    },
  };
}
