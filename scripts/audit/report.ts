import type { AxeOutcome } from './axe.js';
import type { CategoryId, LighthouseSummary } from './lighthouse-summary.js';
import type { FormFactor } from './options.js';
import type { AuditPage } from './pages.js';

/** One page in one form factor: what Lighthouse and axe found. */
export interface AuditRow {
  page: AuditPage;
  formFactor: FormFactor;
  lighthouse: LighthouseSummary;
  axe: AxeOutcome | { error: string };
}

/** The bar every public page must clear (FCP and LCP are judged on mobile, the harder case). */
export const goals = {
  scores: { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 },
  mobileFcpMs: 1800,
  mobileLcpMs: 2500,
  axeSeriousOrCritical: 0,
} as const;

const categoryLabels: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Cell = CategoryId | 'fcp' | 'lcp' | 'axe' | 'run';

/** Each goal the row misses: the cell it concerns and a sentence saying by how much. */
export function missesOf(row: AuditRow): { cell: Cell; text: string }[] {
  const misses: { cell: Cell; text: string }[] = [];
  const { lighthouse: lh } = row;
  if (lh.runtimeError) misses.push({ cell: 'run', text: `Lighthouse: ${lh.runtimeError}` });
  for (const [category, goal] of Object.entries(goals.scores) as [CategoryId, number][]) {
    const score = lh.scores[category];
    if (score === null || score < goal) {
      const label = categoryLabels[category];
      const bar = goal === 100 ? '100' : `≥ ${goal}`;
      misses.push({ cell: category, text: `${label} ${score ?? 'not scored'} (goal ${bar})` });
    }
  }
  if (row.formFactor === 'mobile') {
    const { fcp, lcp } = lh.metrics;
    if (fcp === null || fcp > goals.mobileFcpMs) {
      const value = fcp === null ? 'not measured' : seconds(fcp);
      misses.push({ cell: 'fcp', text: `FCP ${value} (goal ≤ ${seconds(goals.mobileFcpMs)})` });
    }
    if (lcp === null || lcp > goals.mobileLcpMs) {
      const value = lcp === null ? 'not measured' : seconds(lcp);
      misses.push({ cell: 'lcp', text: `LCP ${value} (goal ≤ ${seconds(goals.mobileLcpMs)})` });
    }
  }
  if ('error' in row.axe) {
    misses.push({ cell: 'axe', text: `axe did not run: ${row.axe.error}` });
  } else if (row.axe.seriousOrCritical > goals.axeSeriousOrCritical) {
    misses.push({ cell: 'axe', text: `axe: ${row.axe.seriousOrCritical} serious or critical` });
  }
  return misses;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function cells(row: AuditRow): string[] {
  const missed = new Set(missesOf(row).map((miss) => miss.cell));
  const mark = (cell: Cell, text: string) => (missed.has(cell) ? `${text} ✗` : text);
  const { scores, metrics, scriptBytes } = row.lighthouse;
  const score = (id: CategoryId) => mark(id, scores[id] === null ? '—' : String(scores[id]));
  const ms = (value: number | null, format: (n: number) => string) =>
    value === null ? '—' : format(value);
  return [
    row.page.path,
    row.formFactor,
    score('performance'),
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    mark('fcp', ms(metrics.fcp, seconds)),
    mark('lcp', ms(metrics.lcp, seconds)),
    ms(metrics.tbt, (n) => `${Math.round(n)} ms`),
    ms(metrics.cls, (n) => n.toFixed(3)),
    ms(scriptBytes, (n) => `${Math.round(n / 1024)} KiB`),
    mark('axe', 'error' in row.axe ? '—' : String(row.axe.seriousOrCritical)),
  ];
}

const headings = [
  'Page',
  'Form factor',
  'Performance',
  'Accessibility',
  'Best practices',
  'SEO',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'JS (transfer)',
  'axe serious+critical',
];

/** The markdown table: one line per page and form factor, ✗ beside each missed goal. */
export function renderTable(rows: AuditRow[]): string {
  const line = (values: string[]) => `| ${values.map(escapeCell).join(' | ')} |`;
  const rule = `|${headings.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`;
  return [line(headings), rule, ...rows.map((row) => line(cells(row)))].join('\n');
}

/** For each row under goal: what it missed and the audits to fix, in markdown. */
export function renderProblems(rows: AuditRow[]): string {
  const sections = rows.flatMap((row) => {
    const misses = missesOf(row);
    if (misses.length === 0) return [];
    const { failing, opportunities, lcpElement, runWarnings } = row.lighthouse;
    const lines = [
      `### ${row.page.path} (${row.formFactor})`,
      '',
      `Missed: ${misses.map((m) => m.text).join('; ')}.`,
      '',
    ];
    for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
      const titles = failing.filter((audit) => audit.category === category);
      if (titles.length > 0) {
        const named = titles.map((a) => (a.hint ? `${a.title} (${a.hint})` : a.title));
        lines.push(`- ${categoryLabels[category]}: ${named.join('; ')}`);
      }
    }
    if (misses.some((m) => ['performance', 'fcp', 'lcp'].includes(m.cell))) {
      if (opportunities.length > 0) {
        const named = opportunities.map((o) =>
          o.displayValue ? `${o.title} (${o.displayValue})` : o.title,
        );
        lines.push(`- Performance, largest savings first: ${named.join('; ')}`);
      }
      if (lcpElement) lines.push(`- LCP element: ${lcpElement}`);
    }
    if (!('error' in row.axe)) {
      for (const finding of row.axe.violations) {
        if (finding.impact !== 'serious' && finding.impact !== 'critical') continue;
        const where = finding.targets
          .slice(0, 3)
          .map((target) => `\`${target}\``)
          .join(', ');
        const more = finding.targets.length > 3 ? ` and ${finding.targets.length - 3} more` : '';
        lines.push(`- axe ${finding.id} (${finding.impact}): ${finding.help} — ${where}${more}`);
      }
    }
    for (const warning of runWarnings) lines.push(`- Lighthouse warning: ${warning}`);
    return [lines.join('\n')];
  });
  return sections.join('\n\n');
}
