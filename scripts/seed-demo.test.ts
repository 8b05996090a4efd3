import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, getTableName, is, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../src/server/features/accounts/index.js';
import {
  adminDonations,
  campaignProgress,
  donationTotals,
  monthlyTotals,
  presentAdminDonation,
  readCampaign,
  wall,
} from '../src/server/features/donations/index.js';
import { createProfilesService } from '../src/server/features/profiles/index.js';
import { myReports } from '../src/server/features/moderation/index.js';
import { queryRows, type Database } from '../src/server/platform/db/database.js';
import * as schema from '../src/server/schema.js';
import {
  accounts,
  auditLog,
  categories,
  chatMessages,
  chatReactions,
  chatReads,
  chatReports,
  chatRooms,
  commentReactions,
  comments,
  donationSubscriptions,
  modRequests,
  newsArticles,
  paymentEvents,
  postReactions,
  postRevisions,
  posts,
  profiles,
  reports,
  uploads,
  users,
} from '../src/server/schema.js';
import { openStorage } from '../src/server/platform/storage/open-storage.js';
import type { Storage } from '../src/server/platform/storage/storage.js';
import { createTestDatabase } from '../src/server/test/test-app.js';
import { newsCategorySlug } from '../src/shared/forum.js';
import { seedDemo, type DemoCredential, type DemoSite } from './seed/demo.js';
import { seedDonations } from './seed/donations.js';
import { demoTestConfig } from './seed/test-config.js';

/** The demo seed against the test database: PGlite, or PostgreSQL when DATABASE_URL is set. */
let database: Database;
let drop: () => Promise<void>;
let storage: Storage;
let dataDir: string;
let site: DemoSite;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-seed-'));
  storage = await openStorage({ dataDir, s3: undefined });
  site = {
    db: database.db,
    storage,
    config: demoTestConfig(dataDir, 'seed-test-secret-that-is-long-enough-0123456789'),
  };
});

afterAll(async () => {
  await storage.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => database.db;
const queryRowsOf = (query: ReturnType<typeof sql.raw>) => queryRows<{ n: number }>(db(), query);

async function countOf(table: PgTable, where?: ReturnType<typeof and>) {
  const [row] = await db().select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The mails written to the data directory's outbox. */
const outbox = async () =>
  (await readdir(path.join(dataDir, 'mail'))).filter((f) => f.endsWith('.eml')).sort();

/** Rows in every table but sessions, the stored files and the mails: what a run may add. */
async function census() {
  const rows: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (is(table, PgTable) && table !== schema.sessions) {
      rows[getTableName(table)] = await countOf(table);
    }
  }
  const files = (await readdir(path.join(dataDir, 'uploads'))).filter((f) => !f.startsWith('.'));
  return { rows, files: files.sort(), mail: await outbox() };
}

async function passwordWorks({ email, password }: DemoCredential) {
  const [row] = await db()
    .select({ hash: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, email));
  return row?.hash ? verifyPassword({ hash: row.hash, password }) : false;
}

/** A run hashes fifteen passwords and encodes eleven images: slower than a request. */
const seeding = 120_000;

describe('npm run seed:demo', () => {
  let first: DemoCredential[];
  let afterFirst: Awaited<ReturnType<typeof census>>;

  it(
    'creates members of every role, old enough and verified, with avatars (but one) and profiles',
    async () => {
      first = await seedDemo(site);
      expect(first.map((c) => c.role)).toEqual([
        'admin',
        'experienced_moderator',
        'moderator',
        'user',
      ]);
      for (const credential of first) expect(await passwordWorks(credential)).toBe(true);
      // One printed member asks for a second factor: its authenticator address is printed.
      expect(first.filter((c) => c.secondFactor).map((c) => c.role)).toEqual(['user']);
      expect(first.at(-1)?.secondFactor?.uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
      expect(await countOf(users, eq(users.twoFactorEnabled, true))).toBe(1);
      // One is linked to the local test provider's person (npm run dev:idp).
      expect(first.filter((c) => c.linkedIdentity).map((c) => c.role)).toEqual(['moderator']);
      expect(await countOf(accounts, eq(accounts.providerId, 'oidc'))).toBe(1);

      const roles = await db()
        .select({ role: users.role, n: count() })
        .from(users)
        .groupBy(users.role);
      expect(Object.fromEntries(roles.map((r) => [r.role, r.n]))).toEqual({
        admin: 1,
        experienced_moderator: 2,
        moderator: 3,
        user: 5,
      });
      const weekAgo = new Date(Date.now() - 7 * 86_400_000);
      expect(
        await countOf(
          users,
          and(eq(users.emailVerified, true), sql`${users.createdAt} < ${weekAgo}`),
        ),
      ).toBe(11);
      // Each avatar is an upload of its member, stored as the avatar upload stores it; one
      // member, whose name holds an emoji, has none, so the site shows her initials.
      const avatars = await db()
        .select({ image: users.image, uploadId: uploads.id, purpose: uploads.purpose })
        .from(users)
        .leftJoin(uploads, sql`${users.image} = '/media/' || ${uploads.id} || '.webp'`)
        .where(isNotNull(users.image));
      expect(avatars).toHaveLength(10);
      const withoutPicture = await db()
        .select({ name: users.name })
        .from(users)
        .where(isNull(users.image));
      expect(withoutPicture).toEqual([{ name: expect.stringContaining('🎬') as string }]);
      for (const avatar of avatars) expect(avatar.purpose).toBe('avatar');
      const files = (await census()).files;
      for (const { uploadId } of avatars) {
        expect(files).toEqual(
          expect.arrayContaining([`${uploadId}.webp`, `${uploadId}.thumb.webp`]),
        );
      }
      expect(await countOf(profiles, ne(profiles.bio, ''))).toBe(11);
    },
    seeding,
  );

  it('fills every forum category, with rated reviews, quoted replies, likes and a revision', async () => {
    const perCategory = await db()
      .select({ slug: categories.slug, n: count(), rated: count(posts.rating) })
      .from(posts)
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(ne(categories.slug, newsCategorySlug))
      .groupBy(categories.slug);
    const bySlug = Object.fromEntries(perCategory.map((c) => [c.slug, c]));
    expect(Object.keys(bySlug).sort()).toEqual([
      'discussions',
      'off-topic',
      'recommendations',
      'reviews',
    ]);
    expect(perCategory.reduce((sum, c) => sum + c.n, 0)).toBeGreaterThanOrEqual(40);
    expect(bySlug.reviews?.rated).toBeGreaterThanOrEqual(15);
    // Markdown is rendered by the forum on write.
    expect(await countOf(posts, sql`${posts.bodyHtml} not like '<p>%'`)).toBeLessThan(3);

    expect(await countOf(comments, isNotNull(comments.replyToId))).toBeGreaterThanOrEqual(10);
    // Replies quoting another in their text, as the Quote button writes it: the author's linked
    // name and a link to the quoted reply, kept by the renderer.
    expect(
      await countOf(
        comments,
        sql`${comments.bodyHtml} ~ '^<blockquote>\n<p><a href="/u/[a-z_]+"[^>]*>[^<]+</a> <a href="/forum/post/[0-9]+[?]reply=[0-9]+"'`,
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(await countOf(comments, sql`${comments.bodySource} like '%@%'`)).toBeGreaterThan(5);
    // A reply naming a demo member links to their profile.
    expect(
      await countOf(comments, sql`${comments.bodyHtml} like '%<a href="/u/%" class="mention"%'`),
    ).toBeGreaterThan(5);
    expect(await countOf(postReactions)).toBeGreaterThan(50);
    expect(await countOf(commentReactions)).toBeGreaterThan(50);
    // Counters are kept by the forum's own writes: they match the rows.
    const [drift] = await db()
      .select({ n: count() })
      .from(posts)
      .where(
        sql`${posts.reactionCount} <> (select count(*) from post_reactions r where r.post_id = ${posts.id})
          or ${posts.replyCount} <> (select count(*) from comments c where c.post_id = ${posts.id})`,
      );
    expect(drift?.n).toBe(0);

    const [revision] = await db()
      .select({
        previousBody: postRevisions.previousBody,
        body: posts.bodySource,
        edited: posts.editedAt,
      })
      .from(postRevisions)
      .innerJoin(posts, eq(posts.id, postRevisions.postId));
    expect(revision?.edited).not.toBeNull();
    expect(revision?.previousBody).not.toBe(revision?.body);
  });

  it('writes news in every state, a report to review, an open moderator request and a move', async () => {
    const articles = await db()
      .select({ status: newsArticles.status, featured: newsArticles.featured })
      .from(newsArticles);
    expect(articles).toHaveLength(5);
    expect(articles.filter((a) => a.featured)).toHaveLength(1);
    expect(articles.filter((a) => a.status === 'scheduled')).toHaveLength(1);
    expect(articles.filter((a) => a.status === 'draft')).toHaveLength(1);
    expect(articles.filter((a) => a.status === 'published')).toHaveLength(3);

    expect(await countOf(reports, eq(reports.status, 'open'))).toBe(1);
    // The member account's "Your reports" shows a reply and a chat message, both waiting.
    const member = first.find((credential) => credential.role === 'user');
    const [memberRow] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, member?.email ?? ''));
    const mine = await myReports(db(), memberRow?.id ?? '', { limit: 20 });
    expect(mine.items.map((item) => [item.target.type, item.status]).sort()).toEqual([
      ['comment', 'open'],
      ['message', 'open'],
    ]);
    const requests = await db()
      .select({ status: modRequests.status, role: users.role })
      .from(modRequests)
      .innerJoin(users, eq(users.id, modRequests.userId));
    expect(requests).toEqual([{ status: 'open', role: 'user' }]);

    // A thread started in the wrong category, moved by a moderator: the log names both.
    const moves = await db()
      .select({ before: auditLog.before, after: auditLog.after, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.action, 'post.move'));
    expect(moves).toEqual([
      {
        before: expect.objectContaining({ categoryName: 'Discussions' }) as unknown,
        after: expect.objectContaining({ categoryName: 'Recommendations' }) as unknown,
        reason: expect.stringContaining('Recommendations') as string,
      },
    ]);
  });

  it('opens chat rooms with a few hundred messages: replies, likes, mentions, an edit, a hiding, a report and unread rooms', async () => {
    const rooms = await db()
      .select({
        name: chatRooms.name,
        topic: chatRooms.topic,
        posting: chatRooms.posting,
        archived: sql<boolean>`${chatRooms.archivedAt} is not null`,
        messages: count(chatMessages.id),
      })
      .from(chatRooms)
      .leftJoin(chatMessages, eq(chatMessages.roomId, chatRooms.id))
      .groupBy(chatRooms.id)
      .orderBy(chatRooms.id);
    expect(rooms.map((room) => room.name)).toEqual([
      'General',
      'Horror',
      'Festival news',
      'Classics',
      'Oscars night 2025',
    ]);
    expect(rooms.find((room) => room.name === 'Festival news')?.posting).toBe('moderators');
    expect(rooms.find((room) => room.name === 'Classics')?.topic).not.toBe('');
    expect(rooms.filter((room) => room.archived).map((room) => room.name)).toEqual([
      'Oscars night 2025',
    ]);
    for (const room of rooms) expect(room.messages).toBeGreaterThan(0);
    expect(rooms.reduce((sum, room) => sum + room.messages, 0)).toBeGreaterThanOrEqual(300);

    // Written through chat's service: mentions are the renderer's, counters match the rows.
    expect(
      await countOf(chatMessages, sql`cardinality(${chatMessages.mentions}) > 0`),
    ).toBeGreaterThan(10);
    expect(
      await countOf(
        chatMessages,
        sql`${chatMessages.bodyHtml} like '%<a href="/u/%" class="mention"%'`,
      ),
    ).toBeGreaterThan(10);
    expect(await countOf(chatMessages, isNotNull(chatMessages.replyToId))).toBeGreaterThan(20);
    expect(await countOf(chatReactions)).toBeGreaterThan(100);
    expect(
      await countOf(
        chatMessages,
        sql`${chatMessages.reactionCount} <> (select count(*) from chat_reactions r where r.message_id = ${chatMessages.id})`,
      ),
    ).toBe(0);
    expect(await countOf(chatMessages, isNotNull(chatMessages.editedAt))).toBe(1);
    const hidden = await db()
      .select({ reason: chatMessages.hiddenReason })
      .from(chatMessages)
      .where(isNotNull(chatMessages.hiddenAt));
    expect(hidden).toHaveLength(1);
    expect(hidden[0]?.reason).toMatch(/spoil/i);
    expect(await countOf(chatReports, eq(chatReports.status, 'open'))).toBe(1);
    // Spread over the last days, in id order within each room.
    const [span] = await db()
      .select({
        days: sql<number>`extract(epoch from max(${chatMessages.createdAt}) - min(${chatMessages.createdAt})) / 86400`,
      })
      .from(chatMessages);
    expect(Number(span?.days)).toBeGreaterThan(3);
    // Every member has read some rooms and not others.
    expect(await countOf(chatReads)).toBeGreaterThanOrEqual(30);
    const [behind] = await db()
      .select({ n: count() })
      .from(chatReads)
      .where(
        sql`exists (select 1 from chat_messages m where m.room_id = ${chatReads.roomId}
          and m.id > ${chatReads.lastReadMessageId} and m.author_id <> ${chatReads.userId})`,
      );
    expect(behind?.n).toBeGreaterThan(10);
    afterFirst = await census();
  });

  it('gives members notifications (some unread, none e-mailed) and threads with new replies', async () => {
    const perMember = await queryRows<{ username: string; total: number; unread: number }>(
      db(),
      sql`select u.username, count(n.id)::int as total,
          count(n.id) filter (where n.read_at is null)::int as unread
        from users u left join notifications n on n.user_id = u.id
        group by u.username`,
    );
    expect(perMember.filter((row) => row.total >= 2).length).toBeGreaterThanOrEqual(8);
    expect(perMember.filter((row) => row.unread >= 1).length).toBeGreaterThanOrEqual(5);
    const kinds = await queryRows<{ type: string }>(
      db(),
      sql`select distinct type from notifications`,
    );
    expect(kinds.map((row) => row.type)).toEqual(
      expect.arrayContaining(['reply', 'quote', 'mention', 'reaction', 'moderation']),
    );
    // The author of the chat message a moderator hid was told why.
    const told = await queryRows<{ action: string; reason: string }>(
      db(),
      sql`select n.action, n.reason from notifications n join users u on u.id = n.user_id
        where u.username = 'finn_oc' and n.type = 'moderation' and n.chat_message_id is not null`,
    );
    expect(told).toEqual([
      { action: 'hidden', reason: expect.stringMatching(/spoil/i) as unknown },
    ]);
    const [unreadThreads] = await queryRows<{ members: number }>(
      db(),
      sql`select count(distinct r.user_id)::int as members from thread_reads r
        join posts p on p.id = r.post_id where r.read_count < p.reply_count`,
    );
    expect(unreadThreads?.members).toBeGreaterThanOrEqual(5);
    const [owed] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where mail_pending is not null`,
    );
    expect(owed?.n).toBe(0);
  });

  it('is searchable at once: every kind of content has its search document', async () => {
    const matches = (table: string) =>
      sql.raw(`select count(*)::int as n from ${table}
        where search_vector @@ websearch_to_tsquery('english', 'film OR films OR reviewing')`);
    for (const table of ['posts', 'comments', 'news_articles', 'chat_messages']) {
      const [row] = await queryRowsOf(matches(table));
      expect(row?.n, table).toBeGreaterThan(0);
    }
  });

  it('raises money for a campaign through the demo checkout, with receipts, a refund and a hidden message', async () => {
    const campaign = await readCampaign(db());
    if (!campaign) throw new Error('The seed wrote no campaign');
    const { raised, supporters } = await campaignProgress(db(), campaign, 'usd');
    expect(raised).toBeGreaterThan(campaign.goal * 0.4);
    expect(raised).toBeLessThan(campaign.goal * 0.9);
    expect(supporters).toBeGreaterThan(20);
    expect(campaign.endsAt !== null && campaign.endsAt > campaign.startsAt).toBe(true);

    const donations = (await adminDonations(db(), {}, { after: null, limit: 1000 })).map(
      presentAdminDonation,
    );
    expect(donations.length).toBeGreaterThanOrEqual(30);
    const statuses = donations.map((d) => d.status);
    expect(statuses.filter((status) => status === 'refunded')).toHaveLength(1);
    expect(statuses.filter((status) => status !== 'refunded').every((s) => s === 'paid')).toBe(
      true,
    );
    // Each one came as a stored provider event; monthly plans paid again as their invoices.
    expect(await countOf(paymentEvents)).toBeGreaterThan(donations.length);
    expect(await countOf(donationSubscriptions)).toBeGreaterThanOrEqual(3);
    expect(donations.filter((d) => d.interval === 'monthly').length).toBeGreaterThan(4);
    expect(new Set(donations.map((d) => d.amount)).size).toBeGreaterThan(6);
    expect(donations.filter((d) => d.name === 'Anonymous').length).toBeGreaterThan(5);
    expect(donations.filter((d) => d.member !== null).length).toBeGreaterThan(5);
    expect(donations.filter((d) => d.message !== '').length).toBeGreaterThan(15);

    const months = await monthlyTotals(db(), 'usd');
    expect(months.length).toBeGreaterThanOrEqual(3);
    const refunded = months.flatMap((month) => month.amounts).map((sum) => sum.refunded);
    expect(refunded.reduce((sum, each) => sum + each, 0)).toBeGreaterThan(0);
    // A gift paid in euros stands beside the dollars in the totals, never added to them.
    expect(donations.filter((d) => d.currency === 'eur')).toHaveLength(1);
    expect((await donationTotals(db(), 'usd'))?.amounts.map((sum) => sum.currency)).toEqual([
      'usd',
      'eur',
    ]);
    expect((await campaignProgress(db(), campaign, 'usd')).otherCurrencies).toEqual(['eur']);

    const hidden = donations.filter((d) => d.messageHidden);
    expect(hidden).toHaveLength(1);
    const [hiding] = await db()
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.action, 'donation-message.hide'));
    expect(hiding?.reason).toMatch(/pirat/i);
    const donors = await wall(db(), 100);
    expect(donors.find((d) => d.id === hidden[0]?.id)?.message).toBeNull();

    // A member who gave by name shows the badge; one who gave as Anonymous does not.
    const profiles = createProfilesService(db());
    expect((await profiles.byUsername('priya_reels')).supporter).toBe(true);
    expect((await profiles.byUsername('noor')).supporter).toBe(false);

    // Receipts go to members' verified addresses; a visitor's demo gift shows its own on the
    // thank-you page, so the demo mails nobody it was not given the address of.
    const receipts = await outbox();
    expect(receipts).toHaveLength(donations.filter((d) => d.member !== null).length);
    expect(donations.filter((d) => d.member === null).every((d) => d.email === null)).toBe(true);
    const receipt = await readFile(path.join(dataDir, 'mail', receipts[0] ?? ''), 'utf8');
    expect(receipt).toMatch(/^Subject: Your .+ to Viewpoint: receipt$/m);
  });

  it('leaves donations out when Stripe is configured: the seed never opens real checkouts', async () => {
    const before = await census();
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await seedDonations({
        ...site,
        config: { ...site.config, stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' } },
      });
      expect(write).toHaveBeenCalledWith(expect.stringMatching(/Stripe is configured/));
    } finally {
      write.mockRestore();
    }
    expect(await census()).toEqual(before);
  });

  it(
    'adds nothing on a second run, and gives the printed accounts new passwords',
    async () => {
      const second = await seedDemo(site);
      expect(await census()).toEqual(afterFirst);
      expect(second.map((c) => c.email)).toEqual(first.map((c) => c.email));
      for (const [index, credential] of second.entries()) {
        expect(credential.password).not.toBe(first[index]?.password);
        expect(await passwordWorks(credential)).toBe(true);
      }
      expect(await passwordWorks(first[0] as DemoCredential)).toBe(false);
    },
    seeding,
  );
});
