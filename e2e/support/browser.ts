import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

/**
 * The system's Chromium (Debian package) driven by playwright-core: one browser per spec file,
 * a fresh context per page so no cookie, storage or clock leaks between tests. Every page records
 * console errors, uncaught exceptions and CSP violations (Chromium reports those as console
 * errors); a test fails when any occurred, like epic-stack's setup fails on console.error.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export type ConsentCookie = 'accepted' | 'rejected';

export interface NewPageOptions {
  colorScheme?: 'light' | 'dark' | 'no-preference';
  /** Pre-set the cookie-consent cookie so the banner stays away (specs not about the banner). */
  consent?: ConsentCookie;
  /** Console errors this page is expected to log (e.g. the failed load of a 404 document). */
  allowConsoleErrors?: RegExp[];
}

interface PageRecord {
  errors: string[];
  allowed: RegExp[];
}

const records = new WeakMap<Page, PageRecord>();

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The console errors, page errors and CSP violations a page has produced so far. */
export function consoleErrorsOf(page: Page): string[] {
  const record = records.get(page);
  if (!record) return [];
  return record.errors.filter((text) => !record.allowed.some((pattern) => pattern.test(text)));
}

/** Fails when the page logged a console error, threw an uncaught error or violated the CSP. */
export function expectNoConsoleErrors(page: Page): void {
  expect(consoleErrorsOf(page), 'console errors, page errors or CSP violations').toEqual([]);
}

function watch(page: Page, allowed: RegExp[]): void {
  const record: PageRecord = { errors: [], allowed };
  records.set(page, record);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    record.errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => {
    record.errors.push(`uncaught: ${error.stack ?? error.message}`);
  });
}

export interface BrowserFixture {
  /** A page in a brand-new context whose baseURL is the test server. */
  newPage(options?: NewPageOptions): Promise<Page>;
  baseURL: string;
}

/**
 * Registers the hooks of a spec file: launch before all, close after all, and after each test
 * close its contexts and fail the test if any of its pages logged an error.
 */
export function useBrowser(): BrowserFixture {
  const baseURL = inject('baseURL');
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; page: Page }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const open = contexts;
    contexts = [];
    const problems = open.flatMap(({ page }) => consoleErrorsOf(page));
    await Promise.all(open.map(({ context }) => context.close()));
    expect(problems, 'console errors, page errors or CSP violations').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseURL,
    async newPage(options: NewPageOptions = {}) {
      if (!browser) throw new Error('newPage() called outside a test (the browser is not up)');
      const context = await browser.newContext({
        baseURL,
        colorScheme: options.colorScheme ?? 'light',
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'no-preference',
      });
      if (options.consent) {
        await context.addCookies([
          { name: 'cookie-consent', value: options.consent, url: baseURL, sameSite: 'Lax' },
        ]);
      }
      const page = await context.newPage();
      watch(page, options.allowConsoleErrors ?? []);
      contexts.push({ context, page });
      return page;
    },
  };
}

/**
 * Installs Playwright's fake clock at the current real time and pauses it: from then on the page's
 * timers only fire when the test calls page.clock.runFor(), so delays are checked to the
 * millisecond. Call before page.goto.
 */
export async function installPausedClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Lets the page finish the work a timer callback queued (React renders through a MessageChannel
 * task, which the fake clock does not control): one native message round trip.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Advances the paused clock by `ms` and lets React commit what the timers changed. */
export async function advance(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await settle(page);
}
