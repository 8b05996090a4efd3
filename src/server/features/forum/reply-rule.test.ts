import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  noRepliesMessage,
  replyBlocker,
  takesReplies,
  type PostDetail,
  type ReplyBlocker,
  type ThreadReplyState,
} from '../../../shared/forum.js';
import { queryRows } from '../../platform/db/database.js';
import { comments } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, insertPost, person, type Person } from '../../test/factories.js';
import { takesRepliesSql } from './repo.js';

/**
 * "This thread takes replies" is one rule (shared/forum.ts `replyBlocker`); the thread page's
 * `canReply`, a refused reply's reason and the insert's SQL guard must all agree with it, for
 * every state a thread can be in.
 */
const states: [ThreadReplyState, ReplyBlocker | null][] = [
  [{ deleted: false, hidden: false, locked: false }, null],
  [{ deleted: false, hidden: false, locked: true }, 'locked'],
  [{ deleted: false, hidden: true, locked: false }, 'hidden'],
  [{ deleted: false, hidden: true, locked: true }, 'hidden'],
  [{ deleted: true, hidden: false, locked: false }, 'deleted'],
  [{ deleted: true, hidden: false, locked: true }, 'deleted'],
  [{ deleted: true, hidden: true, locked: false }, 'deleted'],
  [{ deleted: true, hidden: true, locked: true }, 'deleted'],
];
const named = states.map(([state, blocker]) => ({
  name: (Object.keys(state) as ReplyBlocker[]).filter((key) => state[key]).join(' and ') || 'open',
  state,
  blocker,
}));

let t: TestApp;
// A moderator sees hidden threads and is not rate limited: every state can be asked of them.
let moderator: Person;
let author: Person;
let discussions: number;
const db = () => t.platforms.database.db;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  moderator = await person(t, 'moderator');
  author = await person(t);
  discussions = await categoryId(t, 'discussions');
});
afterAll(() => t.close());

async function threadIn(state: ThreadReplyState): Promise<number> {
  return insertPost(t, {
    authorId: author.user.id,
    categoryId: discussions,
    locked: state.locked,
    hiddenAt: state.hidden ? new Date() : null,
    deletedAt: state.deleted ? new Date() : null,
  });
}

describe('whether a thread takes replies', () => {
  it.each(named)('the rule: a thread $name is stopped by $blocker', ({ state, blocker }) => {
    expect(replyBlocker(state)).toBe(blocker);
    expect(takesReplies(state)).toBe(blocker === null);
  });

  it.each(named)('the SQL guard agrees for a thread $name', async ({ state, blocker }) => {
    const id = await threadIn(state);
    const rows = await queryRows(
      db(),
      sql`select t.id from posts t where t.id = ${id} and ${takesRepliesSql(sql.raw('t'))}`,
    );
    expect(rows.length === 1).toBe(blocker === null);
  });

  it.each(named)(
    'the thread page and the reply agree for a thread $name',
    async ({ state, blocker }) => {
      const id = await threadIn(state);
      const page = await moderator.agent.inject({ url: `/api/forum/posts/${id}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<{ post: PostDetail }>().post.viewer.canReply).toBe(blocker === null);

      const reply = await moderator.agent.inject({
        method: 'POST',
        url: `/api/forum/posts/${id}/comments`,
        payload: { body: 'Is anyone still here?' },
      });
      const written = await db().select().from(comments).where(eq(comments.postId, id));
      if (blocker === null) {
        expect(reply.statusCode, reply.body).toBe(201);
        expect(written).toHaveLength(1);
      } else {
        expect(reply.statusCode, reply.body).toBe(412);
        expect(reply.json().error).toMatchObject({
          code: 'failed-precondition',
          message: noRepliesMessage[blocker],
        });
        expect(written).toHaveLength(0);
      }
    },
  );
});
