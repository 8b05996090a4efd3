import { z } from 'zod';
import { authorSchema, idSchema } from './forum.js';
import { groupDigits, multiLineText, singleLineText, visibleMin } from './text.js';

/**
 * Chat's contract, shared by the server (validation, OpenAPI, live events) and the web app.
 * Messages are written over HTTP (stored before the answer, idempotent on the client's nonce)
 * and fanned out over the live channel (Socket.IO); the live channel never carries a write.
 */
export const chatLimits = {
  bodyMax: 2_000,
  roomNameMax: 40,
  roomTopicMax: 200,
  /** Messages one page of history holds. */
  pageSizeMax: 100,
  /** Messages a catch-up after a reconnect answers at most; it pages when more were missed. */
  catchUpMax: 200,
  /** Slow mode: at most one message per this many seconds and member, 0 for off. */
  slowModeMaxSeconds: 3_600,
  /** The flood limit: at most this many messages per window per member, in every room. */
  floodMessages: 5,
  floodSeconds: 5,
  /** A typing indicator goes away on its own this long after the last keystroke. */
  typingExpiresMs: 5_000,
  /** Present members count as idle after this long without activity. */
  idleAfterMs: 3 * 60_000,
} as const;

/** Who may post in a room: every verified member, or moderators only (announcements). */
export const roomPostingPolicies = ['everyone', 'moderators'] as const;
export type RoomPostingPolicy = (typeof roomPostingPolicies)[number];

const roomName = singleLineText()
  .trim()
  .check(...visibleMin(2, 'A room name needs at least 2 characters'))
  .max(chatLimits.roomNameMax, `A room name can be at most ${chatLimits.roomNameMax} characters`);
const roomTopic = singleLineText()
  .trim()
  .max(chatLimits.roomTopicMax, `A topic can be at most ${chatLimits.roomTopicMax} characters`);
const slowMode = z.number().int().min(0).max(chatLimits.slowModeMaxSeconds);

export const createRoomBody = z
  .object({
    name: roomName,
    topic: roomTopic.default(''),
    posting: z.enum(roomPostingPolicies).default('everyone'),
    slowModeSeconds: slowMode.default(0),
  })
  .strict();
export type CreateRoomBody = z.input<typeof createRoomBody>;

/** Room settings; `archived: true` archives (read-only, out of the list), false brings it back. */
export const updateRoomBody = z
  .object({
    name: roomName,
    topic: roomTopic,
    posting: z.enum(roomPostingPolicies),
    slowModeSeconds: slowMode,
    archived: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateRoomBody = z.input<typeof updateRoomBody>;

export const chatMessageBodySchema = multiLineText()
  .trim()
  .check(...visibleMin(1, 'A message cannot be empty'))
  .max(
    chatLimits.bodyMax,
    `A message can be at most ${groupDigits(chatLimits.bodyMax)} characters`,
  );

/** A client's own id for a message it sends, so a retried send stores it once. */
export const nonceSchema = singleLineText().regex(
  /^[A-Za-z0-9_-]{8,64}$/,
  'A nonce is 8 to 64 letters, digits, dashes or underscores',
);

export const sendMessageBody = z
  .object({ body: chatMessageBodySchema, nonce: nonceSchema, replyToId: idSchema.nullish() })
  .strict();
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const editMessageBody = z.object({ body: chatMessageBodySchema }).strict();

export const markReadBody = z.object({ messageId: idSchema }).strict();

/** Either a page of history before a cursor (newest first), or a catch-up after a message id. */
export const messagesQuery = z
  .object({
    before: singleLineText().max(200).optional(),
    after: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(chatLimits.pageSizeMax).default(50),
  })
  .strict()
  .refine((query) => !(query.before !== undefined && query.after !== undefined), {
    message: 'Ask for messages before a cursor or after a message, not both',
  });

/** Hide or restore a message; dismiss closes its open reports as unfounded (the review queue). */
export const chatModerationActions = ['hide', 'restore', 'dismiss'] as const;
export type ChatModerationAction = (typeof chatModerationActions)[number];
export const moderateMessageBody = z
  .object({
    action: z.enum(chatModerationActions),
    reason: multiLineText()
      .trim()
      .check(...visibleMin(3, 'Give a reason of at least 3 characters'))
      .max(500)
      .optional(),
  })
  .strict();

const iso = z.iso.datetime({ offset: true });

export const chatMessageSchema = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  author: authorSchema,
  /** Markdown source (for editing) and its safe HTML (bold, italic, code, links, mentions). */
  body: z.string(),
  html: z.string(),
  /** The sender's own id for the message, so the sender's pages match their pending copy. */
  nonce: z.string().nullable(),
  /** Usernames mentioned in the message, so each member's client can highlight its own. */
  mentions: z.array(z.string()),
  replyTo: z
    .object({ id: z.number().int(), authorName: z.string(), excerpt: z.string() })
    .nullable(),
  reactionCount: z.number().int(),
  /** Did the reader like it (always false in live events: each client keeps its own). */
  reacted: z.boolean(),
  createdAt: iso,
  editedAt: iso.nullable(),
  /** Set only for moderators and the message's author, who still see it hidden (with the reason). */
  hidden: z.object({ reason: z.string() }).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  topic: z.string(),
  posting: z.enum(roomPostingPolicies),
  slowModeSeconds: z.number().int(),
  /** The General room every verified member is in; it can be renamed, never archived. */
  isGeneral: z.boolean(),
  archived: z.boolean(),
  /** May the reader post here (the posting policy and the archive, not a mute)? */
  canPost: z.boolean(),
  unreadCount: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
  lastMessage: z
    .object({
      id: z.number().int(),
      authorName: z.string(),
      excerpt: z.string(),
      createdAt: iso,
      /** Hidden by a moderator or its reporters: only its author and moderators see it. */
      hidden: z.object({ reason: z.string() }).nullable(),
    })
    .nullable(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const roomListResponse = z.object({ items: z.array(chatRoomSchema) });
export const roomResponse = z.object({ room: chatRoomSchema });
export const messageResponse = z.object({ message: chatMessageSchema });
export const messagePageResponse = z.object({
  items: z.array(chatMessageSchema),
  /** History: the cursor of the next (older) page. Catch-up: null. */
  nextCursor: z.string().nullable(),
  /** Catch-up: more messages were missed than one answer holds; ask again after the last. */
  hasMore: z.boolean(),
});
export const unreadResponse = z.object({ total: z.number().int() });
export const readResponse = z.object({ unreadCount: z.number().int() });
export const chatReactionResponse = z.object({
  reacted: z.boolean(),
  reactionCount: z.number().int(),
});

export const presenceMemberSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  idle: z.boolean(),
});
export type PresenceMember = z.infer<typeof presenceMemberSchema>;

/**
 * The live channel's events (Socket.IO). Server to client:
 * - `chat:message` (a ChatMessage) a new message, or one a moderator restored;
 *   `chat:message-updated` (a ChatMessage) an edit or a new like count (the payload's `reacted`
 *   is always false: keep your own); `chat:message-removed` (messageRemovedEvent) a message
 *   deleted by its author or hidden by a moderator or its reporters (with the reason only for
 *   moderators and its author, whose clients show it as hidden);
 * - `chat:typing` someone types in a room (expires on the client after typingExpiresMs);
 * - `chat:presence` who is in a room changed: ask again with `chat:who`;
 * - `chat:room` (a ChatRoom without reader state) a room was created or its settings changed,
 *   archived included: read the room list again;
 * - `account:changed` the reader's own account changed (muted, unmuted, role): read the session
 *   again. A block disconnects every socket of the account at once.
 * Client to server (each answers through its acknowledgement callback with `{ ok: true, ... }`
 * or `{ ok: false, error: { code, message } }`): `chat:enter` (roomId) to be listed as present,
 * `chat:leave` (roomId), `chat:typing` (roomId; refused as a message would be: posting policy,
 * mute, block, archive), `chat:who` (roomId) answering `{ members }`,
 * `chat:active` () to say the member is not idle.
 */
export const liveEvents = {
  message: 'chat:message',
  messageUpdated: 'chat:message-updated',
  messageRemoved: 'chat:message-removed',
  typing: 'chat:typing',
  presence: 'chat:presence',
  room: 'chat:room',
  accountChanged: 'account:changed',
  enter: 'chat:enter',
  leave: 'chat:leave',
  who: 'chat:who',
  active: 'chat:active',
} as const;

export const messageRemovedEvent = z.object({
  roomId: z.number().int(),
  id: z.number().int(),
  reason: z.enum(['deleted', 'hidden']),
  /**
   * Why it was hidden: sent only to moderators and the message's author, whose clients keep it
   * in sight, marked; null for everyone else, and for a deleted message.
   */
  hiddenReason: z.string().nullable(),
});
export type MessageRemovedEvent = z.infer<typeof messageRemovedEvent>;

export const typingEvent = z.object({
  roomId: z.number().int(),
  user: z.object({ id: z.string(), username: z.string().nullable(), name: z.string() }),
});
export type TypingEvent = z.infer<typeof typingEvent>;

export const presenceEvent = z.object({ roomId: z.number().int() });

/** The room id a client sends with `chat:enter`, `chat:leave`, `chat:typing` and `chat:who`. */
export const liveRoomId = z.number().int().positive().max(2_147_483_647);

export type LiveAck<T extends object = object> =
  ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
