import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../../shared/chat.js';
import type { Notification, NotificationList } from '../../../../shared/notifications.js';
import { utcMoment } from '../../../../shared/utc-time.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { hiddenByReportsReason } from '../../../../shared/reports.js';
import { readMails, type Agent, type SentMail } from '../../../test/auth-helpers.js';
import {
  moderate,
  person,
  report,
  settleJobs,
  writePost,
  writeReply,
  type Person,
} from '../../../test/factories.js';

/** Notices about moderation of a member's own content or account, in the app and by e-mail. */
let t: TestApp;
let mod: Person;
let ana: Person;
let experienced: Person;

const nameOf = (p: Person) => p.user.username ?? '';

/** The e-mails `who` got from `since` on (a count of every mail written before). */
async function mailsTo(who: Person, since: number): Promise<SentMail[]> {
  await settleJobs(t);
  return (await readMails(t)).slice(since).filter((mail) => mail.to === who.user.email);
}

/** The newest notifications of `who`, once every job asked for has run. */
async function noticesOf(who: Person): Promise<Notification[]> {
  await settleJobs(t);
  const res = await who.agent.inject({ url: '/api/notifications' });
  return res.json<NotificationList>().items;
}

const mailCount = async () => {
  await settleJobs(t);
  return (await readMails(t)).length;
};

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  [mod, ana, experienced] = await Promise.all([
    person(t, 'moderator'),
    person(t),
    person(t, 'experienced_moderator'),
  ]);
});
afterAll(() => t.close());

describe('moderation notices by e-mail', () => {
  it('mails the hiding of a thread even when a mention in it was mailed within the hour', async () => {
    const author = await person(t);
    const thread = await writePost(t, author.agent, { title: 'Cult classics ranked' });
    await settleJobs(t);
    const since = await mailCount();
    await writeReply(ana.agent, thread.id, { body: `@${nameOf(author)} you forgot Repo Man` });
    expect((await mailsTo(author, since)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('mentioned you in “Cult classics ranked”'),
    ]);

    const hidden = await moderate(
      mod.agent,
      { postId: thread.id },
      { action: 'hide', reason: 'Spoilers in the title' },
    );
    expect(hidden.statusCode).toBe(200);
    const mails = await mailsTo(author, since);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.body).toContain('Spoilers in the title');
  });

  it('says a mute as a sentence, its end in UTC and saying so, in the subject and the text', async () => {
    const member = await person(t);
    const since = await mailCount();
    const muted = await mod.agent.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/mute`,
      payload: { duration: '1h', reason: 'Cool off: repeated chat spam' },
    });
    expect(muted.statusCode).toBe(200);
    const until = muted.json<{ user: { mute: { until: string } } }>().user.mute.until;
    const sentence = `You are muted until ${utcMoment(until)}: Cool off: repeated chat spam`;
    expect(sentence).toMatch(/until \d+ \w+ \d{4} at \d\d:\d\d UTC: /);

    const [mail] = await mailsTo(member, since);
    expect(mail?.subject).toContain(sentence);
    expect(mail?.body).toContain(sentence);
    expect(mail?.body).not.toMatch(/GMT|your post in “”/);
    // The app gets the end itself, to write in the reader's own time zone.
    const listed = await member.agent.inject({ url: '/api/notifications' });
    expect(listed.json<NotificationList>().items[0]).toMatchObject({
      type: 'moderation',
      action: 'muted',
      subject: null,
      endsAt: until,
      reason: 'Cool off: repeated chat spam',
    });
  });

  it('says a block with an end date as a sentence, in the e-mail the blocked member can read', async () => {
    const member = await person(t);
    const since = await mailCount();
    const end = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const blocked = await experienced.agent.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/block`,
      payload: { reason: 'Selling accounts', until: end },
    });
    expect(blocked.statusCode).toBe(200);
    const [mail] = await mailsTo(member, since);
    expect(mail?.body).toContain(
      `Your account is blocked until ${utcMoment(end)}: Selling accounts`,
    );
  });
});

describe('moderation of chat messages', () => {
  let general: ChatRoom;

  beforeAll(async () => {
    const rooms = await ana.agent.inject({ url: '/api/chat/rooms' });
    general = rooms.json<{ items: ChatRoom[] }>().items.find((room) => room.isGeneral) as ChatRoom;
  });

  async function say(agent: Agent, body: string): Promise<ChatMessage> {
    const res = await agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${general.id}/messages`,
      remoteAddress: `10.70.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: { body, nonce: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ message: ChatMessage }>().message;
  }

  const moderateMessage = (id: number, payload: object) =>
    mod.agent.inject({ method: 'POST', url: `/api/chat/messages/${id}/moderation`, payload });

  const historyOf = async (who: Person) =>
    (await who.agent.inject({ url: `/api/chat/rooms/${general.id}/messages` })).json<{
      items: ChatMessage[];
    }>().items;

  const lastMessageFor = async (who: Person) =>
    (await who.agent.inject({ url: '/api/chat/rooms' }))
      .json<{ items: ChatRoom[] }>()
      .items.find((room) => room.id === general.id)?.lastMessage;

  it('tells the author of a hidden message why, in the app and by e-mail, and of its restoring', async () => {
    const author = await person(t);
    const message = await say(author.agent, 'Cheap tickets, see my profile');
    const since = await mailCount();
    expect(
      (await moderateMessage(message.id, { action: 'hide', reason: 'Advertising' })).statusCode,
    ).toBe(200);

    const [hidden] = await noticesOf(author);
    expect(hidden).toMatchObject({
      type: 'moderation',
      action: 'hidden',
      reason: 'Advertising',
      subject: 'chat_message',
      title: general.name,
      actor: null,
      url: `/chat?room=${general.id}&message=${message.id}`,
    });
    const sentence = `A moderator hid your message in the chat room “${general.name}”: Advertising`;
    const [mail] = await mailsTo(author, since);
    expect(mail?.subject).toContain(sentence);
    expect(mail?.body).toContain(sentence);

    expect((await moderateMessage(message.id, { action: 'restore' })).statusCode).toBe(200);
    const [restored] = await noticesOf(author);
    expect(restored).toMatchObject({ action: 'restored', subject: 'chat_message' });
  });

  it('tells the author when the reports of three members hid their message', async () => {
    const [author, first, second, third] = await Promise.all([
      person(t),
      person(t),
      person(t),
      person(t),
    ]);
    const message = await say(author.agent, 'Follow my channel for leaks');
    for (const reporter of [first, second, third]) {
      const res = await reporter.agent.inject({
        method: 'POST',
        url: `/api/chat/messages/${message.id}/reports`,
        payload: { category: 'spam' },
      });
      expect(res.statusCode).toBe(204);
    }
    const [notice] = await noticesOf(author);
    expect(notice).toMatchObject({
      action: 'hidden_for_review',
      reason: hiddenByReportsReason,
      subject: 'chat_message',
    });
    // Unfounded: dismissing the reports shows it again, and its author hears so.
    expect(
      (await moderateMessage(message.id, { action: 'dismiss', reason: 'Not spam' })).statusCode,
    ).toBe(200);
    const [restored] = await noticesOf(author);
    expect(restored).toMatchObject({ action: 'restored', reason: null });
  });

  it('keeps a hidden message in sight for its author, with the reason, and out of sight for others', async () => {
    const [author, reader] = await Promise.all([person(t), person(t)]);
    const before = await say(ana.agent, 'What a finale');
    const message = await say(author.agent, 'Spoiler: everyone dies');
    await moderateMessage(message.id, { action: 'hide', reason: 'Spoilers' });

    const own = (await historyOf(author)).find((item) => item.id === message.id);
    expect(own?.hidden).toEqual({ reason: 'Spoilers' });
    expect((await historyOf(reader)).some((item) => item.id === message.id)).toBe(false);
    expect(await lastMessageFor(author)).toMatchObject({
      id: message.id,
      hidden: { reason: 'Spoilers' },
    });
    expect(await lastMessageFor(mod)).toMatchObject({
      id: message.id,
      hidden: { reason: 'Spoilers' },
    });
    expect(await lastMessageFor(reader)).toMatchObject({ id: before.id, hidden: null });
    // It cannot be edited back into sight, nor answered; its author may still delete it.
    const edit = await author.agent.inject({
      method: 'PATCH',
      url: `/api/chat/messages/${message.id}`,
      payload: { body: 'Nothing to see' },
    });
    expect(edit.json().error.code).toBe('failed-precondition');
    const answer = await author.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${general.id}/messages`,
      payload: { body: 'Sorry', nonce: randomUUID(), replyToId: message.id },
    });
    expect(answer.json().error.code).toBe('failed-precondition');
    const gone = await author.agent.inject({
      method: 'DELETE',
      url: `/api/chat/messages/${message.id}`,
    });
    expect(gone.statusCode).toBe(204);
  });
});

describe('threads and replies hidden by their reporters', () => {
  it('tells the author, and tells them again when the reports are dismissed', async () => {
    const [author, first, second, third] = await Promise.all([
      person(t),
      person(t),
      person(t),
      person(t),
    ]);
    const thread = await writePost(t, author.agent, { title: 'An unpopular opinion' });
    for (const reporter of [first, second, third])
      await report(reporter.agent, { postId: thread.id });
    const [hidden] = await noticesOf(author);
    expect(hidden).toMatchObject({
      action: 'hidden_for_review',
      subject: 'thread',
      title: 'An unpopular opinion',
    });
    const dismissed = await moderate(mod.agent, { postId: thread.id }, { action: 'dismiss' });
    expect(dismissed.statusCode).toBe(200);
    const [restored] = await noticesOf(author);
    expect(restored).toMatchObject({ action: 'restored', subject: 'thread', reason: null });
  });
});
