import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../../shared/forum.js';
import { commentReactions, comments, postReactions, posts, reports } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { forumCounts, rowCount } from '../../test/state.js';
import { person, writePost, writeReply, type Person } from '../../test/factories.js';

let t: TestApp;
let author: Person;
let fan: Person;
let secondFan: Person;
let thirdFan: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  author = await person(t, 'moderator');
  fan = await person(t);
  secondFan = await person(t);
  thirdFan = await person(t);
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

async function reactionCountOf(postId: number) {
  const [row] = await db()
    .select({ n: posts.reactionCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.n;
}

describe('liking a thread', () => {
  it('likes once however often it is sent, and unlikes the same way, keeping the count exact', async () => {
    const post = await writePost(t, author.agent);
    const like = (agent: Person['agent']) =>
      agent.inject({ method: 'PUT', url: `/api/forum/posts/${post.id}/reaction` });
    const unlike = (agent: Person['agent']) =>
      agent.inject({ method: 'DELETE', url: `/api/forum/posts/${post.id}/reaction` });

    expect((await like(fan.agent)).json()).toEqual({ reacted: true, reactionCount: 1 });
    expect((await like(fan.agent)).json()).toEqual({ reacted: true, reactionCount: 1 });
    expect((await like(secondFan.agent)).json()).toEqual({ reacted: true, reactionCount: 2 });
    expect(await reactionCountOf(post.id)).toBe(2);

    const seen = (await fan.agent.inject({ url: `/api/forum/posts/${post.id}` })).json<{
      post: PostDetail;
    }>();
    expect(seen.post.viewer.reacted).toBe(true);
    expect(seen.post.reactionCount).toBe(2);

    expect((await unlike(fan.agent)).json()).toEqual({ reacted: false, reactionCount: 1 });
    expect((await unlike(fan.agent)).json()).toEqual({ reacted: false, reactionCount: 1 });
    expect(await reactionCountOf(post.id)).toBe(1);
    expect(
      await db().select().from(postReactions).where(eq(postReactions.postId, post.id)),
    ).toEqual([expect.objectContaining({ userId: secondFan.user.id })]);
  });

  it('counts likes sent at the same moment exactly', async () => {
    const post = await writePost(t, author.agent);
    const people = [fan, secondFan, thirdFan];
    await Promise.all(
      people.flatMap((someone) =>
        [1, 2].map(() =>
          someone.agent.inject({ method: 'PUT', url: `/api/forum/posts/${post.id}/reaction` }),
        ),
      ),
    );
    expect(await reactionCountOf(post.id)).toBe(3);
  });

  it('refuses likes on a deleted thread and on one that does not exist', async () => {
    const post = await writePost(t, author.agent);
    await author.agent.inject({ method: 'DELETE', url: `/api/forum/posts/${post.id}` });
    const before = await rowCount(t, postReactions);
    const res = await fan.agent.inject({
      method: 'PUT',
      url: `/api/forum/posts/${post.id}/reaction`,
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().error.message).toBe('This thread was deleted: it takes no likes');
    const missing = await fan.agent.inject({
      method: 'PUT',
      url: '/api/forum/posts/424242/reaction',
    });
    expect(missing.statusCode).toBe(404);
    expect(await rowCount(t, postReactions)).toBe(before);
  });
});

describe('one’s own writing', () => {
  it('refuses the author’s like of their own thread and reply, changing no count', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(fan.agent, post.id);
    const likes = await forumCounts(t, { postReactions, commentReactions });

    const ownThread = await author.agent.inject({
      method: 'PUT',
      url: `/api/forum/posts/${post.id}/reaction`,
    });
    expect(ownThread.statusCode).toBe(403);
    expect(ownThread.json().error).toEqual({
      code: 'permission-denied',
      message: 'You cannot like your own thread',
    });
    const ownReply = await fan.agent.inject({
      method: 'PUT',
      url: `/api/forum/comments/${reply.id}/reaction`,
    });
    expect(ownReply.statusCode).toBe(403);
    expect(ownReply.json().error.message).toBe('You cannot like your own reply');

    expect(await forumCounts(t, { postReactions, commentReactions })).toEqual(likes);
    expect(await reactionCountOf(post.id)).toBe(0);
    // Taking back a like is never refused.
    const unlike = await author.agent.inject({
      method: 'DELETE',
      url: `/api/forum/posts/${post.id}/reaction`,
    });
    expect(unlike.json()).toEqual({ reacted: false, reactionCount: 0 });
  });

  it('refuses the author’s report of their own thread and reply, storing nothing', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(fan.agent, post.id);
    const before = await forumCounts(t, { reports });
    const payload = { category: 'spam', reason: 'Testing' };

    const ownThread = await author.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${post.id}/report`,
      payload,
    });
    expect(ownThread.statusCode).toBe(403);
    expect(ownThread.json().error).toEqual({
      code: 'permission-denied',
      message: 'You cannot report your own thread: edit or delete it instead',
    });
    const ownReply = await fan.agent.inject({
      method: 'POST',
      url: `/api/forum/comments/${reply.id}/report`,
      payload,
    });
    expect(ownReply.statusCode).toBe(403);
    expect(ownReply.json().error.message).toBe(
      'You cannot report your own reply: edit or delete it instead',
    );
    expect(await forumCounts(t, { reports })).toEqual(before);
  });
});

describe('liking a reply', () => {
  it('toggles and counts likes of a reply, and shows them on the thread page', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(author.agent, post.id);
    const url = `/api/forum/comments/${reply.id}/reaction`;
    expect((await fan.agent.inject({ method: 'PUT', url })).json()).toEqual({
      reacted: true,
      reactionCount: 1,
    });
    expect((await fan.agent.inject({ method: 'PUT', url })).json()).toEqual({
      reacted: true,
      reactionCount: 1,
    });
    expect((await secondFan.agent.inject({ method: 'PUT', url })).json()).toEqual({
      reacted: true,
      reactionCount: 2,
    });
    const page = (await fan.agent.inject({ url: `/api/forum/posts/${post.id}/comments` })).json();
    expect(page.items[0]).toMatchObject({ reactionCount: 2, viewer: { reacted: true } });
    // The same page, as remembered for the next reader, tells another viewer they did not like it.
    const asAuthor = (
      await author.agent.inject({ url: `/api/forum/posts/${post.id}/comments` })
    ).json();
    expect(asAuthor.items[0]).toMatchObject({ reactionCount: 2, viewer: { reacted: false } });
    expect((await secondFan.agent.inject({ method: 'DELETE', url })).json()).toEqual({
      reacted: false,
      reactionCount: 1,
    });
    const [row] = await db().select().from(comments).where(eq(comments.id, reply.id));
    expect(row?.reactionCount).toBe(1);
  });

  it('refuses likes on a deleted reply', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(fan.agent, post.id);
    await fan.agent.inject({ method: 'DELETE', url: `/api/forum/comments/${reply.id}` });
    const before = await rowCount(t, commentReactions);
    const res = await secondFan.agent.inject({
      method: 'PUT',
      url: `/api/forum/comments/${reply.id}/reaction`,
    });
    expect(res.statusCode).toBe(412);
    expect(await rowCount(t, commentReactions)).toBe(before);
  });
});

describe('reports', () => {
  it('stores a report of a thread once while it is open', async () => {
    const post = await writePost(t, author.agent);
    const report = () =>
      fan.agent.inject({
        method: 'POST',
        url: `/api/forum/posts/${post.id}/report`,
        payload: { category: 'spam', reason: 'This is spam' },
      });
    const first = await report();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: 'reported' });
    const second = await report();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ status: 'reported' });
    const stored = await db().select().from(reports).where(eq(reports.postId, post.id));
    expect(stored).toEqual([
      expect.objectContaining({
        reporterId: fan.user.id,
        commentId: null,
        category: 'spam',
        reason: 'This is spam',
        status: 'open',
      }),
    ]);
  });

  it('stores reports of a reply apart from reports of its thread', async () => {
    const post = await writePost(t, author.agent);
    const reply = await writeReply(author.agent, post.id);
    const url = `/api/forum/comments/${reply.id}/report`;
    expect(
      (
        await fan.agent.inject({
          method: 'POST',
          url,
          payload: { category: 'abuse', reason: 'Rude reply' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await fan.agent.inject({
          method: 'POST',
          url,
          payload: { category: 'abuse', reason: 'Still rude' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await fan.agent.inject({
          method: 'POST',
          url: `/api/forum/posts/${post.id}/report`,
          payload: { category: 'off-topic', reason: 'Whole thread' },
        })
      ).statusCode,
    ).toBe(201);
    const stored = await db().select().from(reports).where(eq(reports.postId, post.id));
    expect(stored.map((row) => row.commentId).sort()).toEqual([reply.id, null].sort());
  });

  it('refuses a report without a reason and changes nothing', async () => {
    const post = await writePost(t, author.agent);
    const before = await forumCounts(t, { reports });
    const res = await fan.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${post.id}/report`,
      payload: { category: 'other', reason: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Say briefly what is wrong/);
    expect(await forumCounts(t, { reports })).toEqual(before);
  });
});
