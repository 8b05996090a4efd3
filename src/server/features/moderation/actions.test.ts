import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList } from '../../../shared/forum.js';
import {
  auditLog,
  categories,
  commentRevisions,
  comments,
  postRevisions,
  posts,
  reports,
} from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  categoryId,
  person,
  writePost,
  writeReply,
  type Person,
  moderate,
  report,
} from '../../test/factories.js';
import { forumCounts, auditOf } from '../../test/state.js';

let t: TestApp;
let moderator: Person;
let experienced: Person;
let admin: Person;
let member: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { FORUM_LIST_CACHE_MS: '0' } });
  moderator = await person(t, 'moderator');
  experienced = await person(t, 'experienced_moderator');
  admin = await person(t, 'admin');
  member = await person(t);
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const tables = { posts, comments, reports, postRevisions, commentRevisions, auditLog };
async function postRow(id: number) {
  const [row] = await db().select().from(posts).where(eq(posts.id, id));
  if (!row) throw new Error(`no post ${id}`);
  return row;
}
const reportsOf = (postId: number) => db().select().from(reports).where(eq(reports.postId, postId));
async function listed(query = 'sort=newest') {
  const res = await createAgent(t.app).inject({ url: `/api/forum/posts?${query}` });
  return res.json<PostList>().items.map((item) => item.id);
}

describe('hiding and restoring a thread', () => {
  it("lets a moderator hide a member's thread with a reason, closing its reports, then restore it", async () => {
    const post = await writePost(t, (await person(t)).agent, { title: "A member's thread" });
    await report(member.agent, { postId: post.id });
    const hidden = await moderate(
      moderator.agent,
      { postId: post.id },
      { action: 'hide', reason: 'Spoilers without warning' },
    );
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().target).toMatchObject({
      type: 'post',
      postId: post.id,
      commentId: null,
      hidden: { reason: 'Spoilers without warning' },
    });
    expect(await reportsOf(post.id)).toEqual([
      expect.objectContaining({
        status: 'resolved',
        resolution: 'hide',
        resolvedById: moderator.user.id,
        resolvedAt: expect.any(Date),
      }),
    ]);
    expect(await listed()).not.toContain(post.id);
    expect((await member.agent.inject({ url: `/api/forum/posts/${post.id}` })).statusCode).toBe(
      404,
    );
    const forAuthor = await admin.agent.inject({ url: `/api/forum/posts/${post.id}` });
    expect(forAuthor.json().post.hidden).toEqual({ reason: 'Spoilers without warning' });

    const again = await moderate(
      moderator.agent,
      { postId: post.id },
      { action: 'hide', reason: 'Once more' },
    );
    expect(again.statusCode).toBe(412);
    expect(again.json().error.message).toBe('This thread is already hidden');

    const restored = await moderate(moderator.agent, { postId: post.id }, { action: 'restore' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().target.hidden).toBeNull();
    expect(await listed()).toContain(post.id);
    const visible = await member.agent.inject({ url: `/api/forum/posts/${post.id}` });
    expect(visible.json().post.hidden).toBeNull();

    const entries = await auditOf(t, 'post', post.id);
    expect(entries.map((entry) => entry.action)).toEqual(['post.hide', 'post.restore']);
    expect(entries[0]).toMatchObject({
      actorId: moderator.user.id,
      targetLabel: "A member's thread",
      reason: 'Spoilers without warning',
      before: { hidden: null, openReports: 1 },
      after: { hidden: 'Spoilers without warning' },
    });
  });

  it('refuses hiding without a reason and restoring what is not hidden, changing nothing', async () => {
    const post = await writePost(t, (await person(t)).agent);
    const before = await forumCounts(t, tables);
    for (const body of [{ action: 'hide' }, { action: 'hide', reason: 'no' }]) {
      const res = await moderate(moderator.agent, { postId: post.id }, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    const restore = await moderate(moderator.agent, { postId: post.id }, { action: 'restore' });
    expect(restore.statusCode).toBe(412);
    expect(restore.json().error.message).toBe('This thread is not hidden');
    expect(await forumCounts(t, tables)).toEqual(before);
    expect((await postRow(post.id)).hiddenAt).toBeNull();
  });
});

describe('reports on an item', () => {
  it('are dismissed once; a second dismissal, or a missing item, changes nothing', async () => {
    const post = await writePost(t, (await person(t)).agent);
    await report(member.agent, { postId: post.id });
    const dismissed = await moderate(moderator.agent, { postId: post.id }, { action: 'dismiss' });
    expect(dismissed.statusCode).toBe(200);
    expect((await reportsOf(post.id))[0]).toMatchObject({
      status: 'resolved',
      resolution: 'dismiss',
    });
    const before = await forumCounts(t, tables);
    const twice = await moderate(moderator.agent, { postId: post.id }, { action: 'dismiss' });
    expect(twice.statusCode).toBe(412);
    expect(twice.json().error).toMatchObject({
      code: 'failed-precondition',
      message: 'There are no open reports on this thread: it was already handled',
    });
    for (const target of [{ postId: 987_654 }, { commentId: 987_654 }]) {
      const missing = await moderate(moderator.agent, target, { action: 'dismiss' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not-found');
    }
    expect(await forumCounts(t, tables)).toEqual(before);
    expect((await auditOf(t, 'post', post.id)).map((entry) => entry.action)).toEqual([
      'report.dismiss',
    ]);
  });

  it('dismissed, lift the hiding the reports caused', async () => {
    const post = await writePost(t, (await person(t)).agent);
    for (let n = 0; n < 3; n += 1) await report((await person(t)).agent, { postId: post.id });
    expect((await postRow(post.id)).hiddenAt).not.toBeNull();
    const dismissed = await moderate(moderator.agent, { postId: post.id }, { action: 'dismiss' });
    expect(dismissed.json().target.hidden).toBeNull();
    expect((await postRow(post.id)).hiddenAt).toBeNull();
    expect((await reportsOf(post.id)).every((row) => row.status === 'resolved')).toBe(true);
  });
});

describe('locking, pinning and moving a thread', () => {
  it('locks (no more replies) and unlocks, pins (first in lists) and unpins', async () => {
    const post = await writePost(t, (await person(t)).agent);
    const lock = await moderate(moderator.agent, { postId: post.id }, { action: 'lock' });
    expect(lock.json().target.locked).toBe(true);
    const reply = await member.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${post.id}/comments`,
      payload: { body: 'Let me in' },
    });
    expect(reply.statusCode).toBe(412);
    const twice = await moderate(moderator.agent, { postId: post.id }, { action: 'lock' });
    expect(twice.statusCode).toBe(412);
    expect(twice.json().error.message).toBe('This thread is already locked');
    await moderate(moderator.agent, { postId: post.id }, { action: 'unlock' });
    expect((await postRow(post.id)).locked).toBe(false);

    await writePost(t, (await person(t)).agent, { title: 'A newer thread' });
    const pin = await moderate(moderator.agent, { postId: post.id }, { action: 'pin' });
    expect(pin.json().target.pinned).toBe(true);
    expect((await listed())[0]).toBe(post.id);
    await moderate(moderator.agent, { postId: post.id }, { action: 'unpin' });
    expect((await listed())[0]).not.toBe(post.id);
    expect((await auditOf(t, 'post', post.id)).map((entry) => entry.action)).toEqual([
      'post.lock',
      'post.unlock',
      'post.pin',
      'post.unpin',
    ]);
  });

  it('moves a thread to an open category, naming both in the audit log, and refuses a missing, archived or the same one', async () => {
    const post = await writePost(t, (await person(t)).agent);
    const general = await categoryId(t, 'recommendations');
    const [archived] = await db()
      .insert(categories)
      .values({ slug: 'old-stuff', name: 'Old stuff', archivedAt: new Date() })
      .returning();
    const before = await forumCounts(t, tables);
    const refusals: [object, number, string][] = [
      [{ action: 'move' }, 400, 'Choose the category to move the thread to'],
      [{ action: 'move', categoryId: 999_999 }, 404, 'Category not found'],
      [
        { action: 'move', categoryId: archived?.id },
        400,
        'Old stuff is archived: it takes no threads',
      ],
      [
        { action: 'move', categoryId: post.category.id },
        412,
        'This thread is already in Discussions',
      ],
    ];
    for (const [body, status, message] of refusals) {
      const res = await moderate(moderator.agent, { postId: post.id }, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await forumCounts(t, tables)).toEqual(before);
    const moved = await moderate(
      moderator.agent,
      { postId: post.id },
      { action: 'move', categoryId: general },
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().target.category.id).toBe(general);
    expect(await listed('category=recommendations')).toContain(post.id);
    // The entry names both categories, so the log can tell where the thread went from where.
    expect((await auditOf(t, 'post', post.id))[0]).toMatchObject({
      action: 'post.move',
      before: { categoryId: post.category.id, categoryName: 'Discussions' },
      after: { categoryId: general, categoryName: 'Recommendations' },
    });
  });
});

describe('purging', () => {
  it('is refused to a plain moderator and changes nothing', async () => {
    const post = await writePost(t, member.agent);
    const before = await forumCounts(t, tables);
    const res = await moderate(
      moderator.agent,
      { postId: post.id },
      { action: 'purge', reason: 'Illegal content' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('permission-denied');
    expect(await forumCounts(t, tables)).toEqual(before);
    expect((await postRow(post.id)).bodySource).toBe(post.bodySource);
  });

  it('erases a thread for good: words, tags and earlier versions', async () => {
    const author = await person(t, 'moderator');
    const post = await writePost(t, author.agent, { title: 'Leaked data here', tags: ['leak'] });
    await author.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { body: 'Even more leaked data' },
    });
    await report(member.agent, { postId: post.id });
    const noReason = await moderate(experienced.agent, { postId: post.id }, { action: 'purge' });
    expect(noReason.statusCode).toBe(400);
    const res = await moderate(
      experienced.agent,
      { postId: post.id },
      { action: 'purge', reason: 'Personal data of others' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().target).toMatchObject({ title: '[removed]', bodyHtml: '', deleted: true });
    expect(await postRow(post.id)).toMatchObject({
      title: '[removed]',
      bodySource: '',
      bodyHtml: '',
      tags: [],
      deletedAt: expect.any(Date),
    });
    expect(
      await db().select().from(postRevisions).where(eq(postRevisions.postId, post.id)),
    ).toEqual([]);
    expect((await reportsOf(post.id))[0]?.resolution).toBe('purge');
    const [entry] = await auditOf(t, 'post', post.id);
    expect(entry).toMatchObject({ action: 'post.purge', targetLabel: `Thread ${post.id}` });
    expect(JSON.stringify(entry)).not.toContain('leaked');
    const again = await moderate(
      admin.agent,
      { postId: post.id },
      { action: 'purge', reason: 'Once more' },
    );
    expect(again.statusCode).toBe(412);
  });
});

describe('acting on a reply', () => {
  it('hides and restores a reply, and an experienced moderator purges one', async () => {
    const post = await writePost(t, (await person(t)).agent);
    const reply = await writeReply(member.agent, post.id, { body: 'Nasty words' });
    await report((await person(t)).agent, { commentId: reply.id });
    const hidden = await moderate(
      moderator.agent,
      { commentId: reply.id },
      { action: 'hide', reason: 'Be kind' },
    );
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().target).toMatchObject({
      type: 'comment',
      postId: post.id,
      commentId: reply.id,
      hidden: { reason: 'Be kind' },
    });
    const page = await member.agent.inject({ url: `/api/forum/posts/${post.id}/comments` });
    expect(page.json().items[0].hidden).toEqual({ reason: 'Be kind' });
    const restored = await moderate(
      moderator.agent,
      { commentId: reply.id },
      { action: 'restore' },
    );
    expect(restored.json().target.hidden).toBeNull();

    await member.agent.inject({
      method: 'PATCH',
      url: `/api/forum/comments/${reply.id}`,
      payload: { body: 'Nastier words' },
    });
    const refused = await moderate(
      moderator.agent,
      { commentId: reply.id },
      { action: 'purge', reason: 'Gone' },
    );
    expect(refused.statusCode).toBe(403);
    const purged = await moderate(
      admin.agent,
      { commentId: reply.id },
      { action: 'purge', reason: 'Gone for good' },
    );
    expect(purged.statusCode).toBe(200);
    const [row] = await db().select().from(comments).where(eq(comments.id, reply.id));
    expect(row).toMatchObject({ bodySource: '', bodyHtml: '', deletedAt: expect.any(Date) });
    expect(
      await db().select().from(commentRevisions).where(eq(commentRevisions.commentId, reply.id)),
    ).toEqual([]);
    expect((await auditOf(t, 'comment', reply.id)).map((entry) => entry.action)).toEqual([
      'comment.hide',
      'comment.restore',
      'comment.purge',
    ]);
    const unknown = await moderate(moderator.agent, { commentId: reply.id }, { action: 'lock' });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses moderation to plain members', async () => {
    const post = await writePost(t, (await person(t)).agent);
    const res = await moderate(member.agent, { postId: post.id }, { action: 'lock' });
    expect(res.statusCode).toBe(403);
    expect((await postRow(post.id)).locked).toBe(false);
  });
});
