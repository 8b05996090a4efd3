import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount } from '../../test/factories.js';

/*
 * An answer must not wait for a mail that only a known address gets: over SMTP that wait would
 * tell a stranger which addresses have accounts. The SMTP server here holds every message until
 * the test lets it through, so the answers below arrive while their mail is still undelivered.
 */
let t: TestApp;
let smtp: SMTPServer;
const received: string[] = [];
let release: () => void = () => undefined;
let held = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        void held.then(() => {
          received.push(data);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ serveWeb: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  release();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

let address = 0;
const post = (url: string, payload: object) =>
  createAgent(t.app).inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.77.0.${++address}`,
  });

describe('mail that only a known address gets', () => {
  it.each([
    ['a password reset', '/api/auth/password-reset/request'],
    ['a sign-in link', '/api/auth/magic-link'],
  ])(
    '%s answers before its mail is delivered, exactly as for an unknown address',
    async (_, url) => {
      held = new Promise<void>((resolve) => (release = resolve));
      const user = await buildAccount(t.platforms.database.db);
      const known = await post(url, { email: user.email });
      const unknown = await post(url, { email: `nobody-${address}@example.test` });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(received.filter((mail) => mail.includes(user.email))).toHaveLength(0);

      release();
      await t.platforms.mailer.idle();
      expect(received.filter((mail) => mail.includes(user.email))).toHaveLength(1);
    },
  );
});
