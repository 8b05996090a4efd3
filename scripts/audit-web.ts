// `npm run audit:web`: seeds a temporary site with the demo content, serves the production build
// on a free port and runs Lighthouse (mobile and desktop) and axe-core on its public pages. Prints
// one markdown table, the audits to fix on each page under goal, and where the full results are.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  lastLogOf,
  logTail,
  repoRoot,
  serverEntry,
  startServer,
  webIndex,
} from '../e2e/support/server.js';
import { auditAxe, type AxeOutcome } from './audit/axe.js';
import {
  auditLighthouse,
  chromiumFlags,
  chromiumPath,
  launchLighthouseChromium,
} from './audit/lighthouse.js';
import { parseOptions, usage, type AuditOptions, type FormFactor } from './audit/options.js';
import { discoverPages, selectPages, type AuditPage } from './audit/pages.js';
import { missesOf, renderProblems, renderTable, type AuditRow } from './audit/report.js';
import { seedDemoDataDir } from './audit/seed.js';

const log = (line: string) => process.stderr.write(`${line}\n`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What to undo, last first: run once, on success, failure or Ctrl-C alike. */
const teardown: { name: string; undo: () => unknown }[] = [];
let tornDown: Promise<void> | undefined;
function tearDown(): Promise<void> {
  tornDown ??= (async () => {
    for (const { name, undo } of teardown.reverse()) {
      try {
        await undo();
      } catch (error) {
        log(`Could not ${name}: ${errorText(error)}`);
      }
    }
  })();
  return tornDown;
}

async function build(options: AuditOptions): Promise<void> {
  if (options.noBuild) {
    if (existsSync(serverEntry) && existsSync(webIndex)) return;
    throw new Error('--no-build: dist/ holds no complete build; run without --no-build');
  }
  log('Building (npm run build)…');
  // The build's output goes to stderr: stdout is kept for the report.
  const child = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
  teardown.push({ name: 'stop the build', undo: () => child.exitCode ?? child.kill() });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed (exit ${code ?? 'by signal'})`);
}

/** One file per run beside the summary: '/forum/post/3' → 'forum-post-3'. */
const slugOf = (page: AuditPage) =>
  page.path.replace(/^\/|\/$/g, '').replace(/\W+/g, '-') || 'home';

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  const started = Date.now();
  await build(options);

  // The server serves a copy of the build (the web app and its server render), so a rebuild
  // during the audit changes nothing. The copy sits in the repository's ignored .tmp/ folder:
  // the server render's imports of packages resolve from node_modules as they do from dist/.
  const distDir = path.dirname(path.dirname(webIndex));
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  const buildCopy = await mkdtemp(path.join(repoRoot, '.tmp', 'audit-build-'));
  teardown.push({
    name: 'remove the build copy',
    undo: async () => {
      await rm(buildCopy, { recursive: true });
      await rmdir(path.dirname(buildCopy)).catch(() => undefined); // .tmp/, when nothing else uses it
    },
  });
  await cp(distDir, buildCopy, { recursive: true, filter: (file) => !file.endsWith('.map') });
  const webRoot = path.join(buildCopy, 'web');

  log('Seeding a temporary data directory and starting the server…');
  const server = await startServer({ WEB_ROOT: webRoot }, async (dataDir) => {
    // Removed here too, in case the audit stops while seeding, before the server owns it.
    teardown.push({
      name: 'remove the data directory',
      undo: () => rm(dataDir, { recursive: true, force: true }),
    });
    await seedDemoDataDir(dataDir);
  });
  teardown.push({
    name: 'stop the server',
    undo: async () => {
      const code = await server.stop();
      if (code !== 0)
        log(`The server exited with ${String(code)} on SIGTERM:\n${lastLogOf(server)}`);
    },
  });
  const pages = selectPages(await discoverPages(server.baseURL), options.pages);
  const runs = pages.flatMap((page) =>
    options.formFactors.map((formFactor) => ({ page, formFactor })),
  );
  const urlOf = (page: AuditPage) => new URL(page.path, server.baseURL).href;
  log(`Auditing ${server.baseURL}: ${pages.map((page) => page.path).join(', ')}`);

  const axe = new Map<string, AxeOutcome | { error: string }>();
  const key = (page: AuditPage, formFactor: FormFactor) => `${page.path} ${formFactor}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  teardown.push({ name: 'close the axe browser', undo: () => browser.close() });
  for (const { page, formFactor } of runs) {
    log(`axe ${page.path} (${formFactor})`);
    axe.set(
      key(page, formFactor),
      await auditAxe(browser, urlOf(page), formFactor).catch((error: unknown) => ({
        error: errorText(error),
      })),
    );
  }
  await browser.close();

  const resultsDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-audit-'));
  // Kept for reading, unless the run was stopped before writing anything.
  teardown.push({ name: 'tidy the results', undo: () => rmdir(resultsDir).catch(() => undefined) });
  log(`Lighthouse results go to ${resultsDir}`);
  const chrome = await launchLighthouseChromium();
  teardown.push({ name: 'stop Chromium', undo: () => chrome.kill() });
  const rows: AuditRow[] = [];
  for (const [index, { page, formFactor }] of runs.entries()) {
    const runStarted = Date.now();
    const file = path.join(resultsDir, `${slugOf(page)}.${formFactor}.lighthouse.json`);
    const lighthouse = await auditLighthouse(chrome.port, urlOf(page), formFactor, file);
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`The server stopped during the audit:\n${logTail(server.logFile)}`);
    }
    const took = ((Date.now() - runStarted) / 1000).toFixed(0);
    log(`Lighthouse ${index + 1}/${runs.length} ${page.path} (${formFactor}): ${took} s`);
    const axeOutcome = axe.get(key(page, formFactor)) ?? { error: 'not run' };
    rows.push({ page, formFactor, lighthouse, axe: axeOutcome });
  }

  await writeFile(path.join(resultsDir, 'summary.json'), JSON.stringify(rows, null, 2));
  const problems = renderProblems(rows);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  process.stdout.write(
    `${renderTable(rows)}\n\n` +
      (problems ? `## Under goal\n\n${problems}\n\n` : 'Every page meets every goal.\n\n') +
      `Full results (Lighthouse JSON per page, summary.json with axe's findings): ${resultsDir}\n` +
      `${pages.length} page(s) × ${options.formFactors.length} form factor(s) in ${minutes} min.\n`,
  );
  const missed = rows.some((row) => missesOf(row).length > 0);
  return options.assert && missed ? 1 : 0;
}

let stopping = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    stopping = true;
    log(`${signal}: stopping the server and the browsers…`);
    void tearDown().finally(() => process.exit(code));
  });
}

main().then(
  async (code) => {
    await tearDown();
    process.exit(code);
  },
  async (error: unknown) => {
    // After Ctrl-C, what the teardown pulled from under the audit is no news.
    if (!stopping) log(errorText(error));
    await tearDown();
    process.exit(1);
  },
);
