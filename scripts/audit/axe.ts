import type { Browser } from 'playwright-core';
import { axeViolations, isSeriousOrCritical } from '../../e2e/support/axe-run.js';
import type { FormFactor } from './options.js';

/**
 * axe-core on a page as a first-time visitor sees it, at the screen Lighthouse emulates for the
 * same form factor, through the e2e suite's runner (e2e/support/axe-run.ts).
 */
/** The screens Lighthouse emulates (lighthouse/core/config/constants.js, whose types do not resolve). */
const screens: Record<
  FormFactor,
  { width: number; height: number; scale: number; mobile: boolean }
> = {
  mobile: { width: 412, height: 823, scale: 1.75, mobile: true },
  desktop: { width: 1350, height: 940, scale: 1, mobile: false },
};

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
    const found = await axeViolations(page);
    const violations = found.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
    return { violations, seriousOrCritical: found.filter(isSeriousOrCritical).length };
  } finally {
    await context.close();
  }
}
