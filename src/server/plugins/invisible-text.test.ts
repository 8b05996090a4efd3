import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../shared/chat.js';
import { createAgent, testPassword, type Agent } from '../test/auth-helpers.js';
import {
  articleBody,
  person,
  writeArticle,
  writePost,
  writeReply,
  type Person,
} from '../test/factories.js';
import { databaseDigest } from '../test/state.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A required text made only of characters a reader cannot see (zero-width spaces, a BOM, Hangul
 * fillers…) is empty: every route that takes a title, a body, a message, a name or a reason
 * refuses it with invalid-argument naming the field, and stores nothing (src/shared/text.ts).
 */

let t: TestApp;
let admin: Person;
let member: Person;
let target: Person;
let ids: { post: number; reply: number; room: number; message: number; article: number };

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await person(t, 'admin');
  member = await person(t);
  target = await person(t);
  const post = await writePost(t, member.agent);
  const reply = await writeReply(member.agent, post.id);
  const room = (
    await admin.agent.inject({
      method: 'POST',
      url: '/api/chat/rooms',
      payload: { name: 'Quiet room' },
    })
  ).json<{ room: ChatRoom }>().room;
  const message = (
    await member.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${room.id}/messages`,
      payload: { body: 'Hello there', nonce: randomUUID() },
    })
  ).json<{ message: ChatMessage }>().message;
  const article = await writeArticle(admin.agent);
  ids = { post: post.id, reply: reply.id, room: room.id, message: message.id, article: article.id };
});
afterAll(() => t.close());

/** Zero-width space, joiner, BOM, word joiner, soft hyphen, RLM, VS16, Hangul filler, space. */
const invisible = '\u200B\u200D\uFEFF\u2060\u00AD\u200F\uFE0F\u3164 \u2800';

type Who = 'admin' | 'member' | 'visitor';
interface Case {
  who: Who;
  method: 'POST' | 'PATCH';
  url: () => string;
  /** The request with the invisible text in the field named by `field`. */
  payload: (text: string) => object;
  field: string;
}

const cases: Record<string, Case> = {
  'a thread title': {
    who: 'member',
    method: 'POST',
    url: () => '/api/forum/posts',
    payload: (title) => ({ title, body: 'Some words.', categoryId: 1 }),
    field: 'title',
  },
  'a thread body': {
    who: 'member',
    method: 'POST',
    url: () => '/api/forum/posts',
    payload: (body) => ({ title: 'A fine title', body, categoryId: 1 }),
    field: 'body',
  },
  "an edited thread's title": {
    who: 'member',
    method: 'PATCH',
    url: () => `/api/forum/posts/${ids.post}`,
    payload: (title) => ({ title }),
    field: 'title',
  },
  "an edited thread's body": {
    who: 'member',
    method: 'PATCH',
    url: () => `/api/forum/posts/${ids.post}`,
    payload: (body) => ({ body }),
    field: 'body',
  },
  'a reply': {
    who: 'member',
    method: 'POST',
    url: () => `/api/forum/posts/${ids.post}/comments`,
    payload: (body) => ({ body }),
    field: 'body',
  },
  'an edited reply': {
    who: 'member',
    method: 'PATCH',
    url: () => `/api/forum/comments/${ids.reply}`,
    payload: (body) => ({ body }),
    field: 'body',
  },
  'a chat message': {
    who: 'member',
    method: 'POST',
    url: () => `/api/chat/rooms/${ids.room}/messages`,
    payload: (body) => ({ body, nonce: 'invisible-nonce-1' }),
    field: 'body',
  },
  'an edited chat message': {
    who: 'member',
    method: 'PATCH',
    url: () => `/api/chat/messages/${ids.message}`,
    payload: (body) => ({ body }),
    field: 'body',
  },
  "a member's new display name": {
    who: 'member',
    method: 'PATCH',
    url: () => '/api/account',
    payload: (name) => ({ name }),
    field: 'name',
  },
  "a new account's display name": {
    who: 'visitor',
    method: 'POST',
    url: () => '/api/auth/sign-up',
    payload: (name) => ({
      name,
      username: 'quiet_one',
      email: 'quiet@example.com',
      password: testPassword,
    }),
    field: 'name',
  },
  "a new account's username": {
    who: 'visitor',
    method: 'POST',
    url: () => '/api/auth/sign-up',
    payload: (username) => ({
      name: 'Quiet One',
      username,
      email: 'quiet@example.com',
      password: testPassword,
    }),
    field: 'username',
  },
  'a news title': {
    who: 'admin',
    method: 'POST',
    url: () => '/api/news',
    payload: (title) => articleBody({ title }),
    field: 'title',
  },
  'a news body': {
    who: 'admin',
    method: 'POST',
    url: () => '/api/news',
    payload: (body) => articleBody({ body }),
    field: 'body',
  },
  "an edited article's title": {
    who: 'admin',
    method: 'PATCH',
    url: () => `/api/news/${ids.article}`,
    payload: (title) => ({ title }),
    field: 'title',
  },
  "a thread report's reason": {
    who: 'admin',
    method: 'POST',
    url: () => `/api/forum/posts/${ids.post}/report`,
    payload: (reason) => ({ category: 'other', reason }),
    field: 'reason',
  },
  "a chat message report's reason": {
    who: 'admin',
    method: 'POST',
    url: () => `/api/chat/messages/${ids.message}/reports`,
    payload: (reason) => ({ category: 'other', reason }),
    field: 'reason',
  },
  "hiding a thread's reason": {
    who: 'admin',
    method: 'POST',
    url: () => `/api/moderation/posts/${ids.post}`,
    payload: (reason) => ({ action: 'hide', reason }),
    field: 'reason',
  },
  "hiding a reply's reason": {
    who: 'admin',
    method: 'POST',
    url: () => `/api/moderation/comments/${ids.reply}`,
    payload: (reason) => ({ action: 'hide', reason }),
    field: 'reason',
  },
  "hiding a chat message's reason": {
    who: 'admin',
    method: 'POST',
    url: () => `/api/chat/messages/${ids.message}/moderation`,
    payload: (reason) => ({ action: 'hide', reason }),
    field: 'reason',
  },
  "a mute's reason": {
    who: 'admin',
    method: 'POST',
    url: () => `/api/users/${target.user.id}/mute`,
    payload: (reason) => ({ duration: '1h', reason }),
    field: 'reason',
  },
  "a block's reason": {
    who: 'admin',
    method: 'POST',
    url: () => `/api/users/${target.user.id}/block`,
    payload: (reason) => ({ reason }),
    field: 'reason',
  },
  "a refused moderator request's reason": {
    who: 'admin',
    method: 'POST',
    url: () => '/api/mod-requests/1/reject',
    payload: (reason) => ({ reason }),
    field: 'reason',
  },
};

const agentOf = (who: Who): Agent =>
  who === 'admin' ? admin.agent : who === 'member' ? member.agent : createAgent(t.app);

describe('text made only of invisible characters', () => {
  it.each(Object.entries(cases))('is refused as %s, changing nothing', async (_, probe) => {
    const before = await databaseDigest(t);
    const res = await agentOf(probe.who).inject({
      method: probe.method,
      url: probe.url(),
      payload: probe.payload(invisible),
    });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toMatch(new RegExp(`^Invalid body\\.${probe.field}: `));
    expect(await databaseDigest(t)).toEqual(before);
  });
});
