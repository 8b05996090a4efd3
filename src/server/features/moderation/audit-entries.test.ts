import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../shared/forum.js';
import { auditLog, categories } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { person, writePost, writeReply, type Person } from '../../test/factories.js';
import { auditOf } from '../../test/state.js';

let t: TestApp;
let admin: Person;
let experienced: Person;
let author: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await person(t, 'admin');
  experienced = await person(t, 'experienced_moderator');
  // A moderator writes the threads (not rate limited) but edits only their own.
  author = await person(t, 'moderator');
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

describe('audit entries of category changes', () => {
  it('records adding, renaming, archiving and reordering, with before and after', async () => {
    const added = await admin.agent.inject({
      method: 'POST',
      url: '/api/forum/categories',
      payload: { name: 'Documentaries', description: 'Real life' },
    });
    const { category } = added.json<{ category: Category }>();
    await admin.agent.inject({
      method: 'PATCH',
      url: `/api/forum/categories/${category.id}`,
      payload: { name: 'Docs', archived: true },
    });
    // An edit that changes nothing records nothing.
    await admin.agent.inject({
      method: 'PATCH',
      url: `/api/forum/categories/${category.id}`,
      payload: { name: 'Docs' },
    });
    const entries = await auditOf(t, 'category', category.id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'category.create',
        targetLabel: 'Documentaries',
        after: expect.objectContaining({ name: 'Documentaries', archived: false }),
      }),
      expect.objectContaining({
        action: 'category.update',
        targetLabel: 'Docs',
        before: expect.objectContaining({ name: 'Documentaries', archived: false }),
        after: expect.objectContaining({ name: 'Docs', archived: true }),
      }),
    ]);

    const order = (
      await db().select({ id: categories.id }).from(categories).orderBy(categories.position)
    ).map((row) => row.id);
    const reversed = [...order].reverse();
    const res = await admin.agent.inject({
      method: 'PUT',
      url: '/api/forum/categories/order',
      payload: { ids: reversed },
    });
    expect(res.statusCode).toBe(200);
    const [reorder] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'category.reorder'));
    expect(reorder).toMatchObject({ before: { ids: order }, after: { ids: reversed } });

    const refused = await admin.agent.inject({
      method: 'PUT',
      url: '/api/forum/categories/order',
      payload: { ids: [order[0]] },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      await db().select().from(auditLog).where(eq(auditLog.action, 'category.reorder')),
    ).toHaveLength(1);
  });
});

describe("audit entries of edits to others' content", () => {
  it("records an experienced moderator's edit of someone else's thread and reply, not an author's own", async () => {
    const post = await writePost(t, author.agent, { title: 'Original title' });
    const reply = await writeReply(author.agent, post.id, { body: 'Original reply' });
    await author.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { body: 'Edited by the author' },
    });
    expect(await auditOf(t, 'post', post.id)).toEqual([]);

    const edited = await experienced.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { title: 'Moderated title' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await auditOf(t, 'post', post.id)).toEqual([
      expect.objectContaining({
        actorId: experienced.user.id,
        action: 'post.edit',
        targetLabel: 'Moderated title',
        before: { title: 'Original title' },
        after: { title: 'Moderated title' },
      }),
    ]);

    const replyEdit = await experienced.agent.inject({
      method: 'PATCH',
      url: `/api/forum/comments/${reply.id}`,
      payload: { body: 'Moderated reply' },
    });
    expect(replyEdit.statusCode).toBe(200);
    expect(await auditOf(t, 'comment', reply.id)).toEqual([
      expect.objectContaining({
        action: 'comment.edit',
        before: { body: 'Original reply' },
        after: { body: 'Moderated reply' },
      }),
    ]);
  });
});
