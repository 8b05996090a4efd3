import { z } from 'zod';

/**
 * A thread's live replies, on the site's live channel (chat's Socket.IO connection of a verified
 * member). A member's page enters the thread's channel while it is open; the server answers with
 * where the thread stands and announces each new reply once it is stored. An announcement says
 * only which reply is new and how many the thread holds, never what it says: the page reads it
 * over HTTP as it reads every reply, with what this reader may see and do.
 */
export const forumLiveEvents = {
  /** Client → server, with a thread id: hear of its new replies (answers `threadState`). */
  enter: 'forum:enter',
  /** Client → server, with a thread id: stop hearing of them. */
  leave: 'forum:leave',
  /** Server → client: a new reply (`threadReplyEvent`). */
  reply: 'forum:reply',
} as const;

/** The thread id a client sends with `forum:enter` and `forum:leave`. */
export const liveThreadId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Where a thread stands: how many replies it holds, deleted ones included, as its pages count
 * them. Replies are never taken out of a thread (a deleted one stays as a tombstone), so the
 * count only grows: a reader holding fewer has new ones to read.
 */
export const threadState = z.object({ total: z.number().int().nonnegative() });
export type ThreadState = z.infer<typeof threadState>;

export const threadReplyEvent = z.object({
  postId: z.number().int().positive(),
  replyId: z.number().int().positive(),
  /** The thread's replies once this one was stored. */
  total: z.number().int().nonnegative(),
});
export type ThreadReplyEvent = z.infer<typeof threadReplyEvent>;

/** How many threads one connection may follow at once (a page follows the one it shows). */
export const followedThreadsMax = 20;
