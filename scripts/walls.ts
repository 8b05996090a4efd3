/**
 * Counts what breaks the walls of the source tree (eslint.walls.js): imports from one feature
 * into another feature's internals, other wall breaks (core, platform, plugins, shell, shared,
 * web → server), imports that close a cycle between files, and cycles between feature folders.
 * `npm run walls` (`-- --list` names each); exits 1 when any is found.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { walls } from '../eslint.walls.js';

const root = process.cwd();
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['src/**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
    },
    ...walls,
  ],
});
const results = await eslint.lintFiles(['src/**/*.{ts,tsx}']);

/** `src/server/features/forum/x.ts` → `server:forum`; anything outside a feature → null. */
function featureOf(file: string): string | null {
  const match = /^src\/(server|web)\/features\/([^/]+)\//.exec(path.relative(root, file));
  return match ? `${match[1]}:${match[2]}` : null;
}

const crossFeature: string[] = [];
const otherWalls: string[] = [];
const cycles: string[] = [];
const featureEdges = new Map<string, Set<string>>();
for (const result of results) {
  const file = path.relative(root, result.filePath);
  for (const message of result.messages) {
    const where = `${file}:${message.line}  ${message.message}`;
    if (message.ruleId === 'import-x/no-cycle') cycles.push(where);
    else if (message.ruleId !== 'import-x/no-restricted-paths') continue;
    else if (message.message.includes("through that feature's index.ts")) crossFeature.push(where);
    else otherWalls.push(where);
  }
  // Feature-to-feature edges from relative imports, for cycles between folders. A table named
  // from another feature's schema.ts (a foreign key, a read-only join) is data, not code: the
  // tables rule (tables/own-tables) governs it, and it is left out here.
  const from = featureOf(result.filePath);
  if (!from) continue;
  for (const [, specifier] of readFileSync(result.filePath, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
    if (/\/schema\.js$/.test(specifier as string)) continue;
    const to = featureOf(path.resolve(path.dirname(result.filePath), specifier as string));
    if (to && to !== from) featureEdges.set(from, (featureEdges.get(from) ?? new Set()).add(to));
  }
}

/** Feature cycles: every pair or ring of features that reach each other (Tarjan's SCCs). */
function featureCycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of featureEdges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) component.push(member);
      } while (member && member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of featureEdges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const ringsOfFeatures = featureCycles().map((ring) => ring.join(' ↔ '));
const verbose = process.argv.includes('--list');
for (const [title, list] of [
  ['imports into another feature’s internals', crossFeature],
  ['other wall breaks', otherWalls],
  ['imports closing a cycle between files', cycles],
  ['cycles between feature folders', ringsOfFeatures],
] as const) {
  console.log(`${title}: ${list.length}`);
  if (verbose) for (const line of list) console.log(`  ${line}`);
}
const total = crossFeature.length + otherWalls.length + cycles.length + ringsOfFeatures.length;
process.exitCode = total > 0 ? 1 : 0;
