import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, PostDetail } from '../../../shared/forum.js';
import type { NewsArticle } from '../../../shared/news.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buildUser,
  categoryId,
  inHours,
  insertPost,
  person,
  writeArticle,
  writePost,
  writeReply,
  type Person,
  type UserRow,
} from '../../test/factories.js';

/** `@username` in threads, replies and news comments links to existing, unblocked members only. */
let t: TestApp;
let ana: Person;
let cleo: UserRow;
let blocked: UserRow;
let blockEnded: UserRow;
let threadId: number;
const db = () => t.platforms.database.db;
const nameOf = (user: UserRow) => user.username ?? '';
const mentionOf = (user: UserRow, typed = nameOf(user)) =>
  `<a href="/u/${nameOf(user)}" class="mention" data-mention="${nameOf(user)}">@${typed}</a>`;
const mentionCount = (html: string) => html.match(/class="mention"/g)?.length ?? 0;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  ana = await person(t);
  cleo = await buildUser(db());
  blocked = await buildUser(db(), {
    banned: true,
    banReason: 'Spam',
    banExpires: new Date(inHours(24)),
  });
  blockEnded = await buildUser(db(), { banned: true, banExpires: new Date(inHours(-1)) });
  const discussions = await categoryId(t, 'discussions');
  threadId = await insertPost(t, { authorId: ana.user.id, categoryId: discussions });
});
afterAll(() => t.close());

/** A text naming a member, a blocked member and a name nobody holds. */
const naming = () =>
  `Ask @${nameOf(cleo).toUpperCase()}, @${nameOf(blocked)} or @nobody_holds_this.`;

function expectOnlyCleoLinked(html: string) {
  expect(html).toContain(mentionOf(cleo, nameOf(cleo).toUpperCase()));
  expect(html).toContain(`@${nameOf(blocked)} or @nobody_holds_this.`);
  expect(mentionCount(html)).toBe(1);
}

describe('mentions', () => {
  it('in a thread link the existing member only, and an edit looks the names up afresh', async () => {
    const post = await writePost(t, ana.agent, { body: naming() });
    expectOnlyCleoLinked(post.bodyHtml);

    const res = await ana.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${post.id}`,
      payload: { body: `Now @${nameOf(blockEnded)}, whose block ended, and \`@${nameOf(cleo)}\`` },
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<{ post: PostDetail }>().post.bodyHtml;
    expect(edited).toContain(mentionOf(blockEnded));
    expect(edited).toContain(`<code>@${nameOf(cleo)}</code>`);
    expect(mentionCount(edited)).toBe(1);
  });

  it('in a reply link the existing member only, also when edited', async () => {
    const reply = await writeReply(ana.agent, threadId, { body: naming() });
    expectOnlyCleoLinked(reply.bodyHtml);

    const res = await ana.agent.inject({
      method: 'PATCH',
      url: `/api/forum/comments/${reply.id}`,
      payload: { body: `Only @${nameOf(cleo)} now` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ comment: Comment }>().comment.bodyHtml).toContain(mentionOf(cleo));
  });

  it('in a news comment link the existing member only', async () => {
    const admin = await person(t, 'admin');
    const article = await writeArticle(admin.agent, { title: 'Mentions night' });
    const read = await ana.agent.inject({ url: `/api/news/${article.id}` });
    const postId = read.json<{ article: NewsArticle }>().article.discussionPostId ?? 0;
    const reply = await writeReply(ana.agent, postId, { body: naming() });
    expectOnlyCleoLinked(reply.bodyHtml);
  });

  it('in the editor preview render as they will be stored', async () => {
    const res = await ana.agent.inject({
      method: 'POST',
      url: '/api/forum/preview',
      payload: { body: naming() },
    });
    expect(res.statusCode).toBe(200);
    expectOnlyCleoLinked(res.json<{ html: string }>().html);
  });

  it('link at most 50 members in one reply', async () => {
    const many = await Promise.all(Array.from({ length: 60 }, () => buildUser(db())));
    const body = many.map((user) => `@${nameOf(user)}`).join(' ');
    const reply = await writeReply(ana.agent, threadId, { body });
    expect(mentionCount(reply.bodyHtml)).toBe(50);
    expect(reply.bodyHtml).toContain(mentionOf(many[49] ?? cleo));
    expect(reply.bodyHtml).not.toContain(`data-mention="${nameOf(many[50] ?? cleo)}"`);
  });
});
