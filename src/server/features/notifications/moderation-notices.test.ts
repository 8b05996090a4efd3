import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../shared/notifications.js';
import { utcMoment } from '../../../shared/utc-time.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readMails, type SentMail } from '../../test/accounts.js';
import {
  moderate,
  person,
  settleJobs,
  writePost,
  writeReply,
  type Person,
} from '../../test/factories.js';

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
