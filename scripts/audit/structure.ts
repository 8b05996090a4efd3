/**
 * `npm run audit:structure [-- <tree>]`: the figures of issue 35 for a source tree (this one by
 * default, or another checkout, to compare before and after): which feature files name another
 * feature's tables and how many features touch each table; feature files that hold SQL but are
 * not repos; rules the review found written more than once; server file names shared by files
 * of different roles. Tables belong to the owners this tree's schema files give them (a feature's
 * `schema.ts`, or the core's), so an older tree is measured against today's ownership.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readOnlyJoins } from '../../eslint.walls.js';

const here = process.cwd();
const tree = path.resolve(process.argv[2] ?? here);

interface Table {
  code: string;
  sql: string;
  owner: string;
}

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Today's tables and their owners, from this checkout's schema files. */
function tablesOwned(): Table[] {
  const owners: [string, string][] = [
    ['core', 'src/server/core/schema.ts'],
    ['backup', 'src/server/backup/schema.ts'],
    ...readdirSync(path.join(here, 'src/server/features')).map((feature): [string, string] => [
      feature,
      `src/server/features/${feature}/schema.ts`,
    ]),
  ];
  return owners.flatMap(([owner, file]) => {
    let text = '';
    try {
      text = readFileSync(path.join(here, file), 'utf8');
    } catch {
      return [];
    }
    return [...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((match) => ({
      code: match[1]!,
      sql: match[2]!,
      owner,
    }));
  });
}

const tables = tablesOwned();
const tableBySql = new Map(tables.map((table) => [table.sql, table]));
const tableByCode = new Map(tables.map((table) => [table.code, table]));

const relative = (file: string) => path.relative(tree, file);
const featureFiles = filesUnder(path.join(tree, 'src/server/features')).filter(
  (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !file.includes('/test/'),
);
const featureOf = (file: string) => /src\/server\/features\/([^/]+)\//.exec(relative(file))![1]!;
const isSchema = (file: string) => /\/schema\.ts$/.test(file);

/** The tables a file names: imported from a schema module, or in its SQL text. */
function tablesNamed(text: string): Set<Table> {
  const named = new Set<Table>();
  for (const match of text.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']*schema\.js)'/g,
  )) {
    for (const name of match[1]!.split(',')) {
      const code = name
        .trim()
        .split(/\s+as\s+/)[0]!
        .replace(/^type\s+/, '');
      const table = tableByCode.get(code);
      if (table) named.add(table);
    }
  }
  for (const match of text.matchAll(/`[^`]*`/g)) {
    for (const sqlName of match[0].matchAll(
      /\b(?:from|join|into|update|delete\s+from)\s+"?(\w+)"?/gi,
    )) {
      const table = tableBySql.get(sqlName[1]!.toLowerCase());
      if (table) named.add(table);
    }
  }
  return named;
}

/** The tables a file writes: `insert`, `update` or `delete` in Drizzle or in SQL text. */
function tablesWritten(text: string): Set<Table> {
  const written = new Set<Table>();
  for (const match of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
    const table = tableByCode.get(match[1]!);
    if (table) written.add(table);
  }
  for (const match of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) {
    const table = tableBySql.get(match[1]!.toLowerCase());
    if (table) written.add(table);
  }
  return written;
}

// 1. Feature files naming another feature's tables (a schema's foreign keys apart).
const touching: string[] = [];
const featuresByTable = new Map<string, Set<string>>();
const writersByTable = new Map<string, Set<string>>();
for (const file of featureFiles) {
  if (isSchema(file)) continue;
  const feature = featureOf(file);
  const text = readFileSync(file, 'utf8');
  let foreign = false;
  for (const table of tablesNamed(text)) {
    if (table.owner === 'core' || table.owner === 'backup') continue;
    featuresByTable.set(table.sql, (featuresByTable.get(table.sql) ?? new Set()).add(feature));
    if (table.owner !== feature) foreign = true;
  }
  if (foreign) touching.push(relative(file));
  for (const table of tablesWritten(text)) {
    if (table.owner === 'core' || table.owner === 'backup') continue;
    writersByTable.set(table.sql, (writersByTable.get(table.sql) ?? new Set()).add(feature));
  }
}
const listed = touching.filter((file) => file in readOnlyJoins);

// 2. Feature files holding SQL (a value from drizzle-orm or a schema module) that are not repos.
const holdsSql = (file: string) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gms)].some(
    ([, what, source]) =>
      (source === 'drizzle-orm' ||
        source!.startsWith('drizzle-orm/') ||
        /schema\.js$/.test(source!)) &&
      what!.replace(/\btype\s+\w+(\s+as\s+\w+)?,?/g, '').replace(/[{}\s,]/g, '') !== '',
  );
};
const withSql = featureFiles.filter((file) => !isSchema(file) && holdsSql(file));
const notRepos = withSql.filter((file) => !/(?:^|\/|-)(?:repo|sql)\.ts$/.test(file));

// 3. Rules the review found written more than once.
const serverFiles = filesUnder(path.join(tree, 'src')).filter(
  (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
);
const count = (pattern: RegExp) =>
  serverFiles.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map(relative);
const rules = [
  ['mod-request eligibility as role !== "user"', count(/role\s*!==\s*'user'/)],
  ['the CSRF cookie name spelled out', count(/'vp_csrf'/)],
  ['forumLimits declared', count(/export const forumLimits\b/)],
  ['uploadLimits declared', count(/export const uploadLimits\b/)],
] as const;

// 4. Server file names shared by files of different roles.
const sameRole = new Set([
  'routes.ts',
  'repo.ts',
  'service.ts',
  'presenter.ts',
  'schema.ts',
  'index.ts',
  'notify-events.ts',
  'limits.ts',
  'reports.ts',
  'discovery-repo.ts',
  'social-preview.ts',
  'target-repo.ts',
]);
const byName = new Map<string, string[]>();
for (const file of filesUnder(path.join(tree, 'src/server'))) {
  if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
  const name = path.basename(file);
  byName.set(name, [...(byName.get(name) ?? []), relative(file)]);
}
const collisions = [...byName].filter(([name, files]) => files.length > 1 && !sameRole.has(name));
const limitsFiles = byName.get('limits.ts') ?? [];

console.log(`tree: ${tree}`);
console.log(
  `feature files naming another feature's tables: ${touching.length} (${listed.length} of them read-only joins listed in eslint.walls.js)`,
);
for (const file of touching) console.log(`  ${file}${file in readOnlyJoins ? '  (listed)' : ''}`);
console.log('features touching each table (its owner included):');
for (const [sql, features] of [...featuresByTable].sort((a, b) => b[1].size - a[1].size)) {
  if (features.size > 1) console.log(`  ${sql} (${tableBySql.get(sql)!.owner}): ${features.size}`);
}
const sharedWrites = [...writersByTable].flatMap(([sql, features]) => {
  const owner = tableBySql.get(sql)!.owner;
  const others = [...features].filter((feature) => feature !== owner);
  return others.length > 0 ? [`  ${sql} (${owner}): also ${others.join(', ')}`] : [];
});
console.log(`tables another feature writes besides their owner: ${sharedWrites.length}`);
for (const line of sharedWrites) console.log(line);
console.log(`feature files holding SQL: ${withSql.length}, not repos: ${notRepos.length}`);
for (const file of notRepos) console.log(`  ${file}`);
for (const [rule, files] of rules) console.log(`${rule}: ${files.length} ${files.join(', ')}`);
console.log(`server file names shared across roles: ${collisions.length}`);
for (const [name, files] of collisions) console.log(`  ${name}: ${files.join(', ')}`);
console.log(`limits.ts files (each a feature's route limits): ${limitsFiles.length}`);
