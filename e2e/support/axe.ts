import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, isSeriousOrCritical, type AxeViolation } from './axe-run';

function describeFinding(finding: AxeViolation): string {
  const nodes = finding.nodes
    .map(
      (node) =>
        `    - ${JSON.stringify(node.target)}${node.summary ? `: ${node.summary.replace(/\n/g, ' ')}` : ''}`,
    )
    .join('\n');
  return `  [${finding.impact ?? '?'}] ${finding.id}: ${finding.help} (${finding.helpUrl})\n${nodes}`;
}

/**
 * Fails the test when the page, as it is now, has a serious or critical axe violation. The
 * failure is soft: the test goes on, so one report shows both the accessibility problems and
 * whether the behaviour under test works.
 */
export async function checkA11y(page: Page, label: string): Promise<void> {
  const findings = (await axeViolations(page)).filter(isSeriousOrCritical);
  const report = findings.map(describeFinding).join('\n');
  expect.soft(findings.length, `accessibility violations on ${label}:\n${report}`).toBe(0);
}
