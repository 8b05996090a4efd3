import { z } from 'zod';
import { idSchema } from './forum.js';

/*
 * Watching and reading places are the forum's (shared/forum.ts, small enough for a visitor's
 * thread page); they are named here too for the notifications feature.
 */
export {
  saveReadingBody,
  threadReadingResponse,
  threadReadingSchema,
  watchBody,
  watchLevels,
  watchResponse,
  type ThreadReading,
  type WatchLevel,
} from './forum.js';
import { pageCursorSchema, singleLineText } from './text.js';

/**
 * Notifications, watching and e-mail settings: the contract shared by the server (validation,
 * OpenAPI) and the web app (bell, list page, settings).
 */
export const notificationTypes = [
  'reply',
  'quote',
  'mention',
  'reaction',
  'moderation',
  'mod_request',
  'news',
  'chat_mention',
  'film_review',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** What each type is called in account settings. */
export const notificationTypeLabels: Record<NotificationType, string> = {
  reply: 'Replies in threads I watch',
  quote: 'Answers to my replies',
  mention: 'Mentions of me',
  reaction: 'Likes on my threads and replies',
  moderation: 'Moderation of my content or account',
  mod_request: 'My moderator request decided',
  news: 'News articles published',
  chat_mention: 'Mentions of me in chat',
  film_review: 'New reviews of films I follow',
};

/** Off, in the app only, in the app and by e-mail at once, or in the app and a daily digest. */
export const deliveries = ['off', 'app', 'email', 'digest'] as const;
export type Delivery = (typeof deliveries)[number];
export const deliveryLabels: Record<Delivery, string> = {
  off: 'Off',
  app: 'In the app',
  email: 'E-mail',
  digest: 'Daily digest',
};

/**
 * What a member gets until they choose: news is opt-in, likes and reviews of followed films stay
 * in the app.
 */
export const defaultDeliveries: Record<NotificationType, Delivery> = {
  reply: 'email',
  quote: 'email',
  mention: 'email',
  reaction: 'app',
  moderation: 'email',
  /** The decision is always e-mailed by itself (mod-requests); this is the bell's copy. */
  mod_request: 'app',
  news: 'off',
  chat_mention: 'app',
  film_review: 'app',
};

export const notificationLimits = {
  pageSizeMax: 50,
  /** The bell's dropdown shows this many, newest first. */
  dropdown: 8,
} as const;

/**
 * What a moderation notification tells: a moderator's action, or `hidden_for_review` when the
 * reports of several members hid the content until a moderator looks at it.
 */
export const moderationActions = [
  'hidden',
  'hidden_for_review',
  'restored',
  'locked',
  'unlocked',
  'muted',
  'blocked',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

/** What a notification is about; null for the reader's own account or request. */
export const notificationSubjects = ['thread', 'reply', 'chat_message', 'article'] as const;
export type NotificationSubject = (typeof notificationSubjects)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  /** Who did it; null for the site itself (a moderator acting is not named). */
  actor: z
    .object({ username: z.string().nullable(), name: z.string(), image: z.string().nullable() })
    .nullable(),
  /** Others who did the same (grouped likes: "Ana and 4 others liked…"). */
  othersCount: z.number().int(),
  /** The thread, article, room or request it is about; empty for one's account. */
  title: z.string(),
  /** What the reply or message said, shortened; null when there is nothing to quote. */
  excerpt: z.string().nullable(),
  /**
   * Moderation: what was done. Mod requests: 'approved' or 'rejected'. A film's review: the film,
   * as its page names it ("Stalker (1979)").
   */
  action: z.string().nullable(),
  /** A moderator's or admin's reason. */
  reason: z.string().nullable(),
  /** What it is about: a thread, a reply, a chat message, an article; null for one's account. */
  subject: z.enum(notificationSubjects).nullable(),
  /** When what a moderation notice tells of ends (a mute, a block with an end date). */
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Where it opens: the exact reply or message. */
  url: z.string(),
  readAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof notificationSchema>;

const quoted = (title: string) => `“${title}”`;
const actorName = (n: Pick<Notification, 'actor'>) => n.actor?.name ?? 'Someone';

/**
 * How a sentence writes the end of a mute or block for its reader: the app in the reader's
 * time zone ("Nov 27, 2026, 2:42 PM (in 1 hour)"), an e-mail in UTC, saying so.
 */
export interface NoticeClock {
  end(iso: string): string;
  /** Now (ms), to say "is" or "was". */
  now: number;
}

type Described = Pick<
  Notification,
  'type' | 'actor' | 'othersCount' | 'title' | 'action' | 'reason' | 'subject' | 'endsAt'
>;

/** "your thread “…”", "your reply in “…”", "your message in the chat room “…”". */
function yourContent(n: Described): string {
  switch (n.subject) {
    case 'thread':
      return `your thread ${quoted(n.title)}`;
    case 'reply':
      return `your reply in ${quoted(n.title)}`;
    case 'chat_message':
      return `your message in the chat room ${quoted(n.title)}`;
    case 'article':
      return `your article ${quoted(n.title)}`;
    case null:
      return 'your account';
  }
}

/** A moderation notice as a sentence about the reader's content or account. */
function describeModeration(n: Described, clock: NoticeClock): string {
  const because = n.reason ? `: ${n.reason}` : '';
  const ended = n.endsAt !== null && Date.parse(n.endsAt) <= clock.now;
  const until = n.endsAt === null ? '' : ` until ${clock.end(n.endsAt)}`;
  switch (n.action) {
    case 'muted':
      return `You ${ended ? 'were' : 'are'} muted${until}${because}`;
    case 'blocked':
      return `Your account ${ended ? 'was' : 'is'} blocked${until}${because}`;
    case 'hidden':
      return `A moderator hid ${yourContent(n)}${because}`;
    case 'hidden_for_review':
      return `Members reported ${yourContent(n)}: it is hidden until a moderator reviews it`;
    case 'restored':
      return `A moderator restored ${yourContent(n)}${because}`;
    case 'locked':
      return `A moderator locked ${yourContent(n)}${because}`;
    case 'unlocked':
      return `A moderator unlocked ${yourContent(n)}${because}`;
    default:
      return `A moderator acted on ${yourContent(n)}${because}`;
  }
}

/** The one sentence a notification says, in the bell, the list and the e-mail. */
export function describeNotification(n: Described, clock: NoticeClock): string {
  const who = actorName(n);
  const because = n.reason ? `: ${n.reason}` : '';
  switch (n.type) {
    case 'reply':
      return `${who} replied in ${quoted(n.title)}`;
    case 'quote':
      return `${who} answered your reply in ${quoted(n.title)}`;
    case 'mention':
      return `${who} mentioned you in ${quoted(n.title)}`;
    case 'chat_mention':
      return `${who} mentioned you in the chat room ${quoted(n.title)}`;
    case 'reaction': {
      const others =
        n.othersCount === 0
          ? ''
          : ` and ${n.othersCount.toLocaleString('en')} other${n.othersCount === 1 ? '' : 's'}`;
      return `${who}${others} liked your post in ${quoted(n.title)}`;
    }
    case 'moderation':
      return describeModeration(n, clock);
    case 'mod_request':
      return n.action === 'approved'
        ? 'Your moderator request was approved'
        : `Your moderator request was not approved${because}`;
    case 'news':
      return `New article: ${quoted(n.title)}`;
    case 'film_review':
      return `${who} reviewed ${n.action ?? 'a film you follow'}: ${quoted(n.title)}`;
  }
}

export const notificationListQuery = z
  .object({
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(notificationLimits.pageSizeMax).default(20),
    /** Only the unread ones. */
    unread: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  })
  .strict();

export const notificationListResponse = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListResponse>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int() });

export const notificationSettingsSchema = z.object(
  Object.fromEntries(notificationTypes.map((type) => [type, z.enum(deliveries)])) as Record<
    NotificationType,
    z.ZodEnum<{ [K in Delivery]: K }>
  >,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsResponse = z.object({ settings: notificationSettingsSchema });
/** A change to some types; the others stay. */
export const updateNotificationSettingsBody = notificationSettingsSchema.partial().strict();

/** The token of an e-mail's unsubscribe link, in the query (one-click, RFC 8058). */
export const unsubscribeQuery = z.object({ token: singleLineText().min(10).max(300) }).strict();
export const unsubscribeResponse = z.object({
  type: z.enum(notificationTypes),
  label: z.string(),
  delivery: z.enum(deliveries),
});

/** A thread's or category's id in the path. */
export const watchParams = z.object({ id: idSchema });

/** Live events on the member's socket. */
export const notificationEvents = {
  /** A new (or regrouped) notification, with the member's unread count. */
  created: 'notification:new',
  /** The unread count changed elsewhere (read in another tab). */
  count: 'notification:count',
} as const;
export const notificationCreatedEvent = z.object({
  notification: notificationSchema,
  unreadCount: z.number().int(),
});

/** The editors' `@` autocomplete: members whose username starts with the typed letters. */
export const mentionSuggestQuery = z.object({ q: singleLineText().trim().min(1).max(20) }).strict();
export const mentionSuggestResponse = z.object({
  members: z.array(
    z.object({ username: z.string(), name: z.string(), image: z.string().nullable() }),
  ),
});
