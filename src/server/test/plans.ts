import { sql, type SQLWrapper } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../platform/db/database.js';
import type { DbOrTx } from '../core/transaction.js';

/** EXPLAIN for the tests that guard a query's plan: it walks an index, never a whole table. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** With EXPLAIN ANALYZE: how many times the node ran. */
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

/** EXPLAIN (FORMAT JSON) output, as text (PGlite) or parsed (node-postgres), as a node list. */
export function parsePlan(raw: unknown): PlanNode[] {
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const root = parsed[0]?.Plan;
  if (!root) throw new Error('no plan');
  return flatten(root);
}

export async function planOf(db: DbOrTx, query: SQLWrapper): Promise<PlanNode[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  return parsePlan(row?.['QUERY PLAN']);
}

const indexScans = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/** The plan reads through one of `indexes` and never scans one of `wholeTables` whole. */
export function expectIndexedPlan(nodes: PlanNode[], indexes: string[], wholeTables: string[]) {
  const description = nodes
    .map((node) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`)
    .join('\n');
  const seqScans = nodes.filter(
    (node) => node['Node Type'] === 'Seq Scan' && wholeTables.includes(node['Relation Name'] ?? ''),
  );
  expect(seqScans, description).toEqual([]);
  const used = nodes.filter(
    (node) => indexScans.has(node['Node Type']) && indexes.includes(node['Index Name'] ?? ''),
  );
  expect(used.length, `via ${indexes.join('|')}:\n${description}`).toBeGreaterThan(0);
}
