import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import type { FormFactor } from './options.js';

/**
 * axe-core on a page as a first-time visitor sees it, at the screen Lighthouse emulates for the
 * same form factor. Like the e2e suite (e2e/support/axe.ts), axe runs in an isolated world of
 * the page: it sees the same DOM and styles, and the site's CSP does not apply to it.
 */
/** The screens Lighthouse emulates (lighthouse/core/config/constants.js, whose types do not resolve). */
const screens: Record<
  FormFactor,
  { width: number; height: number; scale: number; mobile: boolean }
> = {
  mobile: { width: 412, height: 823, scale: 1.75, mobile: true },
  desktop: { width: 1350, height: 940, scale: 1, mobile: false },
};

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

export interface AxeOutcome {
  /** Violations of every impact. */
  violations: AxeFinding[];
  /** How many violations are serious or critical (the goal is none). */
  seriousOrCritical: number;
}

// Finite CSS transitions end first, so colour contrast is measured on the final colours.
const runAxe = `
  Promise.race([
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ])
    .then(() => axe.run(document, { resultTypes: ['violations'] }))
    .then((results) =>
      JSON.stringify(
        results.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? null,
          help: violation.help,
          helpUrl: violation.helpUrl,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        })),
      ),
    )
`;

async function evaluateIsolated(page: Page): Promise<AxeFinding[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await session.send('Page.getFrameTree');
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: 'audit-axe',
    });
    const loaded = await session.send('Runtime.evaluate', {
      expression: axeSource,
      contextId: executionContextId,
    });
    if (loaded.exceptionDetails) {
      throw new Error(`axe-core failed to load: ${loaded.exceptionDetails.text}`);
    }
    const outcome = await session.send('Runtime.evaluate', {
      expression: runAxe,
      contextId: executionContextId,
      awaitPromise: true,
      returnByValue: true,
    });
    if (outcome.exceptionDetails) {
      const detail =
        outcome.exceptionDetails.exception?.description ?? outcome.exceptionDetails.text;
      throw new Error(`axe.run failed: ${detail}`);
    }
    return JSON.parse(String(outcome.result.value)) as AxeFinding[];
  } finally {
    await session.detach();
  }
}

/** Opens `url` in a fresh context (no cookie: the consent banner shows) and runs axe on it. */
export async function auditAxe(
  browser: Browser,
  url: string,
  formFactor: FormFactor,
): Promise<AxeOutcome> {
  const screen = screens[formFactor];
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.scale,
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    colorScheme: 'light',
  });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`GET ${url} answered ${response?.status() ?? 'nothing'}`);
    const violations = await evaluateIsolated(page);
    const seriousOrCritical = violations.filter(
      (finding) => finding.impact === 'serious' || finding.impact === 'critical',
    ).length;
    return { violations, seriousOrCritical };
  } finally {
    await context.close();
  }
}
