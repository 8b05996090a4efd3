import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../../shared/forum.js';
import { commentRevisions, comments, postRevisions, posts } from '../../schema.js';
import { createAgent, signIn } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buildAccount,
  categoryId,
  person,
  writePost,
  writeReply,
  type Person,
} from '../../test/factories.js';
import { forumCounts } from '../../test/state.js';

let t: TestApp;
let other: Person;
let moderator: Person;
let experienced: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  other = await person(t);
  moderator = await person(t, 'moderator');
  experienced = await person(t, 'experienced_moderator');
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const tables = { posts, comments, postRevisions, commentRevisions };

async function postRow(id: number) {
  const [row] = await db().select().from(posts).where(eq(posts.id, id));
  if (!row) throw new Error(`no post ${id}`);
  return row;
}

describe('who may write', () => {
  it('asks anonymous visitors to sign in before any write', async () => {
    const author = await person(t);
    const post = await writePost(t, author.agent);
    const anonymous = createAgent(t.app);
    const before = await forumCounts(t, tables);
    const attempts = [
      {
        method: 'POST',
        url: '/api/forum/posts',
        payload: { title: 'Hello there', body: 'x', categoryId: 1 },
      },
      { method: 'PATCH', url: `/api/forum/posts/${post.id}`, payload: { title: 'Changed title' } },
      { method: 'DELETE', url: `/api/forum/posts/${post.id}` },
      { method: 'POST', url: `/api/forum/posts/${post.id}/comments`, payload: { body: 'Hi' } },
      { method: 'PUT', url: `/api/forum/posts/${post.id}/reaction` },
      {
        method: 'POST',
        url: `/api/forum/posts/${post.id}/report`,
        payload: { reason: 'Spam here' },
      },
      { method: 'POST', url: '/api/forum/preview', payload: { body: 'x' } },
    ] as const;
    for (const attempt of attempts) {
      const res = await anonymous.inject(attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    expect(await forumCounts(t, tables)).toEqual(before);
  });

  it('asks people with an unverified email to verify it first', async () => {
    const unverified = await buildAccount(db(), { emailVerified: false });
    const agent = await signIn(t.app, unverified);
    const before = await forumCounts(t, tables);
    const res = await agent.inject({
      method: 'POST',
      url: '/api/forum/posts',
      payload: {
        title: 'Hello there',
        body: 'Words',
        categoryId: await categoryId(t, 'discussions'),
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'permission-denied',
      message: 'Please verify your email to do this',
    });
    expect(await forumCounts(t, tables)).toEqual(before);
  });
});

describe('editing and deleting threads', () => {
  it("refuses to let a user edit or delete someone else's thread", async () => {
    const author = await person(t);
    const post = await writePost(t, author.agent, {
      title: 'Mine to edit',
      body: 'Original words',
    });
    const before = await forumCounts(t, tables);
    const edit = await other.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { title: 'Taken over', body: 'Vandalised' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toMatchObject({
      code: 'permission-denied',
      message: 'You can only edit your own threads',
    });
    const remove = await other.agent.inject({
      method: 'DELETE',
      url: `/api/forum/posts/${post.id}`,
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.message).toBe('You can only delete your own threads');
    // Moderators hide threads (a later issue); editing others' words needs experience.
    const byModerator = await moderator.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { body: 'Moderated' },
    });
    expect(byModerator.statusCode).toBe(403);
    expect(await forumCounts(t, tables)).toEqual(before);
    const row = await postRow(post.id);
    expect(row).toMatchObject({
      title: 'Mine to edit',
      bodySource: 'Original words',
      deletedAt: null,
      editedAt: null,
    });
  });

  it('lets an experienced moderator edit the thread and keeps the earlier version', async () => {
    const author = await person(t);
    const post = await writePost(t, author.agent, { title: 'Needs a fix', body: 'Teh typo' });
    const res = await experienced.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { body: 'The typo, *fixed*' },
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<{ post: PostDetail }>().post;
    expect(edited.bodyHtml).toBe('<p>The typo, <em>fixed</em></p>\n');
    expect(edited.editedAt).not.toBeNull();
    expect(edited.author.id).toBe(author.user.id);

    const revisions = await createAgent(t.app).inject({
      url: `/api/forum/posts/${post.id}/revisions`,
    });
    expect(revisions.statusCode).toBe(200);
    expect(revisions.json().revisions).toEqual([
      expect.objectContaining({
        previousTitle: 'Needs a fix',
        previousBody: 'Teh typo',
        editor: expect.objectContaining({ id: experienced.user.id, role: 'experienced_moderator' }),
      }),
    ]);
  });

  it('lets the author edit (a revision each time) and delete their own thread', async () => {
    const author = await person(t);
    const post = await writePost(t, author.agent, {
      title: 'First title',
      body: 'First body',
      tags: ['noir'],
    });
    const viewerBefore = (await author.agent.inject({ url: `/api/forum/posts/${post.id}` })).json<{
      post: PostDetail;
    }>().post.viewer;
    expect(viewerBefore).toEqual({
      reacted: false,
      canEdit: true,
      canDelete: true,
      canReply: true,
    });
    for (const title of ['Second title', 'Third title']) {
      const res = await author.agent.inject({
        method: 'PATCH',
        url: `/api/forum/posts/${post.id}`,
        payload: { title },
      });
      expect(res.statusCode).toBe(200);
      // What an edit leaves out stays as it was.
      expect(res.json<{ post: PostDetail }>().post).toMatchObject({
        title,
        bodySource: 'First body',
        tags: ['noir'],
      });
    }
    const revisions = await db()
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, post.id));
    expect(revisions.map((revision) => revision.previousTitle)).toEqual([
      'First title',
      'Second title',
    ]);

    const removed = await author.agent.inject({
      method: 'DELETE',
      url: `/api/forum/posts/${post.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const again = await author.agent.inject({
      method: 'DELETE',
      url: `/api/forum/posts/${post.id}`,
    });
    expect(again.statusCode).toBe(204);

    const tombstone = (
      await createAgent(t.app).inject({ url: `/api/forum/posts/${post.id}` })
    ).json<{
      post: PostDetail;
    }>().post;
    expect(tombstone).toMatchObject({
      deleted: true,
      title: 'Third title',
      bodyHtml: '',
      bodySource: '',
    });
    // A deleted thread's old versions are not readable either.
    const old = await createAgent(t.app).inject({ url: `/api/forum/posts/${post.id}/revisions` });
    expect(old.json().revisions).toEqual([]);
    const edit = await author.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { title: 'Back from the dead' },
    });
    expect(edit.statusCode).toBe(412);
    expect(edit.json().error.message).toBe('This thread was deleted: it cannot be edited');
  });

  it("shows a reader what they may do: nothing on others' threads, edit for experienced moderators", async () => {
    const author = await person(t);
    const post = await writePost(t, author.agent);
    const read = async (agent: Person['agent']) =>
      (await agent.inject({ url: `/api/forum/posts/${post.id}` })).json<{ post: PostDetail }>().post
        .viewer;
    expect(await read(other.agent)).toEqual({
      reacted: false,
      canEdit: false,
      canDelete: false,
      canReply: true,
    });
    expect(await read(experienced.agent)).toMatchObject({ canEdit: true, canDelete: false });
    expect(await read(createAgent(t.app))).toEqual({
      reacted: false,
      canEdit: false,
      canDelete: false,
      canReply: false,
    });
  });
});

describe('editing and deleting replies', () => {
  it('keeps others away from a reply, lets experienced moderators edit it, and the author delete it', async () => {
    const author = await person(t);
    const post = await writePost(t, author.agent);
    const reply = await writeReply(other.agent, post.id, { body: 'My reply' });
    const before = await forumCounts(t, tables);
    const byAuthorOfThread = await author.agent.inject({
      method: 'PATCH',
      url: `/api/forum/comments/${reply.id}`,
      payload: { body: 'Rewritten' },
    });
    expect(byAuthorOfThread.statusCode).toBe(403);
    expect(byAuthorOfThread.json().error.message).toBe('You can only edit your own replies');
    const deleteByOther = await author.agent.inject({
      method: 'DELETE',
      url: `/api/forum/comments/${reply.id}`,
    });
    expect(deleteByOther.statusCode).toBe(403);
    expect(await forumCounts(t, tables)).toEqual(before);

    const byExperienced = await experienced.agent.inject({
      method: 'PATCH',
      url: `/api/forum/comments/${reply.id}`,
      payload: { body: 'Edited by staff' },
    });
    expect(byExperienced.statusCode).toBe(200);
    expect(byExperienced.json().comment).toMatchObject({
      bodySource: 'Edited by staff',
      author: { id: other.user.id },
    });
    const kept = await db()
      .select()
      .from(commentRevisions)
      .where(eq(commentRevisions.commentId, reply.id));
    expect(kept).toEqual([
      expect.objectContaining({ previousBody: 'My reply', editorId: experienced.user.id }),
    ]);

    const removed = await other.agent.inject({
      method: 'DELETE',
      url: `/api/forum/comments/${reply.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const page = (
      await createAgent(t.app).inject({ url: `/api/forum/posts/${post.id}/comments` })
    ).json();
    expect(page.total).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({ id: reply.id, deleted: true, bodyHtml: '' }),
    ]);
  });
});
