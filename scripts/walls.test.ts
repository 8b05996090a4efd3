import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../eslint.config.js';
import { readOnlyJoins, walls } from '../eslint.walls.js';

/**
 * `npm run check` lints with eslint.config.js, which holds the walls of eslint.walls.js. Files
 * that break them are planted in a throwaway feature folder and linted with those rules.
 */
const root = path.resolve(import.meta.dirname, '..');
const planted = `zz-planted-${randomBytes(4).toString('hex')}`;
const serverDir = path.join(root, 'src/server/features', planted);
const newsDir = path.join(root, 'src/server/features/news');
const webDir = path.join(root, 'src/web/features', planted);

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['src/**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...walls,
  ],
});

async function plant(dir: string, files: Record<string, string>) {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
}

async function problems(dir: string, name: string) {
  const [result] = await eslint.lintFiles([path.join(dir, name)]);
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

beforeAll(async () => {
  await plant(newsDir, {
    [`${planted}-reaches-in.ts`]: "export { categoryById } from '../forum/threads/repo.js';\n",
    [`${planted}-front.ts`]: "export { categoryById } from '../forum/index.js';\n",
    [`${planted}-service.ts`]: [
      "import { sql, type SQL } from 'drizzle-orm';",
      "import { newsArticles } from './schema.js';",
      'export const table = newsArticles;',
      'export const count: SQL = sql`select count(*) from news_articles`;',
    ].join('\n'),
    [`${planted}-typed.ts`]:
      "import type { SQL } from 'drizzle-orm';\nexport type Fragment = SQL;\n",
    [`${planted}-own-tables-repo.ts`]: [
      "import { sql } from 'drizzle-orm';",
      "import { newsArticles } from './schema.js';",
      'export const table = newsArticles;',
      "export const retitle = sql`update news_articles set title = 'x'`;",
    ].join('\n'),
    [`${planted}-forum-tables-repo.ts`]: [
      "import { sql } from 'drizzle-orm';",
      "import type { Tx } from '../../core/transaction.js';",
      "import { posts } from '../forum/schema.js';",
      "export const hide = (tx: Tx) => tx.update(posts).set({ title: 'x' });",
      'export const count = sql`select count(*) from comments`;',
      "export const retitle = sql`update posts set title = 'x'`;",
    ].join('\n'),
  });
  await plant(serverDir, {
    'ping.ts': "import { pong } from './pong.js';\nexport const ping = () => pong;\n",
    'pong.ts': "import { ping } from './ping.js';\nexport const pong = () => ping;\n",
    'core-knows.ts': 'export {};\n',
  });
  await plant(webDir, {
    'reaches-server.ts': "export { renderMarkdown } from '../../../server/markdown/render.js';\n",
  });
  await writeFile(
    path.join(root, 'src/server/core', `${planted}.ts`),
    `export { categoryById } from '../features/forum/index.js';\n`,
  );
  await plant(path.join(root, 'src/server/cli'), {
    [`${planted}-reaches-in.ts`]: "export { setRole } from '../features/accounts/repo.js';\n",
    [`${planted}-front.ts`]: "export { setRoleByEmail } from '../features/accounts/index.js';\n",
  });
});
afterAll(async () => {
  await rm(serverDir, { recursive: true, force: true });
  await rm(path.join(newsDir, `${planted}-reaches-in.ts`), { force: true });
  await rm(path.join(newsDir, `${planted}-front.ts`), { force: true });
  await rm(path.join(newsDir, `${planted}-own-tables-repo.ts`), { force: true });
  await rm(path.join(newsDir, `${planted}-service.ts`), { force: true });
  await rm(path.join(newsDir, `${planted}-typed.ts`), { force: true });
  await rm(path.join(newsDir, `${planted}-forum-tables-repo.ts`), { force: true });
  await rm(webDir, { recursive: true, force: true });
  await rm(path.join(root, 'src/server/core', `${planted}.ts`), { force: true });
  await rm(path.join(root, 'src/server/cli', `${planted}-reaches-in.ts`), { force: true });
  await rm(path.join(root, 'src/server/cli', `${planted}-front.ts`), { force: true });
});

describe('the walls of the source tree', () => {
  it('are part of the lint that npm run check runs', () => {
    for (const wall of walls) expect(config).toContainEqual(wall);
  });

  it("refuse an import of another feature's internals, and allow its public module", async () => {
    expect(await problems(newsDir, `${planted}-reaches-in.ts`)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*through that feature's index\.ts/),
    ]);
    expect(await problems(newsDir, `${planted}-front.ts`)).toEqual([]);
  });

  it("keep the app's wiring and commands to a feature's public module too", async () => {
    const cli = path.join(root, 'src/server/cli');
    expect(await problems(cli, `${planted}-reaches-in.ts`)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The app reaches a feature through/),
    ]);
    expect(await problems(cli, `${planted}-front.ts`)).toEqual([]);
  });

  it("refuse a feature's reads and writes of another feature's tables, and allow its own", async () => {
    expect(await problems(newsDir, `${planted}-own-tables-repo.ts`)).toEqual([]);
    const found = await problems(newsDir, `${planted}-forum-tables-repo.ts`);
    expect(found).toEqual([
      expect.stringMatching(/^tables\/own-tables: .* uses forum's table posts: reach it through/),
      expect.stringMatching(
        /^tables\/own-tables: .* writes forum's table posts: only forum writes/,
      ),
      expect.stringMatching(/^tables\/own-tables: .* uses forum's table comments: .*readOnlyJoins/),
      expect.stringMatching(
        /^tables\/own-tables: .* writes forum's table posts: only forum writes/,
      ),
    ]);
  });

  it('name only read-only joins that still read the tables they list', () => {
    for (const [file, { tables }] of Object.entries(readOnlyJoins)) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const table of tables) {
        expect(text, `${file} reads ${table}`).toMatch(
          new RegExp(`\\b(?:from|join)\\s+"?${table}\\b|\\b${table}\\.`, 'i'),
        );
      }
    }
  });

  it('refuse SQL outside repos, and allow a type', async () => {
    expect(await problems(newsDir, `${planted}-service.ts`)).toEqual([
      expect.stringMatching(/^tables\/sql-in-repos: .* writes SQL: move it into a repo/),
      expect.stringMatching(/^tables\/sql-in-repos: .* writes SQL: move it into a repo/),
    ]);
    expect(await problems(newsDir, `${planted}-typed.ts`)).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    expect(await problems(serverDir, 'ping.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/),
    ]);
  });

  it('keep features out of the core and server code out of the web bundle', async () => {
    expect(await problems(path.join(root, 'src/server/core'), `${planted}.ts`)).toEqual([
      expect.stringMatching(/The core knows no feature/),
    ]);
    expect(await problems(webDir, 'reaches-server.ts')).toEqual([
      expect.stringMatching(/The web bundle never reaches server code/),
    ]);
  });
});
