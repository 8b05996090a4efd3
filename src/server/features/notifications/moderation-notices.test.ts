import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  [mod, ana] = await Promise.all([person(t, 'moderator'), person(t)]);
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
});
