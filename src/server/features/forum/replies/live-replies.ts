import type { Logger } from 'pino';
import { notFound, resourceExhausted } from '../../../../shared/errors.js';
import {
  followedThreadsMax,
  forumLiveEvents,
  liveThreadId,
  type ThreadReplyEvent,
  type ThreadState,
} from '../../../../shared/forum-live.js';
import { handleLiveEvent, type Live } from '../../../core/live.js';
import type { Db } from '../../../platform/db/database.js';
import { threadForReaders } from '../threads/repo.js';
import { mayReadThread } from '../rules.js';

const threadPrefix = 'thread:';
/** The Socket.IO room of the pages showing one thread. */
const threadChannel = (postId: number) => `${threadPrefix}${postId}`;

export interface ThreadLive {
  /**
   * Tells the pages showing the thread that a reply was stored (after its commit): on every
   * process, through the live channel's adapter.
   */
  replyStored(event: ThreadReplyEvent): void;
}

/**
 * A thread's new replies on the live channel. A member's page enters the thread's channel while
 * it shows the thread, if the member may read it (a hidden thread: its author and moderators),
 * and hears of each new reply there. A reply is only ever written into a thread every reader may
 * read, and its announcement carries its id and the thread's count, not its text: a page that
 * wants the reply reads it over HTTP, where the same rules as for any page apply.
 */
export function registerThreadLive(deps: { live: Live; db: Db; logger: Logger }): ThreadLive {
  const { live, db, logger } = deps;
  const input = { schema: liveThreadId, invalid: 'Send a thread id' };

  live.onConnection((socket) => {
    handleLiveEvent(
      socket,
      forumLiveEvents.enter,
      input,
      async (postId): Promise<ThreadState> => {
        const thread = await threadForReaders(db, postId);
        if (!thread || !mayReadThread(socket.data.member, thread)) throw notFound('Thread');
        const room = threadChannel(postId);
        const followed = [...socket.rooms].filter((name) => name.startsWith(threadPrefix));
        if (!socket.rooms.has(room) && followed.length >= followedThreadsMax) {
          throw resourceExhausted(
            `A page can follow at most ${followedThreadsMax} threads at once: leave one first`,
          );
        }
        await socket.join(room);
        return { total: thread.total };
      },
      logger,
    );
    handleLiveEvent(
      socket,
      forumLiveEvents.leave,
      input,
      async (postId) => {
        await socket.leave(threadChannel(postId));
      },
      logger,
    );
  });

  return {
    replyStored(event) {
      live.io.to(threadChannel(event.postId)).emit(forumLiveEvents.reply, event);
    },
  };
}
