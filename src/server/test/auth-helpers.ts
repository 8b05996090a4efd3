import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/csrf.js';
import type { TestApp } from './test-app.js';

/** The password of every account built by buildAccount. */
export const testPassword = 'lantern-orchard-51-velvet';

export const testOrigin = 'http://viewpoint.test';

/**
 * A browser-like client: keeps cookies between requests and, like our web app, sends the
 * site's Origin and the CSRF token on every write.
 */
export interface Agent {
  cookies: Map<string, string>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function createAgent(app: FastifyInstance): Agent {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async inject(options) {
      const method = (options.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = {};
      if (cookies.size > 0) {
        headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      }
      if (!['GET', 'HEAD'].includes(method)) {
        headers.origin = testOrigin;
        const csrf = cookies.get(CSRF_COOKIE);
        if (csrf) headers[CSRF_HEADER] = csrf;
      }
      const response = await app.inject({
        ...options,
        headers: { ...headers, ...(options.headers as Record<string, string> | undefined) },
      });
      for (const cookie of response.cookies as {
        name: string;
        value: string;
        maxAge?: number;
        expires?: Date;
      }[]) {
        const expired =
          cookie.maxAge === 0 ||
          (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
        if (expired || cookie.value === '') cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
      return response;
    },
  };
}

/** An agent signed in as `user` through the real sign-in route. */
export async function signIn(app: FastifyInstance, user: { email: string }): Promise<Agent> {
  const agent = createAgent(app);
  await agent.inject({ method: 'GET', url: '/api/auth/session' });
  const response = await agent.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: testPassword },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return agent;
}

export interface SentMail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Undoes quoted-printable soft breaks and escapes so links and text can be read from the .eml;
 * the escaped bytes are UTF-8 (“quotes”, accents).
 */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`) in an unfolded header value. */
function decodeHeader(value: string): string {
  const decodeQ = (text: string) =>
    decodeURIComponent(
      text
        .replace(/%/g, '%25')
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, '%$1'),
    );
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text),
    );
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
  return decodeHeader(line.trim());
}

/** Every mail the test app wrote to DATA_DIR/mail, oldest first. */
export async function readMails(t: TestApp): Promise<SentMail[]> {
  await t.platforms.mailer.idle();
  const dir = path.join(t.config.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(path.join(dir, name), 'utf8');
      const decoded = decodeQuotedPrintable(raw);
      return {
        to: header(raw, 'To'),
        subject: header(raw, 'Subject'),
        body: decoded,
      };
    }),
  );
}

/** The token of the last link in the last mail to `to` whose link goes to `page`. */
export async function linkToken(t: TestApp, to: string, page: string): Promise<string> {
  const mails = (await readMails(t)).filter((mail) => mail.to.includes(to));
  const pattern = new RegExp(`${page.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9._~%-]+)`);
  for (const mail of mails.reverse()) {
    const match = pattern.exec(mail.body);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no mail to ${to} with a link to ${page}`);
}
