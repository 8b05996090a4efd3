// The walls of the source tree (DESIGN.md §7), enforced by lint:
// - a feature imports the core, the platforms and src/shared; another feature only through that
//   feature's one public module (`index.ts`), and so does the app's wiring (app.ts, the commands,
//   the plugins, the backups and the test helpers);
// - the server core and the platforms know no feature; the web shell and shared web code know no
//   feature either;
// - features, the core and the platforms know no app configuration (config.ts, paths.ts): they
//   are given their settings;
// - the web bundle never reaches server code, and src/shared imports neither side;
// - no import cycles anywhere in src/;
// - a driver is imported only by its platform (Socket.IO's server by platform/realtime);
// - a server feature reads and writes only its own tables and the core's: another feature's
//   through that feature's index.ts, or read in the few joins named in readOnlyJoins.
// `npm run walls` counts what breaks them; `npm run check` fails on any.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;

function featuresOf(side) {
  const dir = path.join(root, 'src', side, 'features');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * One zone per feature: any other feature is reachable only through its public module. A
 * server feature's `schema.ts` is let through here: who may name its tables is the tables rule's
 * to say (`tables/own-tables` below: foreign keys and the read-only joins).
 */
function featureZones(side) {
  const features = featuresOf(side);
  return features.map((feature) => ({
    target: `src/${side}/features/${feature}`,
    from: features
      .filter((other) => other !== feature)
      .map((other) => `src/${side}/features/${other}`),
    except: side === 'server' ? ['./index.ts', './schema.ts'] : ['./index.ts', './index.tsx'],
    message: `A feature reaches another feature only through that feature's index.ts.`,
  }));
}

/**
 * The server's own parts outside the features (the app's wiring, its commands, the backups, the
 * plugins, the test helpers) reach a feature the way another feature does: through its
 * `index.ts`, or its `schema.ts` for the whole schema's list of tables.
 */
function wiringZones() {
  const wiring = readdirSync(path.join(root, 'src/server'))
    .filter((entry) => !['features', 'core', 'platform'].includes(entry))
    .map((entry) => `src/server/${entry}`);
  return featuresOf('server').map((feature) => ({
    target: wiring,
    from: `src/server/features/${feature}`,
    except: ['./index.ts', './schema.ts'],
    message: `The app reaches a feature through that feature's index.ts, as other features do.`,
  }));
}

const zones = [
  ...featureZones('server'),
  ...wiringZones(),
  ...featureZones('web'),
  {
    target: 'src/server/core',
    from: ['src/server/features', 'src/server/plugins', 'src/server/app.ts'],
    message: 'The core knows no feature: features build on it, not the other way round.',
  },
  {
    target: ['src/server/features', 'src/server/core'],
    from: ['src/server/config.ts', 'src/server/paths.ts'],
    message:
      'Features and the core know no app configuration: app.ts passes the settings they need as options.',
  },
  {
    target: 'src/server/platform',
    from: [
      'src/server/features',
      'src/server/core',
      'src/server/plugins',
      'src/server/app.ts',
      'src/server/config.ts',
      'src/server/paths.ts',
    ],
    message:
      'A platform knows no feature, no core and no app configuration: it is given its settings.',
  },
  {
    target: 'src/server/plugins',
    from: ['src/server/features'],
    message: 'A plugin is shared by every feature and knows none of them.',
  },
  {
    target: 'src/web',
    from: ['src/server'],
    message: 'The web bundle never reaches server code: share through src/shared.',
  },
  {
    target: 'src/shared',
    from: ['src/server', 'src/web'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
  {
    target: ['src/web/shell', 'src/web/components', 'src/web/api'],
    from: ['src/web/features', 'src/web/layouts', 'src/web/routes.tsx', 'src/web/page-modules.ts'],
    message: 'The shell and shared web code know no feature; the route table wires them.',
  },
];

// Each feature owns its tables (its `schema.ts`); the core owns the ones every feature builds
// on (`core/schema.ts`: members, the audit log, the job queue). A feature's code reads and writes
// only its own tables and the core's: another feature's rows are reached through that
// feature's index.ts (`forum.setThreadHidden()`, `site.writeSetting()`, …). A schema file may
// name another feature's table for a foreign key. Where one query must span features to be one
// query, a file may read (never write) the tables named for it below, with the reason.
export const readOnlyJoins = {
  'src/server/features/admin/repo.ts': {
    tables: ['posts', 'comments', 'reports', 'chat_reports', 'mod_requests'],
    why: "The dashboard's counts of every feature's content and open reports, in one statement.",
  },
  'src/server/features/forum/repo.ts': {
    tables: ['thread_reads'],
    why: "The 'new' filter and the unread marks of a list join the member's read marks.",
  },
  'src/server/features/moderation/repo.ts': {
    tables: ['reports', 'posts', 'news_articles'],
    why: "The review queue and a reporter's own reports are built from the forum's reports.",
  },
  'src/server/features/moderation/target-repo.ts': {
    tables: ['posts', 'comments', 'categories'],
    why: 'What moderators look at: the reported thread or reply with its category, per row.',
  },
  'src/server/features/news/repo.ts': {
    tables: ['posts'],
    why: "An article's discussion is a forum thread (decision 013): its reply count and hidden state show with the article.",
  },
  'src/server/features/films/repo.ts': {
    tables: ['posts'],
    why: "A film's page lists its reviews, which are forum threads in Reviews (decision 058): a page of them is one index walk.",
  },
  'src/server/features/films/reviews-sql.ts': {
    tables: ['posts', 'categories'],
    why: "A film's visible reviews are forum threads in Reviews (decision 058): its page and its feed (discovery-repo.ts) walk them in one index.",
  },
  'src/server/features/notifications/reading/repo.ts': {
    tables: ['posts', 'comments', 'categories'],
    why: 'Read marks and watches name threads, replies and categories: they are checked and counted against them.',
  },
  'src/server/features/notifications/delivery/target-repo.ts': {
    tables: ['posts', 'comments', 'news_articles', 'chat_messages', 'chat_rooms', 'films'],
    why: "A notification shows what it is about: the thread, reply, article or message, read with it; a review with its film's name.",
  },
  'src/server/features/notifications/repo.ts': {
    tables: ['film_follows'],
    why: "A new review tells its film's followers: they are picked, with settings, blocks and mutes, in the fan-out's one statement per batch (decision 029).",
  },
  'src/server/features/notifications/visibility-sql.ts': {
    tables: ['posts', 'comments', 'news_articles', 'chat_messages'],
    why: 'A notification is shown only while what it is about is still visible (decision 029), checked in the same query.',
  },
  'src/server/features/profiles/repo.ts': {
    tables: ['posts', 'comments', 'categories', 'films'],
    why: "A profile's counts of threads and replies, and the member's reviews (threads in Reviews) with their films: the diary's page and the rating spread are one query each.",
  },
  'src/server/features/search/repo.ts': {
    tables: [
      'posts',
      'comments',
      'categories',
      'news_articles',
      'chat_messages',
      'chat_rooms',
      'films',
    ],
    why: "Site search ranks every feature's text in one query (decision 026), and counts films by their titles in the same query as the rest.",
  },
  'src/server/features/users/member-history-sql.ts': {
    tables: ['posts', 'comments', 'reports', 'chat_messages', 'chat_reports'],
    why: "A member's history for moderators: what they wrote and how often it was reported.",
  },
};

/** Every table: its SQL name, its name in code, and its owner (a feature, or `core`). */
function tablesOf() {
  const tables = [];
  const files = [
    ['core', path.join(root, 'src/server/core/schema.ts')],
    ['backup', path.join(root, 'src/server/backup/schema.ts')],
    ...featuresOf('server').map((feature) => [
      feature,
      path.join(root, 'src/server/features', feature, 'schema.ts'),
    ]),
  ];
  for (const [owner, file] of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.push({ code: match[1], sql: match[2], owner, file });
    }
  }
  return tables;
}

const tables = tablesOf();
const bySql = new Map(tables.map((table) => [table.sql, table]));

/** `src/server/features/forum/x.ts` → `forum`; anything else → null. */
function featureOfFile(file) {
  return /^src\/server\/features\/([^/]+)\//.exec(path.relative(root, file))?.[1] ?? null;
}

const writes = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;
const reads = /\b(?:from|join)\s+"?(\w+)"?/gi;

const ownTables = {
  meta: {
    type: 'problem',
    docs: { description: "A feature reads and writes only its own tables and the core's." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const relative = path.relative(root, file);
    const feature = featureOfFile(file);
    if (!feature || /\.test\.tsx?$/.test(relative) || relative.includes('/test/')) return {};
    const isSchema = relative === `src/server/features/${feature}/schema.ts`;
    const joins = readOnlyJoins[relative]?.tables ?? [];
    const foreign = (table) => table && table.owner !== feature && table.owner !== 'core';
    /** Names in code of the other features' tables this file imports. */
    const imported = new Map();
    const readOnly = (table) =>
      joins.includes(table.sql)
        ? null
        : `${relative} uses ${table.owner}'s table ${table.sql}: reach it through ${table.owner}'s index.ts, or list a read-only join in eslint.walls.js (readOnlyJoins) with why.`;
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path
          .relative(root, path.resolve(path.dirname(file), source))
          .replace(/\.js$/, '.ts');
        if (target === 'src/server/schema.ts') {
          context.report({
            node,
            message: 'The whole schema is for tests and scripts: import your own schema.ts.',
          });
          return;
        }
        const owner = /^src\/server\/features\/([^/]+)\/schema\.ts$/.exec(target)?.[1];
        if (!owner || owner === feature || isSchema) return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier') continue;
          const name = specifier.imported.name ?? specifier.imported.value;
          const table = tables.find((t) => t.code === name && t.owner === owner);
          if (!table) continue;
          imported.set(specifier.local.name, table);
          const problem = readOnly(table);
          if (problem) context.report({ node: specifier, message: problem });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
        const [first] = node.arguments;
        const table = first?.type === 'Identifier' ? imported.get(first.name) : undefined;
        if (table) {
          context.report({
            node,
            message: `${relative} writes ${table.owner}'s table ${table.sql}: only ${table.owner} writes it (through its index.ts).`,
          });
        }
      },
      TemplateLiteral(node) {
        if (isSchema) return;
        const text = node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ? ');
        for (const match of text.matchAll(writes)) {
          const table = bySql.get(match[1].toLowerCase());
          if (foreign(table)) {
            context.report({
              node,
              message: `${relative} writes ${table.owner}'s table ${table.sql}: only ${table.owner} writes it (through its index.ts).`,
            });
          }
        }
        for (const match of text.matchAll(reads)) {
          const table = bySql.get(match[1].toLowerCase());
          if (foreign(table)) {
            const problem = readOnly(table);
            if (problem) context.report({ node, message: problem });
          }
        }
      },
    };
  },
};

/**
 * Files of a feature that may hold SQL: its repos (`repo.ts`, `*-repo.ts`), the fragments repos
 * compose (`*-sql.ts`), its tables (`schema.ts`) and tests.
 */
const holdsSql = /(?:^|\/|-)(?:repo|sql)\.ts$|\/schema\.ts$|\.test\.tsx?$/;

/** Files that name tables without writing SQL, each with why. */
export const tablesWithoutSql = {
  'src/server/features/accounts/better-auth/auth.ts':
    "Better Auth's Drizzle adapter is handed the tables it reads and writes: the library writes the SQL.",
};

const sqlInRepos = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL is written only in repos: services call repos and rules.' },
    schema: [],
  },
  create(context) {
    const relative = path.relative(root, context.filename);
    if (!featureOfFile(context.filename) || holdsSql.test(relative) || relative.includes('/test/'))
      return {};
    if (relative in tablesWithoutSql) return {};
    const message = `${relative} writes SQL: move it into a repo (repo.ts or *-repo.ts, or *-sql.ts for a fragment repos compose), and call that.`;
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || node.importKind === 'type') return;
        const values = node.specifiers.filter((specifier) => specifier.importKind !== 'type');
        if (values.length === 0) return;
        const drizzle = source === 'drizzle-orm' || source.startsWith('drizzle-orm/');
        const schema = source.startsWith('.') && /\/schema\.js$|^\.\/schema\.js$/.test(source);
        if (drizzle || schema) context.report({ node, message });
      },
    };
  },
};

export const walls = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: root })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/server/features/**/*.ts'],
    plugins: { tables: { rules: { 'own-tables': ownTables, 'sql-in-repos': sqlInRepos } } },
    rules: { 'tables/own-tables': 'error', 'tables/sql-in-repos': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['src/server/platform/realtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['socket.io', '@socket.io/redis-adapter'].map((name) => ({
            name,
            message:
              'The live channel reaches Socket.IO through platform/realtime, its one driver.',
          })),
        },
      ],
    },
  },
];
