import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
  /** The browser's locale and time zone (dates the page formats), e.g. 'en-US' and 'UTC'. */
  locale?: string;
  timezoneId?: string;
  /** `false`: the browser runs no script (a crawler's view). */
  javaScript?: boolean;
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

/**
 * Public pages arrive drawn by the server and come alive when the app hydrates; a press before
 * that would be lost. goto and reload resolve once the app says it is ready (an event, not a
 * timer, so paused clocks do not stall it).
 */
function waitForAppOnNavigation(page: Page): void {
  const ready = async <T extends { headers(): Record<string, string> } | null>(response: T) => {
    if (!response?.headers()['content-type']?.startsWith('text/html')) return response;
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          if (document.documentElement.dataset.appReady === 'true') resolve();
          else document.addEventListener('app-ready', () => resolve(), { once: true });
        }),
    );
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => ready(await goto(...args));
  page.reload = async (...args) => ready(await reload(...args));
}

function watch(page: Page, allowed: RegExp[]): void {
  if (records.has(page)) return;
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
  /**
   * A brand-new context (one browser profile: shared cookies and storage) whose pages, made with
   * `context.newPage()`, are watched like newPage's — for tests with several tabs of one user.
   */
  newContext(options?: NewPageOptions): Promise<BrowserContext>;
  /** The server's origin (read when used: a spec's own server starts in its beforeAll). */
  readonly baseURL: string;
}

export interface UseBrowserOptions {
  /** The origin to test instead of the suite's shared server (a spec that starts its own). */
  baseURL?: () => string;
}

/**
 * Registers the hooks of a spec file: launch before all, close after all, and after each test
 * close its contexts and fail the test if any of its pages logged an error.
 */
export function useBrowser(options: UseBrowserOptions = {}): BrowserFixture {
  const sharedBaseURL = inject('baseURL');
  const currentBaseURL = options.baseURL ?? (() => sharedBaseURL);
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; pages: Page[] }[] = [];
  const trackers = new WeakMap<BrowserContext, (page: Page) => void>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const open = contexts;
    contexts = [];
    const problems = open.flatMap(({ pages }) => pages.flatMap((page) => consoleErrorsOf(page)));
    await Promise.all(open.map(({ context }) => context.close()));
    expect(problems, 'console errors, page errors or CSP violations').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function newContext(contextOptions: NewPageOptions = {}): Promise<BrowserContext> {
    if (!browser) throw new Error('newContext() called outside a test (the browser is not up)');
    const baseURL = currentBaseURL();
    const context = await browser.newContext({
      baseURL,
      colorScheme: contextOptions.colorScheme ?? 'light',
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'no-preference',
      javaScriptEnabled: contextOptions.javaScript !== false,
      ...(contextOptions.locale ? { locale: contextOptions.locale } : {}),
      ...(contextOptions.timezoneId ? { timezoneId: contextOptions.timezoneId } : {}),
    });
    if (contextOptions.consent) {
      await context.addCookies([
        { name: 'cookie-consent', value: contextOptions.consent, url: baseURL, sameSite: 'Lax' },
      ]);
    }
    const entry = { context, pages: [] as Page[] };
    const track = (page: Page) => {
      if (!records.has(page) && contextOptions.javaScript !== false) waitForAppOnNavigation(page);
      watch(page, contextOptions.allowConsoleErrors ?? []);
      if (!entry.pages.includes(page)) entry.pages.push(page);
    };
    // Every page of the context: those made with context.newPage() and those the site opens.
    context.on('page', track);
    trackers.set(context, track);
    contexts.push(entry);
    return context;
  }

  return {
    get baseURL() {
      return currentBaseURL();
    },
    newContext,
    async newPage(pageOptions: NewPageOptions = {}) {
      const context = await newContext(pageOptions);
      const page = await context.newPage();
      trackers.get(context)?.(page);
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

/** Where screenshot() writes: E2E_SHOTS, or /tmp/shots. */
export const shotsDir = process.env.E2E_SHOTS ?? '/tmp/shots';

/**
 * A full-page screenshot, `<shotsDir>/<name>.png`, for a person to look at; none with
 * `E2E_SHOTS=none` (CI, where nobody does: the walks' hundreds of them took minutes).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (shotsDir === 'none') return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The two sizes every new screen is looked at in: a phone and a laptop. */
export const shotSizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * `screenshot` at a phone's size then a laptop's (`<name>-390`, `<name>-1280`), the page left at
 * the laptop's; `prepare` runs at each size before its shot (to scroll a part into view).
 */
export async function screenshotAtBothSizes(
  page: Page,
  name: string,
  prepare?: () => Promise<void>,
): Promise<void> {
  for (const size of shotSizes) {
    await page.setViewportSize(size);
    await prepare?.();
    await screenshot(page, `${name}-${size.width}`);
  }
}

/**
 * A JSON request from the page, as the app sends one (with the CSRF cookie's token): for a step
 * a spec takes through the API rather than the screens. Answers the status and the JSON body.
 */
export async function fetchFromPage(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ([method, url, body]) => {
      const csrf = /(?:^|; )vp_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const answer = await fetch(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-csrf-token': decodeURIComponent(csrf),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await answer.text();
      return { status: answer.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    [method, url, body] as const,
  );
}

/**
 * A slow phone: holds every script of the app (`/assets/*.js`) until the returned function is
 * called, so a test sees the page the server drew before the app starts. Call before goto.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens `path` without waiting for the app, which the suite's goto does (it would wait for the
 * held scripts).
 */
export async function openBeforeAppStarts(
  page: Page,
  path: string,
  waitUntil: 'domcontentloaded' | 'load' = 'domcontentloaded',
): Promise<void> {
  await page.mainFrame().goto(path, { waitUntil });
}

/** Resolves once the app has mounted or hydrated (its `data-app-ready` mark). */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
}
