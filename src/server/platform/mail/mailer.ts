import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One outgoing message: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Proves the transport can deliver (SMTP handshake); the outbox checks its folder. */
  verify(): Promise<void>;
  close(): void;
}

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];

/**
 * Embedded transport: nodemailer builds the RFC 5322 message and we write it to
 * DATA_DIR/mail/<time>-<id>.eml (written to a temporary name first so a reader never sees half
 * a message). The subject and first link are logged so a developer can follow them.
 */
export function createOutboxMailer(options: { dir: string; from: string; log: Logger }): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const raw = info.message as Buffer;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(options.dir, name);
      await mkdir(options.dir, { recursive: true });
      await writeFile(`${file}.tmp`, raw);
      await rename(`${file}.tmp`, file);
      options.log.info(
        { mail: { to: message.to, subject: message.subject, link: firstLink(message.text), file } },
        `mail written: ${message.subject}`,
      );
      return { messageId: info.messageId };
    },
    async verify() {
      await mkdir(options.dir, { recursive: true });
    },
    close() {
      transport.close();
    },
  };
}

export function createSmtpMailer(options: { url: string; from: string; log: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      options.log.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent');
      return { messageId: info.messageId };
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
