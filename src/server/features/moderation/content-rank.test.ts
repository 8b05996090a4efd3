import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../../shared/forum.js';
import { auditLog, commentRevisions, comments, postRevisions, posts, users } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  categoryId,
  insertComment,
  insertPost,
  moderate,
  person,
  type Person,
} from '../../test/factories.js';
import { forumCounts } from '../../test/state.js';

/**
 * Rank applies to content as it does to accounts: nobody hides, restores, locks, pins, moves,
 * edits or purges content whose author holds their rank or above, except admins.
 */
let t: TestApp;
let member: Person;
let moderator: Person;
let otherModerator: Person;
let experienced: Person;
let admin: Person;
let otherAdmin: Person;
let discussions: number;
let offTopic: number;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { FORUM_LIST_CACHE_MS: '0' } });
  [member, moderator, otherModerator, experienced, admin, otherAdmin] = await Promise.all([
    person(t),
    person(t, 'moderator'),
    person(t, 'moderator'),
    person(t, 'experienced_moderator'),
    person(t, 'admin'),
    person(t, 'admin'),
  ]);
  discussions = await categoryId(t, 'discussions');
  offTopic = await categoryId(t, 'off-topic');
});
afterAll(() => t.close());

const tables = { posts, comments, postRevisions, commentRevisions, auditLog };
const threadBy = (author: Person) =>
  insertPost(t, { authorId: author.user.id, categoryId: discussions, title: 'Ranked thread' });
const replyBy = async (author: Person) =>
  insertComment(t, { authorId: author.user.id, postId: await threadBy(member) });

const editThread = (editor: Person, id: number) =>
  editor.agent.inject({
    method: 'PATCH',
    url: `/api/forum/posts/${id}`,
    payload: { title: 'Edited by someone else' },
  });
const editReply = (editor: Person, id: number) =>
  editor.agent.inject({
    method: 'PATCH',
    url: `/api/forum/comments/${id}`,
    payload: { body: 'Edited by someone else' },
  });

const threadActions = [
  { action: 'hide', reason: 'Off topic' },
  { action: 'lock' },
  { action: 'pin' },
  { action: 'purge', reason: 'Illegal' },
];

describe('moderating content by rank', () => {
  it("refuses a moderator every action on an admin's, another moderator's and their own thread, changing nothing", async () => {
    for (const author of [admin, otherModerator, moderator]) {
      const id = await threadBy(author);
      const before = await forumCounts(t, tables);
      for (const body of [...threadActions.slice(0, 3), { action: 'move', categoryId: offTopic }]) {
        const refused = await moderate(moderator.agent, { postId: id }, body);
        expect(refused.statusCode, `${body.action}`).toBe(403);
        expect(refused.json().error.code).toBe('permission-denied');
        expect(refused.json().error.message).toMatch(/your rank or above/);
      }
      expect(await forumCounts(t, tables)).toEqual(before);
      const [row] = await t.platforms.database.db.select().from(posts).where(eq(posts.id, id));
      expect(row).toMatchObject({ hiddenAt: null, locked: false, pinned: false });
    }
  });

  it("lets a moderator act on a member's thread and reply", async () => {
    const id = await threadBy(member);
    expect((await moderate(moderator.agent, { postId: id }, { action: 'lock' })).statusCode).toBe(
      200,
    );
    const reply = await replyBy(member);
    const hidden = await moderate(
      moderator.agent,
      { commentId: reply },
      { action: 'hide', reason: 'Rude' },
    );
    expect(hidden.statusCode).toBe(200);
  });

  it("refuses an experienced moderator's purge of an admin's reply and edit of an admin's thread", async () => {
    const reply = await replyBy(admin);
    const purge = await moderate(
      experienced.agent,
      { commentId: reply },
      { action: 'purge', reason: 'Illegal' },
    );
    expect(purge.statusCode).toBe(403);
    const thread = await threadBy(admin);
    expect((await editThread(experienced, thread)).statusCode).toBe(403);
    expect((await editReply(experienced, reply)).statusCode).toBe(403);
    const [row] = await t.platforms.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, reply));
    expect(row?.deletedAt).toBeNull();
  });

  it("lets an experienced moderator edit a moderator's thread, and says so on the thread page", async () => {
    const thread = await threadBy(moderator);
    const page = await experienced.agent.inject({ url: `/api/forum/posts/${thread}` });
    expect(page.json<{ post: PostDetail }>().post.viewer.canEdit).toBe(true);
    expect((await editThread(experienced, thread)).statusCode).toBe(200);

    const admins = await threadBy(admin);
    const refusedPage = await experienced.agent.inject({ url: `/api/forum/posts/${admins}` });
    expect(refusedPage.json<{ post: PostDetail }>().post.viewer.canEdit).toBe(false);
  });

  it("lets an admin act on another admin's content, and on their own", async () => {
    const thread = await threadBy(otherAdmin);
    for (const body of threadActions.slice(0, 3)) {
      expect((await moderate(admin.agent, { postId: thread }, body)).statusCode).toBe(200);
    }
    expect((await editThread(admin, await threadBy(otherAdmin))).statusCode).toBe(200);
    expect(
      (await moderate(admin.agent, { postId: await threadBy(admin) }, { action: 'pin' }))
        .statusCode,
    ).toBe(200);
  });

  it("lets a moderator act on a deleted account's content: no rank is left to protect it", async () => {
    const gone = await person(t, 'admin');
    const thread = await threadBy(gone);
    await t.platforms.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, gone.user.id));
    const res = await moderate(moderator.agent, { postId: thread }, { action: 'lock' });
    expect(res.statusCode).toBe(200);
  });
});
