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
  /** Extra headers (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  /**
   * Sends without keeping the caller waiting: an answer must not take longer because a mail
   * went out (a reset for a known address answers as fast as one for an unknown address).
   * A failure is logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves once every background send has finished. */
  idle(): Promise<void>;
  /** Proves the transport can deliver (SMTP handshake); the outbox checks its folder. */
  verify(): Promise<void>;
  /** The last send that failed on this process, unless one succeeded since. */
  lastFailure(): { at: Date; error: string } | null;
  /** Waits for background sends, then closes the transport. */
  close(): Promise<void>;
}

type Transport = Pick<Mailer, 'kind' | 'send' | 'verify'> & { close(): void };

/** Adds background sending, tracked so that `idle` and `close` can wait for it. */
function withBackgroundSends(transport: Transport, log: Logger): Mailer {
  const pending = new Set<Promise<unknown>>();
  const idle = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  let failure: { at: Date; error: string } | null = null;
  const send = (message: MailMessage) =>
    transport.send(message).then(
      (sent) => {
        failure = null;
        return sent;
      },
      (error: unknown) => {
        failure = { at: new Date(), error: error instanceof Error ? error.message : String(error) };
        throw error;
      },
    );
  return {
    ...transport,
    send,
    lastFailure: () => failure,
    sendInBackground(message) {
      const delivery = send(message)
        .catch((error: unknown) => {
          log.error(
            { err: error, mail: { to: message.to, subject: message.subject } },
            'mail failed',
          );
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    idle,
    async close() {
      await idle();
      transport.close();
    },
  };
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
  return withBackgroundSends(
    {
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
          {
            mail: { to: message.to, subject: message.subject, link: firstLink(message.text), file },
          },
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
    },
    options.log,
  );
}

export function createSmtpMailer(options: { url: string; from: string; log: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return withBackgroundSends(
    {
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
    },
    options.log,
  );
}
