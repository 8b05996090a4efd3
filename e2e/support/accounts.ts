import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { lastLogOf, startServer, type RunningServer } from './server';

/**
 * Accounts in the browser: a spec's own server (sign-ups are limited to 5 per address per hour,
 * and every request of the suite comes from 127.0.0.1, so a spec that signs people up does not
 * spend the shared server's allowance), unique people, the mail the server writes to
 * DATA_DIR/mail and the sign-in form.
 */

export interface OwnServer {
  readonly baseURL: string;
  readonly dataDir: string;
  readonly server: RunningServer;
}

/** Starts a server of this spec file's own before all its tests; stops it after them. */
export function useOwnServer(
  extraEnv: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): OwnServer {
  let running: RunningServer | undefined;
  const current = () => {
    if (!running) throw new Error('the spec server is not up (used outside a test?)');
    return running;
  };

  beforeAll(async () => {
    running = await startServer(extraEnv, prepare, inject('databaseTemplate'));
  });

  afterAll(async () => {
    if (!running) return;
    const server = running;
    running = undefined;
    const code = await server.stop();
    if (code !== 0) {
      console.warn(`The spec server exited with code ${String(code)}:\n${lastLogOf(server)}`);
    }
  });

  return {
    get server() {
      return current();
    },
    get baseURL() {
      return current().baseURL;
    },
    get dataDir() {
      return current().dataDir;
    },
  };
}

export interface Person {
  name: string;
  username: string;
  email: string;
  password: string;
}

/** A person nobody has signed up as yet; the password passes the server's policy. */
export function newPerson(first: string): Person {
  const tag = randomBytes(4).toString('hex');
  return {
    name: `${first} Tester`,
    username: `${first.toLowerCase()}_${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
    password: `Velvet-Projector-${tag}-42`,
  };
}

/* Mail: nodemailer's .eml files, parsed just enough to find a message and its link. */

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
  /** The first http(s) link of the plain-text body. */
  link: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded lines continue the header above them.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitMessage(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return [raw, ''];
  return [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
}

/** The decoded text/plain body of a message (single part or multipart). */
function plainText(raw: string): string {
  const [head, body] = splitMessage(raw);
  const headers = headersOf(head);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  return body;
}

export async function readMails(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await readFile(file, 'utf8');
      const headers = headersOf(splitMessage(raw)[0]);
      const text = plainText(raw);
      return {
        file,
        to: decodeHeader(headers.get('to') ?? ''),
        subject: decodeHeader(headers.get('subject') ?? ''),
        text,
        link: /https?:\/\/\S+/.exec(text)?.[0] ?? '',
      };
    }),
  );
}

/**
 * Waits (up to 10 s) for the newest mail to `to` whose subject contains `subject`, and returns
 * it. Files are named by the time they were written, so the last match is the newest.
 */
export async function waitForMail(dataDir: string, to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await readMails(dataDir)).filter(
      (mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && mail.subject.includes(subject),
    );
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      const all = (await readMails(dataDir)).map((mail) => `${mail.to}: ${mail.subject}`);
      throw new Error(`No mail to ${to} about '${subject}' within 10 s; outbox: ${all.join('; ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of an emailed link, checked to point at the server under test. */
export function pathOfLink(link: string, baseURL: string, pathname: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(baseURL);
  expect(url.pathname).toBe(pathname);
  expect(url.searchParams.get('token')).toMatch(/.{10,}/);
  return `${url.pathname}${url.search}`;
}

/* Accounts made from node (the API), for tests about something else than signing up. */

async function post(baseURL: string, route: string, body: unknown): Promise<Response> {
  const response = await fetch(baseURL + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** Signs `person` up through the API and follows the verification link: a verified account. */
export async function createVerifiedAccount(server: OwnServer, person: Person): Promise<void> {
  await post(server.baseURL, '/api/auth/sign-up', person);
  const mail = await waitForMail(server.dataDir, person.email, 'Verify your email address');
  const token = new URL(mail.link).searchParams.get('token');
  await post(server.baseURL, '/api/auth/verify-email', { token });
}

/* The browser side. */

/** What Chromium logs when a sign-in is refused (401). */
export const refusedSignIn = /Failed to load resource: the server responded with a status of 401/;

/**
 * A form field by its label's text: Mantine marks a required field with an aria-hidden ' *' in
 * the label, which getByLabel still reads (and password inputs have no role to find them by).
 */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(?: \\*)?$`));
}

/** Fills and sends the sign-in form of the page (which must be /auth/login). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The header's account menu button of a signed-in `name`. */
export function accountMenu(page: Page, name: string) {
  return page.getByRole('button', { name: `Account menu for ${name}` });
}

/** The header's 'Sign in' link a signed-out visitor sees. */
export function signInLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: 'Sign in' });
}

/** Signs in through /auth/login and waits for the account menu. */
export async function signInThroughForm(page: Page, person: Person, to = '/'): Promise<void> {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(to)}`);
  await submitSignIn(page, person.email, person.password);
  await accountMenu(page, person.name).waitFor();
}

/** Fills and sends /auth/sign-up for `person`, and waits for 'Check your inbox'. */
export async function signUpThroughForm(page: Page, person: Person): Promise<void> {
  await page.goto('/auth/sign-up');
  await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
  await field(page, 'Display name').fill(person.name);
  await field(page, 'Username').fill(person.username);
  await field(page, 'Email').fill(person.email);
  await field(page, 'Password').fill(person.password);
  await field(page, 'Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
}

/** Opens the verification link mailed to `person` in `page`: signed in, at '/'. */
export async function followVerifyLink(
  page: Page,
  server: OwnServer,
  person: Person,
): Promise<void> {
  const mail = await waitForMail(server.dataDir, person.email, 'Verify your email address');
  await page.goto(pathOfLink(mail.link, server.baseURL, '/auth/verify-email'));
  await page.waitForURL(`${server.baseURL}/`);
  await accountMenu(page, person.name).waitFor();
}
