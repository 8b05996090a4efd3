import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on the current page and fails on any 'serious' or 'critical' violation.
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

interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  helpUrl: string;
  nodes: { target: unknown; summary: string | undefined }[];
}

// CSS transitions (a modal fading in) run on the real clock: let finite ones end first, so
// colour contrast is measured on the final colours (at most 2 s, for safety).
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
        results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            id: violation.id,
            impact: violation.impact,
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

function describeFinding(finding: Finding): string {
  const nodes = finding.nodes
    .map(
      (node) =>
        `    - ${JSON.stringify(node.target)}${node.summary ? `: ${node.summary.replace(/\n/g, ' ')}` : ''}`,
    )
    .join('\n');
  return `  [${finding.impact ?? '?'}] ${finding.id}: ${finding.help} (${finding.helpUrl})\n${nodes}`;
}

async function evaluateIsolated(page: Page): Promise<Finding[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await session.send('Page.getFrameTree');
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: 'e2e-axe',
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
    return JSON.parse(String(outcome.result.value)) as Finding[];
  } finally {
    await session.detach();
  }
}

/**
 * Fails the test when the page, as it is now, has a serious or critical axe violation. The
 * failure is soft: the test goes on, so one report shows both the accessibility problems and
 * whether the behaviour under test works.
 */
export async function checkA11y(page: Page, label: string): Promise<void> {
  const findings = await evaluateIsolated(page);
  const report = findings.map(describeFinding).join('\n');
  expect.soft(findings.length, `accessibility violations on ${label}:\n${report}`).toBe(0);
}
