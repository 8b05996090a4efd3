import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer, createSmtpMailer, type MailMessage } from './mailer.js';

const message: MailMessage = {
  to: 'ada@example.test',
  subject: 'Verify your email for Viewpoint',
  text: 'Open http://localhost:3000/auth/verify-email?token=abc within 24 hours.',
  html: '<p>Open <a href="http://localhost:3000/auth/verify-email?token=abc">this link</a>.</p>',
};

describe('mail', () => {
  it('writes each message as an RFC 5322 .eml file and logs its subject and link', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-mail-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createOutboxMailer({ dir, from: '"Viewpoint" <no-reply@localhost>', log });
    await mailer.send(message);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^From: Viewpoint <no-reply@localhost>$/m);
    expect(raw).toMatch(/^To: ada@example.test$/m);
    expect(raw).toMatch(/^Subject: Verify your email for Viewpoint$/m);
    expect(raw).toMatch(/^Message-ID: <.+>$/m);
    expect(raw).toMatch(/^Date: /m);
    expect(raw).toContain('Content-Type: multipart/alternative');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    const logged = JSON.parse(lines.join('')) as { msg: string; mail: { link: string } };
    expect(logged.msg).toBe('mail written: Verify your email for Viewpoint');
    expect(logged.mail.link).toBe('http://localhost:3000/auth/verify-email?token=abc');
  });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@localhost',
      log: pino({ level: 'silent' }),
    });
    try {
      await mailer.verify();
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Verify your email for Viewpoint');
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('fails verification when the SMTP server refuses', async () => {
    const mailer = createSmtpMailer({
      url: 'smtp://127.0.0.1:1',
      from: 'no-reply@localhost',
      log: pino({ level: 'silent' }),
    });
    await expect(mailer.verify()).rejects.toThrow();
    await mailer.close();
  });
});
