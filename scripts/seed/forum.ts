import { and, eq } from 'drizzle-orm';
import { createMemoryBus } from '../../src/server/platform/bus/bus.js';
import {
  createCategoryService,
  createCommentService,
  type ThreadLive,
  createPostService,
  createReactionService,
  createForumReads,
  createViewCounter,
} from '../../src/server/features/forum/index.js';
import { filmReviewLinks } from '../../src/server/features/forum/index.js';
import { createFilmService } from '../../src/server/features/films/index.js';
import { comments, postRevisions, posts } from '../../src/server/schema.js';
import { quoteMarkdown } from '../../src/shared/quote.js';
import { demoMembers } from './content/members.js';
import { demoReviews } from './content/reviews.js';
import { secondOpinions } from './content/films.js';
import { createFilmBody } from '../../src/shared/films.js';
import { demoThreads } from './content/threads.js';
import type { DemoReply, DemoThread } from './content/types.js';
import { daysAgo, viewersOf, type DemoSite } from './site.js';

export const demoForum: DemoThread[] = [...demoReviews, ...secondOpinions, ...demoThreads];

const hourMs = 3_600_000;

/** The seed runs while no server does: no page shows a thread, so no reader is told of a reply. */
export const nobodyReading: ThreadLive = { replyStored: () => undefined };

/** The forum's own services, as the routes use them: Markdown, counters and revisions hold. */
function forumServices(site: DemoSite) {
  const reads = createForumReads(site.db, { listCacheMs: 0, bus: createMemoryBus() });
  const views = createViewCounter({
    db: site.db,
    redis: undefined,
    namespace: 'demo-seed:',
    // The seed reads no thread page, so no view is ever counted.
    onError: () => undefined,
  });
  const categories = createCategoryService(site.db, { bus: createMemoryBus(), namespace: '' });
  const onViewError = () => undefined;
  const films = createFilmService(site.db, filmReviewLinks);
  return {
    views,
    categories,
    films,
    posts: createPostService({ db: site.db, categories, views, reads, films, onViewError }),
    comments: createCommentService({ db: site.db, reads, live: nobodyReading }),
    reactions: createReactionService(site.db),
  };
}

type Services = ReturnType<typeof forumServices>;
type ViewerOf = Awaited<ReturnType<typeof viewersOf>>;

/** A thread is the demo's when its author has one of that title: found again on every run. */
async function findThread(site: DemoSite, authorId: string, title: string) {
  const [row] = await site.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), eq(posts.title, title)));
  return row?.id;
}

export async function findReply(site: DemoSite, postId: number, authorId: string, body: string) {
  const [row] = await site.db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.postId, postId),
        eq(comments.authorId, authorId),
        eq(comments.bodySource, body),
      ),
    );
  return row?.id;
}

interface Seeding {
  site: DemoSite;
  services: Services;
  viewerOf: ViewerOf;
}

/** The edit goes through the forum's edit, which keeps the first version as a revision. */
async function applyEdit(
  { site, services, viewerOf }: Seeding,
  thread: DemoThread,
  id: number,
  at: Date,
) {
  if (!thread.edit) return;
  const [revision] = await site.db
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, id));
  if (revision) return;
  const { body, rating } = thread.edit;
  await services.posts.update(viewerOf(thread.author), id, { body, rating });
  await site.db.update(posts).set({ editedAt: at }).where(eq(posts.id, id));
  await site.db.update(postRevisions).set({ createdAt: at }).where(eq(postRevisions.postId, id));
}

/** A reply's text, opening with the earlier reply it quotes as the Quote button writes it. */
function withQuote(
  viewerOf: ViewerOf,
  reply: DemoReply,
  postId: number,
  earlier: { id: number; author: string; bodySource: string }[],
): string {
  if (reply.quoteOf === undefined) return reply.body;
  const quoted = earlier[reply.quoteOf];
  if (!quoted) throw new Error(`A demo reply by ${reply.author} quotes a reply after it`);
  const { name, username } = viewerOf(quoted.author);
  const thread = { postId, articleId: null };
  return `${quoteMarkdown({ ...quoted, author: { name, username }, thread })}${reply.body}`;
}

/** The thread and its replies, each backdated: the thread on its day, replies 5 hours apart. */
async function seedThread(seeding: Seeding, thread: DemoThread) {
  const { site, services, viewerOf } = seeding;
  const author = viewerOf(thread.author);
  const startedAt = daysAgo(thread.daysAgo);
  const replyAt = (index: number) => new Date(startedAt.getTime() + (index + 1) * 5 * hourMs);
  let wrote = false;
  let postId = await findThread(site, author.id, thread.title);
  if (postId === undefined) {
    const created = await services.posts.create(author, {
      title: thread.title,
      body: thread.body,
      categoryId: await services.categories.idOf(thread.category),
      tags: thread.tags ?? [],
      // The film the review form would find again by its title and year.
      filmId: thread.film
        ? (
            await services.films.create(
              author,
              createFilmBody.parse({ title: thread.film.title, year: thread.film.year }),
            )
          ).film.id
        : null,
      rating: thread.film?.rating ?? null,
    });
    postId = created.id;
    wrote = true;
    await site.db.update(posts).set({ createdAt: startedAt }).where(eq(posts.id, postId));
  }
  const replies = thread.replies ?? [];
  const written: { id: number; author: string; bodySource: string }[] = [];
  for (const [index, reply] of replies.entries()) {
    const replier = viewerOf(reply.author);
    const text = withQuote(viewerOf, reply, postId, written);
    let replyId = await findReply(site, postId, replier.id, text);
    if (replyId === undefined) {
      const replyToId = reply.quotes === undefined ? null : (written[reply.quotes]?.id ?? null);
      const body = { body: text, replyToId };
      replyId = (await services.comments.create(replier, postId, body)).id;
      wrote = true;
      await site.db
        .update(comments)
        .set({ createdAt: replyAt(index) })
        .where(eq(comments.id, replyId));
    }
    written.push({ id: replyId, author: reply.author, bodySource: text });
    for (const liker of reply.likes ?? []) {
      await services.reactions.commentReaction(viewerOf(liker), replyId, true);
    }
  }
  // Its last activity is its last reply, unless members have written in it since an earlier run.
  const lastActivityAt = replies.length === 0 ? startedAt : replyAt(replies.length - 1);
  if (wrote) await site.db.update(posts).set({ lastActivityAt }).where(eq(posts.id, postId));
  await applyEdit(seeding, thread, postId, new Date(lastActivityAt.getTime() + hourMs));
  for (const liker of thread.likes ?? []) {
    await services.reactions.postReaction(viewerOf(liker), postId, true);
  }
}

/**
 * The demo threads, written as their members, oldest first; with their replies (some quoting
 * an earlier reply, some mentioning a member), likes, and one review edited by its author. A
 * thread or reply already there is kept, and likes are idempotent, so a second run adds nothing.
 */
export async function seedForum(site: DemoSite): Promise<void> {
  const services = forumServices(site);
  try {
    const usernames = demoMembers.map((member) => member.username);
    const seeding = { site, services, viewerOf: await viewersOf(site.db, usernames) };
    const oldestFirst = [...demoForum].sort((a, b) => b.daysAgo - a.daysAgo);
    for (const thread of oldestFirst) await seedThread(seeding, thread);
  } finally {
    await services.views.close();
  }
}
