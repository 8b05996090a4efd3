import type { Result } from 'lighthouse';

export const categoryIds = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof categoryIds)[number];

/** What the table and the list of problems need from one Lighthouse run. */
export interface LighthouseSummary {
  /** 0–100; null when the run could not score the category. */
  scores: Record<CategoryId, number | null>;
  /** Milliseconds, except CLS (unitless). */
  metrics: { fcp: number | null; lcp: number | null; tbt: number | null; cls: number | null };
  /** Transfer size of every script the page loaded. */
  scriptBytes: number | null;
  /** Weighted audits below a full score in accessibility, best practices and SEO. */
  failing: { category: CategoryId; id: string; title: string; hint: string | undefined }[];
  /** The performance diagnostics with the largest estimated savings, largest first. */
  opportunities: { id: string; title: string; displayValue: string | undefined }[];
  /** The element of the largest contentful paint and its slowest phase. */
  lcpElement: string | undefined;
  /** Why the run or the page load failed, when it did. */
  runtimeError: string | undefined;
  runWarnings: string[];
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? null;

function scriptTransferSize(lhr: Result): number | null {
  const details = lhr.audits['resource-summary']?.details;
  if (details?.type !== 'table') return null;
  const script = details.items.find((item) => item.resourceType === 'script');
  return typeof script?.transferSize === 'number' ? script.transferSize : 0;
}

type AuditResult = Result['audits'][string];

const scored = (audit: AuditResult | undefined): audit is AuditResult =>
  audit !== undefined && audit.score !== null && audit.score < 1;

/** A short pointer to what failed: the issue types, or how many elements. */
function hintOf(audit: AuditResult): string | undefined {
  const details = audit.details;
  if (details?.type !== 'table' || details.items.length === 0) return audit.displayValue;
  const issueTypes = details.items
    .map((item) => item.issueType)
    .filter((t) => typeof t === 'string');
  if (issueTypes.length > 0) return issueTypes.join(', ');
  const elements = details.items.filter((item) => item.node !== undefined).length;
  return elements > 0 ? `${elements} element${elements === 1 ? '' : 's'}` : audit.displayValue;
}

function failingAudits(lhr: Result): LighthouseSummary['failing'] {
  return categoryIds
    .filter((category) => category !== 'performance')
    .flatMap((category) =>
      // Weight-0 audits are informative: they never keep a category from 100.
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter(scored)
        .map((audit) => ({ category, id: audit.id, title: audit.title, hint: hintOf(audit) })),
    );
}

/**
 * Milliseconds an audit could save: an opportunity's estimate of load time, or the blocking
 * time a diagnostic (JavaScript execution, main-thread work) names. The LCP element's 'savings'
 * are its distance from a good LCP, not something a fix gains, so they do not count.
 */
function savingsOf(audit: AuditResult): [number, number] {
  if (audit.details?.type === 'opportunity') {
    return [audit.details.overallSavingsMs ?? 0, audit.details.overallSavingsBytes ?? 0];
  }
  return [audit.metricSavings?.TBT ?? 0, 0];
}

function topOpportunities(lhr: Result, count = 5): LighthouseSummary['opportunities'] {
  return (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter(scored)
    .map((audit) => ({ audit, savings: savingsOf(audit) }))
    .filter(({ savings }) => savings[0] > 0 || savings[1] > 0)
    .sort((a, b) => b.savings[0] - a.savings[0] || b.savings[1] - a.savings[1])
    .slice(0, count)
    .map(({ audit }) => ({ id: audit.id, title: audit.title, displayValue: audit.displayValue }));
}

/** The largest contentful paint's element and the phase that took most of its time. */
function lcpElementOf(lhr: Result): string | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  if (details?.type !== 'list') return undefined;
  const [elements, phases] = details.items.map((item) => (item.type === 'table' ? item.items : []));
  const node = elements?.[0]?.node;
  if (typeof node !== 'object' || node === null || !('type' in node) || node.type !== 'node') {
    return undefined;
  }
  const slowest = [...(phases ?? [])].sort((a, b) => Number(b.timing) - Number(a.timing))[0];
  const label = node.nodeLabel ? ` “${node.nodeLabel}”` : '';
  const { phase, percent } = slowest ?? {};
  const slowestPhase =
    typeof phase === 'string' && typeof percent === 'string' ? ` — ${phase} ${percent}` : '';
  return `\`${node.selector ?? node.snippet ?? '?'}\`${label}${slowestPhase}`;
}

export function summarise(lhr: Result): LighthouseSummary {
  const score = (id: CategoryId) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
    },
    scriptBytes: scriptTransferSize(lhr),
    failing: failingAudits(lhr),
    opportunities: topOpportunities(lhr),
    lcpElement: lcpElementOf(lhr),
    runtimeError: lhr.runtimeError && `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    runWarnings: lhr.runWarnings,
  };
}

/** The summary of a run that produced no result. */
export function failedRun(message: string): LighthouseSummary {
  return {
    scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
    metrics: { fcp: null, lcp: null, tbt: null, cls: null },
    scriptBytes: null,
    failing: [],
    opportunities: [],
    lcpElement: undefined,
    runtimeError: message,
    runWarnings: [],
  };
}
