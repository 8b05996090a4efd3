import { and, eq } from 'drizzle-orm';
import { createReportService } from '../../src/server/features/forum/index.js';
import { createModerationActions } from '../../src/server/features/moderation/index.js';
import {
  createModRequestService,
  latestRequestOf,
} from '../../src/server/features/mod-requests/index.js';
import { categories, comments, posts, reports } from '../../src/server/schema.js';
import type { Mailer } from '../../src/server/platform/mail/mailer.js';
import { demoForum } from './forum.js';
import { viewerOf, type DemoSite } from './site.js';

/** A reply that spoils a film's ending, reported by another member and waiting for review. */
const spoiler = {
  thread: 'Dune: Part Two looks incredible, feels a bit cold',
  replyAuthor: 'finn_oc',
  // The demo's member account, so its "Your reports" shows this and a chat report.
  reporter: 'samwatches',
  reason: 'Gives away the ending of Dune: Part Two without a spoiler warning.',
};

const modRequest = {
  member: 'elena_v',
  motivation:
    'I have been reading the forum almost every day for a few months and would like to help keep the horror threads friendly and spoiler-free. I am around most evenings (Mexico City time).',
};

async function seedReport(site: DemoSite): Promise<void> {
  const author = await viewerOf(site.db, spoiler.replyAuthor);
  const [reply] = await site.db
    .select({ id: comments.id })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(posts.title, spoiler.thread), eq(comments.authorId, author.id)));
  if (!reply) throw new Error(`The reply to report in “${spoiler.thread}” is missing`);
  const reporter = await viewerOf(site.db, spoiler.reporter);
  // Reported once: a moderator's decision on it is not undone by a later run.
  const [reported] = await site.db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.commentId, reply.id), eq(reports.reporterId, reporter.id)));
  if (reported) return;
  await createReportService(site.db).reportComment(reporter, reply.id, {
    category: 'other',
    reason: spoiler.reason,
  });
}

/** Only decisions send mail, and the seed decides nothing: no mail goes out. */
const noMail: Mailer = {
  kind: 'outbox',
  send: () => Promise.reject(new Error('The demo seed sends no mail')),
  sendInBackground: () => undefined,
  idle: () => Promise.resolve(),
  verify: () => Promise.resolve(),
  lastFailure: () => null,
  close: () => Promise.resolve(),
};

/** One plain member's request to become a moderator, asked once through the request rules. */
async function seedModRequest(site: DemoSite): Promise<void> {
  const member = await viewerOf(site.db, modRequest.member);
  if (await latestRequestOf(site.db, member.id)) return;
  const service = createModRequestService({
    db: site.db,
    mailer: noMail,
    siteName: 'Viewpoint',
    publicUrl: site.config.publicUrl,
  });
  await service.create(member, modRequest.motivation);
}

/**
 * Threads started in the wrong category, moved by a moderator through the moderation actions,
 * so the audit log tells the move; one already where it belongs is left alone.
 */
async function seedMoves(site: DemoSite): Promise<void> {
  const actions = createModerationActions(site.db);
  for (const thread of demoForum) {
    if (!thread.moved) continue;
    const author = await viewerOf(site.db, thread.author);
    const [post] = await site.db
      .select({ id: posts.id, slug: categories.slug })
      .from(posts)
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(and(eq(posts.authorId, author.id), eq(posts.title, thread.title)));
    if (!post) throw new Error(`The thread to move, “${thread.title}”, is missing`);
    if (post.slug === thread.moved.to) continue;
    const [to] = await site.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, thread.moved.to));
    if (!to) throw new Error(`The category ${thread.moved.to} is missing`);
    await actions.moderatePost(await viewerOf(site.db, thread.moved.by), post.id, {
      action: 'move',
      categoryId: to.id,
      reason: thread.moved.reason,
    });
  }
}

export async function seedModeration(site: DemoSite): Promise<void> {
  await seedReport(site);
  await seedModRequest(site);
  await seedMoves(site);
}
