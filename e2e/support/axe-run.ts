import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core on the current page and returns every violation, for the e2e suite
 * (`checkA11y`) and `npm run audit:web`.
 *
 * axe runs in an isolated JavaScript world of the page (Chromium's DevTools protocol), not in
 * the page's own world: it sees the same DOM and styles, the site's CSP does not apply to it (no
 * script tag is added), and it keeps the browser's real timers when a test has installed and
 * paused Playwright's fake clock — axe resolves every rule through setTimeout, so in the page's
 * world it would wait forever for a clock that only the test moves.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; summary: string | undefined }[];
}

// CSS transitions (a modal fading in) run on the real clock: let finite ones end first, so
// colour contrast is measured on the final colours. A transition can start a frame or two after
// the element appears (Mantine renders a dialog at opacity 0, then starts its fade), so the page
// counts as still only after two looks, frames apart, find nothing running (at most 2 s, for
// safety).
const runAxe = `
  (async () => {
    const deadline = performance.now() + 2000;
    // Two frames and a little more; a page that draws no frames (hidden) moves on after 100 ms.
    const frames = () =>
      Promise.race([
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30))),
        ),
        new Promise((resolve) => setTimeout(resolve, 100)),
      ]);
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState !== 'finished' &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
    let quietLooks = 0;
    while (quietLooks < 2 && performance.now() < deadline) {
      await frames();
      const moving = running();
      if (moving.length === 0) {
        quietLooks += 1;
        continue;
      }
      quietLooks = 0;
      await Promise.race([
        Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
    }
  })()
    .then(() => axe.run(document, { resultTypes: ['violations'] }))
    .then((results) =>
      JSON.stringify(
        results.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? null,
          help: violation.help,
          helpUrl: violation.helpUrl,
          nodes: violation.nodes.map((node) => ({
            target: node.target,
            summary: node.failureSummary,
          })),
        })),
      ),
    )
`;

export function isSeriousOrCritical(violation: AxeViolation): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical';
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await session.send('Page.getFrameTree');
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: 'axe',
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
    return JSON.parse(String(outcome.result.value)) as AxeViolation[];
  } finally {
    await session.detach();
  }
}
