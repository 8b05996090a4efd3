import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { z } from 'zod';
import type {
  activeSessionSchema,
  AdminUser,
  Passkey,
  PasswordPolicy,
  SessionUser,
} from '../../shared/accounts';
import type {
  Author,
  authorCommentSchema,
  Category,
  Comment,
  PostDetail,
  PostSummary,
  Revision,
} from '../../shared/forum';
import type { MyReport } from '../../shared/reports';
import type { ModerationTarget } from '../../shared/moderation-actions';
import type { ChatReviewItem, ReviewItem } from '../../shared/review-queue';
import type { MemberHistory } from '../../shared/member-history';
import type { modRequestListResponse } from '../../shared/mod-requests';
import type { AuditEntry } from '../../shared/audit-log';
import type { AdminStats } from '../../shared/admin-stats';
import type { ChatMessage } from '../../shared/chat';
import type {
  AdminDonation,
  Campaign,
  CampaignSettings,
  DonationsPage,
  DonationStatusAnswer,
  demoCheckoutResponse,
  MonthlyGift,
  WallDonation,
} from '../../shared/donations';
import type { NewsArticle, NewsSummary } from '../../shared/news';
import type { Notification, ThreadReading } from '../../shared/notifications';
import type {
  ChatHit,
  Highlight,
  NewsHit,
  PostHit,
  ReplyHit,
  SearchResult,
  UserHit,
} from '../../shared/search';
import type { PublicProfile } from '../../shared/profiles';
import type { Upload } from '../../shared/uploads';

/*
 * Tests only: the API's answers, shaped as the server's zod schemas describe them. Every
 * builder returns a plausible record for Ann, a member, and takes overrides for what a test
 * is about.
 */

const at = '2025-03-01T10:00:00.000Z';
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

export const site = {
  name: 'Viewpoint',
  description: 'Films and the people who love them.',
  staffSecondFactor: false,
};

export const passwordPolicy: PasswordPolicy = {
  minLength: 10,
  maxLength: 128,
  rules: [
    { id: 'min-length', description: 'At least 10 characters' },
    { id: 'max-length', description: 'At most 128 characters' },
    { id: 'not-common', description: 'Not one of the passwords people use most' },
    { id: 'not-personal', description: 'Does not contain your email address or username' },
  ],
};

/** A signed-in account as GET /api/auth/session answers it. */
export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    name: 'Ann Lee',
    username: 'ann',
    email: 'ann@example.com',
    emailVerified: true,
    role: 'user',
    image: null,
    createdAt: '2024-03-01T10:00:00.000Z',
    mute: null,
    secondFactor: false,
    ...overrides,
  };
}

/** Root, the site's admin, signed in. */
export function buildAdmin(overrides: Partial<SessionUser> = {}): SessionUser {
  return buildUser({
    id: 'a1',
    name: 'Root Admin',
    username: 'root',
    email: 'root@example.com',
    role: 'admin',
    ...overrides,
  });
}

/** Who wrote something, as lists and pages show them: Ann unless told otherwise. */
export function buildAuthor(overrides: Partial<Author> = {}): Author {
  return { id: 'u1', username: 'ann', name: 'Ann Lee', image: null, role: 'user', ...overrides };
}

/** Bob, a moderator, as an author: he writes the replies of `buildReply`. */
export function buildModeratorAuthor(): Author {
  return buildAuthor({ id: 'u2', username: 'bob', name: 'Bob Moderator', role: 'moderator' });
}

/** A signed-in account as the author of what it wrote. */
export function authorOf(user: SessionUser): Author {
  const { id, username, name, image, role } = user;
  return { id, username, name, image, role };
}

/** A row of the users directory (GET /api/users). */
export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const name = overrides.name ?? 'Ann Lee';
  const id = overrides.id ?? 'u1';
  return {
    id,
    name,
    username: name.split(' ')[0]?.toLowerCase() ?? null,
    email: `${id}@example.com`,
    emailVerified: true,
    role: 'user',
    createdAt: '2024-02-01T10:00:00.000Z',
    block: null,
    mute: null,
    postCount: 0,
    commentCount: 0,
    reportsAgainst: 0,
    ...overrides,
  };
}

export function buildCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 2,
    slug: 'discussions',
    name: 'Discussions',
    description: '',
    position: 1,
    archived: false,
    ...overrides,
  };
}

/** Reviews, Discussions, and an archived category, as GET /api/forum/categories lists them. */
export function buildCategories(): Category[] {
  return [
    buildCategory({
      id: 1,
      slug: 'reviews',
      name: 'Reviews',
      description: 'Film reviews',
      position: 0,
    }),
    buildCategory(),
    buildCategory({ id: 3, slug: 'old-stuff', name: 'Old stuff', position: 2, archived: true }),
  ];
}

/** A thread in a list (GET /api/forum/posts). */
export function buildThread(overrides: Partial<PostSummary> = {}): PostSummary {
  const created = hourAgo();
  return {
    id: 1,
    title: 'Is Solaris too slow?',
    category: { id: 2, slug: 'discussions', name: 'Discussions' },
    author: buildAuthor(),
    tags: [],
    filmTitle: null,
    rating: null,
    pinned: false,
    locked: false,
    replyCount: 0,
    reactionCount: 0,
    viewCount: 0,
    lastActivityAt: created,
    createdAt: created,
    unread: null,
    ...overrides,
  };
}

/** A thread's page (GET /api/forum/posts/:id), as a member who may reply sees it. */
export function buildThreadDetail(overrides: Partial<PostDetail> = {}): PostDetail {
  return {
    ...buildThread(),
    bodyHtml: '<p>I think the pacing <strong>works</strong>.</p>',
    bodySource: 'I think the pacing **works**.',
    editedAt: null,
    deleted: false,
    film: null,
    hidden: null,
    viewCount: 42,
    viewer: { reacted: false, canEdit: false, canDelete: false, canReply: true },
    ...overrides,
  };
}

/** A member's place in a thread (GET …/reading): opened before, nothing new, usual notices. */
export function buildReading(overrides: Partial<ThreadReading> = {}): ThreadReading {
  return {
    watch: 'normal',
    lastReadReplyId: 0,
    firstUnreadReplyId: null,
    unreadReplies: 0,
    ...overrides,
  };
}

/** Reply `id` in thread 1, by Bob the moderator unless told otherwise. */
export function buildReply(id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    postId: 1,
    author: buildModeratorAuthor(),
    replyTo: null,
    bodyHtml: `<p>Reply number ${id}</p>`,
    bodySource: `Reply number ${id}`,
    reactionCount: 0,
    createdAt: hourAgo(),
    editedAt: null,
    deleted: false,
    hidden: null,
    viewer: { reacted: false, canEdit: false, canDelete: false },
    ...overrides,
  };
}

/** An earlier version of a thread or reply (GET …/revisions), replaced by Ann's edit. */
export function buildRevision(id: number, overrides: Partial<Revision> = {}): Revision {
  return {
    id,
    editor: buildAuthor(),
    previousTitle: null,
    previousBody: 'The first version',
    createdAt: hourAgo(),
    ...overrides,
  };
}

/** One page of replies (GET /api/forum/posts/:id/comments). */
export function replyPage(
  items: Comment[],
  nextCursor: string | null = null,
  total = items.length,
) {
  return { items, nextCursor, total };
}

/** A member's reply as their profile lists it (GET /api/forum/comments?author=…). */
export function buildAuthorReply(
  id: number,
  overrides: Partial<z.infer<typeof authorCommentSchema>> = {},
): z.infer<typeof authorCommentSchema> {
  return {
    id,
    post: { id: 1, title: 'Is Solaris too slow?' },
    bodyHtml: `<p>Reply number ${id}</p>`,
    createdAt: '2024-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildMemberHistory(overrides: Partial<MemberHistory> = {}): MemberHistory {
  return {
    joinedAt: '2024-02-01T10:00:00.000Z',
    postCount: 4,
    commentCount: 12,
    reportsAgainst: 3,
    sanctions: 1,
    ...overrides,
  };
}

/** Thread `postId` as a moderator acts on it (the review queue, a moderation's answer). */
export function buildModerationTarget(
  postId: number,
  overrides: Partial<ModerationTarget> = {},
): ModerationTarget {
  return {
    type: 'post',
    postId,
    commentId: null,
    title: `Thread ${postId}`,
    bodyHtml: `<p>Body of <em>thread ${postId}</em></p>`,
    category: { id: 2, slug: 'discussions', name: 'Discussions' },
    hidden: null,
    locked: false,
    pinned: false,
    deleted: false,
    createdAt: at,
    ...overrides,
  };
}

/** Thread `postId` in the review queue, by Carl, reported once as spam by Dee. */
export function buildReviewItem(postId: number, overrides: Partial<ReviewItem> = {}): ReviewItem {
  const dee = buildAuthor({ id: 'u4', username: 'dee', name: 'Dee' });
  return {
    target: buildModerationTarget(postId),
    author: buildAuthor({ id: 'u3', username: 'carl', name: 'Carl' }),
    authorHistory: buildMemberHistory(),
    reports: [
      { id: postId * 10, reporter: dee, category: 'spam', reason: 'Buy pills link', createdAt: at },
    ],
    firstReportedAt: at,
    ...overrides,
  };
}

/** Reply `commentId` of thread `postId` in the review queue, reported once as abuse. */
export function buildReviewedReply(commentId: number, postId = 1): ReviewItem {
  const item = buildReviewItem(postId);
  return {
    ...item,
    target: { ...item.target, type: 'comment', commentId, bodyHtml: `<p>Reply ${commentId}</p>` },
    reports: [{ ...item.reports[0]!, id: commentId * 10, category: 'abuse', reason: '' }],
  };
}

/** Chat message `messageId` in room 3 (Horror) in the review queue, by Carl, reported by Dee. */
export function buildReviewedChatMessage(
  messageId: number,
  overrides: Partial<ChatReviewItem['target']> = {},
): ChatReviewItem {
  const item = buildReviewItem(1);
  return {
    ...item,
    target: {
      type: 'chat-message',
      messageId,
      room: { id: 3, name: 'Horror', archived: false },
      bodyHtml: `<p>Spoiler in <strong>message ${messageId}</strong></p>`,
      hidden: null,
      deleted: false,
      editedAt: null,
      createdAt: at,
      ...overrides,
    },
    reports: [{ ...item.reports[0]!, id: messageId * 10, category: 'abuse', reason: 'Spoilers' }],
  };
}

export function buildMyReport(overrides: Partial<MyReport> = {}): MyReport {
  return {
    id: 'forum-1',
    target: {
      type: 'post',
      postId: 1,
      commentId: null,
      title: 'Is Solaris too slow?',
      link: '/forum/post/1',
    },
    category: 'spam',
    reason: '',
    status: 'open',
    resolution: null,
    createdAt: at,
    resolvedAt: null,
    ...overrides,
  };
}

const coverId = 'abcdefghijklmnopqrst';
export const newsCover = {
  url: `/media/${coverId}.webp`,
  thumbnailUrl: `/media/${coverId}.thumb.webp`,
  alt: 'A cinema hall at night',
};

/** An article in a list (GET /api/news), written by Root the admin. */
export function buildArticleSummary(overrides: Partial<NewsSummary> = {}): NewsSummary {
  const title = overrides.title ?? 'Festival line-up announced';
  return {
    id: 1,
    title,
    summary: `Summary of ${title}`,
    cover: null,
    status: 'published',
    featured: false,
    publishAt: at,
    author: authorOf(buildAdmin()),
    commentCount: 0,
    createdAt: '2025-02-28T10:00:00.000Z',
    updatedAt: '2025-02-28T10:00:00.000Z',
    unread: null,
    ...overrides,
  };
}

/** An article's page (GET /api/news/:id): featured, with a cover and discussion thread 77. */
export function buildArticle(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    ...buildArticleSummary({ cover: newsCover, featured: true }),
    bodyHtml: '<p>The <strong>full</strong> programme is out.</p>',
    bodySource: 'The **full** programme is out.',
    discussionPostId: 77,
    ...overrides,
  };
}

/** An image the server stored and re-encoded (POST /api/uploads). */
export function buildUpload(overrides: Partial<Upload> = {}): Upload {
  const id = overrides.id ?? 'upl0000000000000000001';
  return {
    id,
    url: `/media/${id}.webp`,
    thumbnailUrl: `/media/${id}.thumb.webp`,
    width: 1200,
    height: 800,
    bytes: 120_000,
    purpose: 'post',
    createdAt: at,
    ...overrides,
  };
}

/** Ann's public profile (GET /api/profiles/ann and GET /api/account/profile). */
export function buildProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'u1',
    username: 'ann',
    name: 'Ann Lee',
    image: null,
    role: 'user',
    bio: 'Watches too many westerns.',
    location: 'Leeds',
    favouriteFilms: ['Rio Bravo'],
    joinedAt: '2024-03-01T10:00:00.000Z',
    blocked: false,
    counts: { posts: 3, replies: 12 },
    supporter: false,
    ...overrides,
  };
}

/** A device signed in to the account (GET /api/account/sessions). */
export function buildActiveSession(
  overrides: Partial<z.infer<typeof activeSessionSchema>> & { id: string },
): z.infer<typeof activeSessionSchema> {
  const now = new Date().toISOString();
  return {
    current: false,
    device: 'Firefox on Linux',
    ipAddress: '10.0.0.1',
    createdAt: now,
    lastSeenAt: now,
    signedInWith: 'Password',
    ...overrides,
  };
}

/** One of the member's passkeys (GET /api/account/passkeys). */
export function buildPasskey(overrides: Partial<Passkey> & { id: string }): Passkey {
  return { name: 'Passkey on Firefox', createdAt: at, backedUp: false, ...overrides };
}

/** What the browser's prompt answers when it created a passkey (its JSON, as sent on). */
export function buildRegistrationResponse(): RegistrationResponseJSON {
  return {
    id: 'bmV3LXBhc3NrZXk',
    rawId: 'bmV3LXBhc3NrZXk',
    type: 'public-key',
    response: {
      clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
      attestationObject: 'o2NmbXRkbm9uZQ',
      transports: ['internal'],
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}

/** What the browser's prompt answers when a passkey signed the server's challenge. */
export function buildAuthenticationResponse(): AuthenticationResponseJSON {
  return {
    id: 'YW5ucy1wYXNza2V5',
    rawId: 'YW5ucy1wYXNza2V5',
    type: 'public-key',
    response: {
      clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
      authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
      signature: 'MEUCIQDsignature',
      userHandle: 'dTE',
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    actor: authorOf(buildAdmin()),
    action: 'user.role',
    target: { type: 'user', id: 'u7', label: 'Dan Requester' },
    reason: null,
    before: { role: 'user' },
    after: { role: 'moderator' },
    createdAt: at,
    ...overrides,
  };
}

export type ModRequestWithHistory = z.infer<typeof modRequestListResponse>['items'][number];

/** An open request from Dan, with his history (GET /api/mod-requests). */
export function buildModRequest(
  overrides: Partial<ModRequestWithHistory> = {},
): ModRequestWithHistory {
  return {
    id: 1,
    requester: buildAuthor({ id: 'u7', username: 'dan', name: 'Dan Requester' }),
    motivation: 'I read every thread and would like to help keep it civil.',
    status: 'open',
    decisionReason: null,
    decidedAt: null,
    createdAt: '2025-03-02T09:00:00.000Z',
    requesterHistory: buildMemberHistory({
      joinedAt: '2024-01-15T10:00:00.000Z',
      postCount: 14,
      commentCount: 1,
      reportsAgainst: 0,
      sanctions: 2,
    }),
    ...overrides,
  };
}

export function buildAdminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    users: 1234,
    newUsersThisWeek: 12,
    posts: 560,
    comments: 7890,
    openReports: 3,
    pendingModRequests: 2,
    donations: null,
    ...overrides,
  };
}

/** A chat message by `buildAuthor()` in room 1, "Message <id>". */
export function buildChatMessage(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    roomId: 1,
    author: buildAuthor(),
    body: `Message ${id}`,
    html: `<p>Message ${id}</p>`,
    nonce: null,
    mentions: [],
    replyTo: null,
    reactionCount: 0,
    reacted: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    editedAt: null,
    hidden: null,
    ...overrides,
  };
}

/** Highlight parts from text with the matched words in [brackets]: "A [solaris] review". */
export function marked(text: string): Highlight {
  return text
    .split(/(\[[^\]]*\])/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('[')
        ? { text: part.slice(1, -1), match: true }
        : { text: part, match: false },
    );
}

/** A thread found by search: Ann's review of Solaris. */
export function buildPostHit(overrides: Partial<PostHit> = {}): PostHit {
  return {
    kind: 'posts',
    id: 1,
    title: marked('[Solaris], slow and right'),
    snippet: marked('Tarkovsky made [Solaris] feel like a memory.'),
    author: buildAuthor(),
    category: { slug: 'reviews', name: 'Reviews' },
    filmTitle: 'Solaris',
    rating: 8,
    replyCount: 12,
    reactionCount: 3,
    createdAt: at,
    hidden: false,
    ...overrides,
  };
}

/** A reply found by search, in thread 1. */
export function buildReplyHit(overrides: Partial<ReplyHit> = {}): ReplyHit {
  return {
    kind: 'replies',
    id: 41,
    postId: 1,
    postTitle: 'Solaris, slow and right',
    snippet: marked('The remake of [Solaris] is underrated.'),
    author: buildModeratorAuthor(),
    reactionCount: 0,
    createdAt: at,
    hidden: false,
    ...overrides,
  };
}

/** A published news article found by search. */
export function buildNewsHit(overrides: Partial<NewsHit> = {}): NewsHit {
  return {
    kind: 'news',
    id: 4,
    title: marked('[Solaris] returns to cinemas'),
    snippet: marked('A new print of [Solaris] tours the country.'),
    publishedAt: at,
    published: true,
    ...overrides,
  };
}

/** A member found by search: Ann. */
export function buildUserHit(overrides: Partial<UserHit> = {}): UserHit {
  return {
    kind: 'users',
    id: 'u1',
    username: 'ann',
    name: 'Ann Lee',
    image: null,
    role: 'user',
    joinedAt: '2024-03-01T10:00:00.000Z',
    blocked: false,
    ...overrides,
  };
}

/** A chat message found by search, in room 1. */
export function buildChatHit(overrides: Partial<ChatHit> = {}): ChatHit {
  return {
    kind: 'chat',
    id: 90,
    roomId: 1,
    roomName: 'General',
    snippet: marked('Anyone seen [Solaris] tonight?'),
    author: buildAuthor(),
    createdAt: at,
    hidden: false,
    ...overrides,
  };
}

/** GET /api/search's answer: page 1 of posts for "solaris", with a count per category. */
export function buildSearchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    q: 'solaris',
    category: 'posts',
    page: 1,
    pageSize: 20,
    counts: {
      posts: { count: 1, capped: false },
      replies: { count: 1, capped: false },
      news: { count: 1, capped: false },
      users: { count: 1, capped: false },
    },
    items: [buildPostHit()],
    notice: null,
    ...overrides,
  };
}

/** The spring campaign, a quarter of the way to its goal (GET /api/donations). */
export function buildCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    title: 'Keep the lights on',
    text: 'The server costs money every month.\n\nEvery donation goes to hosting.',
    goal: 500_000,
    raised: 125_000,
    supporters: 42,
    otherCurrencies: [],
    startsAt: '2025-03-01',
    endsAt: '2025-03-31',
    daysLeft: 12,
    ...overrides,
  };
}

/** Ann's one-off $25 on the donor wall, with a message. */
export function buildWallDonation(id: number, overrides: Partial<WallDonation> = {}): WallDonation {
  return {
    id,
    name: 'Ann Lee',
    username: 'ann',
    amount: 2_500,
    currency: 'usd',
    interval: 'once',
    message: 'For the westerns.',
    createdAt: at,
    ...overrides,
  };
}

/** GET /api/donations in test mode, with the campaign and one donation on the wall. */
export function buildDonationsPage(overrides: Partial<DonationsPage> = {}): DonationsPage {
  return {
    currency: 'usd',
    testMode: true,
    campaign: buildCampaign(),
    wall: [buildWallDonation(1)],
    ...overrides,
  };
}

/** GET /api/donations/status: a one-off $25 received. */
export function buildDonationStatus(
  overrides: Partial<DonationStatusAnswer> = {},
): DonationStatusAnswer {
  return {
    state: 'received',
    amount: 2_500,
    currency: 'usd',
    interval: 'once',
    receivedAt: at,
    receipt: { reference: 'donation #7', emailed: true, stopPath: null },
    ...overrides,
  };
}

export type DemoCheckout = z.infer<typeof demoCheckoutResponse>;

/** GET /api/donations/demo/cs_test_1: an open test checkout for a one-off $25. */
export function buildDemoCheckout(overrides: Partial<DemoCheckout> = {}): DemoCheckout {
  return {
    sessionId: 'cs_test_1',
    amount: 2_500,
    currency: 'usd',
    interval: 'once',
    receiptTo: null,
    state: 'open',
    ...overrides,
  };
}

/** A member's monthly gift of $12, paid since March and going on (GET /api/donations/monthly). */
export function buildMonthlyGift(overrides: Partial<MonthlyGift> = {}): MonthlyGift {
  return {
    id: 'sub_demo_1',
    amount: 1_200,
    currency: 'usd',
    startedAt: '2025-01-01T10:00:00.000Z',
    lastPaidAt: at,
    state: 'active',
    endedAt: null,
    ...overrides,
  };
}

/** A row of GET /api/admin/donations: Ann's $25, paid, with her message. */
export function buildAdminDonation(
  id: number,
  overrides: Partial<AdminDonation> = {},
): AdminDonation {
  return {
    id,
    createdAt: at,
    paidAt: at,
    amount: 2_500,
    amountRefunded: 0,
    currency: 'usd',
    interval: 'once',
    status: 'paid',
    name: 'Ann Lee',
    email: 'ann@example.com',
    member: { id: 'u1', username: 'ann', name: 'Ann Lee' },
    message: 'For the westerns.',
    messageHidden: false,
    reference: `cs_test_${id}`,
    subscriptionCancelled: false,
    ...overrides,
  };
}

/** GET /api/admin/donations/campaign: the spring campaign's settings. */
export function buildCampaignSettings(overrides: Partial<CampaignSettings> = {}): CampaignSettings {
  return {
    title: 'Keep the lights on',
    text: 'The server costs money every month.',
    goal: 500_000,
    startsAt: '2025-03-01',
    endsAt: '2025-03-31',
    ...overrides,
  };
}

/** A notification of Ann's: Bob replied in her thread an hour ago, unread. */
export function buildNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'reply',
    actor: { username: 'bob', name: 'Bob Stone', image: null },
    othersCount: 0,
    title: 'Best westerns of the 60s',
    excerpt: 'Once Upon a Time in the West, surely.',
    action: null,
    reason: null,
    subject: 'reply',
    endsAt: null,
    url: `/forum/post/1?reply=${id}`,
    readAt: null,
    createdAt: hourAgo(),
    ...overrides,
  };
}
