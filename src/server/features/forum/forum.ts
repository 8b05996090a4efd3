import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Live } from '../../core/live.js';
import type { Bus } from '../../platform/bus/bus.js';
import type { Db } from '../../platform/db/database.js';
import { createCategoryService } from './categories/service.js';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerCommentRoutes } from './replies/routes.js';
import { registerFeedbackRoutes } from './feedback/routes.js';
import { createCommentService } from './replies/service.js';
import { registerThreadLive } from './replies/live-replies.js';
import { registerPostRoutes } from './threads/routes.js';
import { createForumReads } from './read-repo.js';
import { createPostService } from './threads/service.js';
import type { FilmService } from '../films/index.js';
import { createReactionService } from './feedback/reactions.js';
import { createReportService } from './feedback/reports.js';
import { createViewCounter } from './threads/views.js';
import { reachesForum, type ForgetStale } from '../../core/stale.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the view counts gathered so far now, instead of at the next batch. */
    flushViews(): Promise<void>;
  }
}

export interface ForumOptions {
  db: Db;
  /** Between processes: change messages; its Redis (REDIS_URL) stores rate limits and views. */
  bus: Bus;
  /** The live channel: the pages showing a thread hear of its new replies. */
  live: Live;
  logger: Logger;
  /** Prefix of rate-limit keys (test apps sharing one Redis must not share counters). */
  limitNamespace: string;
  /**
   * How long a thread list is remembered at most (FORUM_LIST_CACHE_MS) if no write forgets it;
   * 0 reads every time.
   */
  listCacheMs: number;
  /** Told of each lookup of a kept answer, whether it was there (for /metrics). */
  countLookup?: (hit: boolean) => void;
  /** Films: the film a review names. */
  films: Pick<FilmService, 'filmForReview'>;
}

/** The forum: categories, threads, replies, reactions, revisions, reports, Markdown preview. */
export function registerForum(
  app: FastifyInstance,
  options: ForumOptions,
): {
  /** Counts a reader's view of a thread whose page was served without reading it here. */
  countView(threadId: number, viewerKey: string): void;
  /**
   * Forgets the remembered lists and pages when a write reaches the forum (a thread, a reply,
   * a moderator's action, an author's new name or avatar: what its route declares stale).
   */
  forgetStale: ForgetStale;
} {
  const { db, bus, limitNamespace } = options;
  const redis = bus.redis;
  const logWarning = (message: string) => (error: unknown) => app.log.warn({ err: error }, message);
  const reads = createForumReads(db, {
    listCacheMs: options.listCacheMs,
    bus,
    namespace: limitNamespace,
    ...(options.countLookup && { count: options.countLookup }),
  });
  app.addHook('onClose', () => reads.close());
  const views = createViewCounter({
    db,
    redis,
    namespace: limitNamespace,
    onError: logWarning('view counts could not be saved; they are kept for the next try'),
    // A remembered thread shows its stored count plus the views pending here: once they are
    // written, it would drop them (lists show the stored count alone).
    onWritten: (postIds) => reads.forgetThreads(postIds),
  });
  // The last views reach the database before the platforms close (they close after the app).
  app.addHook('onClose', () => views.close());
  app.decorate('flushViews', () => views.flush());

  const categories = createCategoryService(db, {
    bus,
    namespace: limitNamespace,
    onUnsent: logWarning('other processes were not told the categories changed'),
  });
  app.addHook('onClose', () => categories.close());
  const posts = createPostService({
    db,
    categories,
    views,
    reads,
    films: options.films,
    onViewError: logWarning('a view could not be counted'),
  });
  const threadLive = registerThreadLive({ live: options.live, db, logger: options.logger });
  const comments = createCommentService({ db, reads, live: threadLive });
  const reactions = createReactionService(db);
  const reports = createReportService(db);

  registerCategoryRoutes(app, categories);
  registerPostRoutes(app, { posts });
  registerCommentRoutes(app, { comments });
  registerFeedbackRoutes(app, { reactions, reports });
  return {
    countView: (threadId, viewerKey) => {
      views.record(threadId, viewerKey).catch(logWarning('a view could not be counted'));
    },
    forgetStale: (stale) => {
      if (!reachesForum(stale)) return;
      reads.forgetLists().catch(logWarning('other processes were not told to forget the lists'));
    },
  };
}
