// The pages visitors land on, for `npm run bench`: a thread page (its first 50 replies shown)
// drawn by the server for every request, over the same skewed thread ids as the JSON rows
// (realistic.ts), read by visitors and by 1,000 members; then the few hot pages a spike lands
// on, in turn. Pages are asked for as a browser asks, brotli accepted, so a row pays the
// compression a visitor's page costs. After the table, what a page weighs.
import { spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  benchSettings,
  measure,
  peakRss,
  printTable,
  startViewpoint,
  stop,
  type Probe,
  type Row,
} from './harness.js';
import { members, realisticPaths } from './realistic.js';

/** As a browser asks: autocannon sends no Accept-Encoding of its own, so it would get plain HTML. */
export const browser = { 'accept-encoding': 'br' };

/**
 * Visitors asking at once: the JSON rows' 50. A page the server draws holds its one thread for
 * tens of milliseconds, so most of such an answer's time is the queue before it; a kept
 * visitor's page (decision 044) is answered at once.
 */
export const pageConnections = benchSettings.connections;

interface PageWeight {
  /** The HTML, as the browser parses it. */
  html: number;
  /** What the server sent for it, brotli-compressed. */
  brotli: number;
}

let webRoot: string | undefined;
/**
 * Pages are measured as `npm start` serves them: drawn by the web app's server render, which
 * `npm run build:web` makes (dist/ssr beside dist/web). Built once per run, as the server is:
 * an old build would measure old pages.
 */
export function buildWebOnce(): string {
  if (webRoot) return webRoot;
  const result = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build:web failed (${result.status})`);
  webRoot = path.resolve('dist/web');
  return webRoot;
}

/**
 * A page the server fails to draw is sent as the app's shell, answered 200 all the same, and the
 * error logged: the log is read (it must be, or a full pipe would stall the server) and every
 * line at level error or above counted, so a row of 200s cannot hide shells.
 */
export function countLoggedErrors(child: ChildProcess): () => number {
  let errors = 0;
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    errors += lines.filter((line) => Number(/"level":(\d+)/.exec(line)?.[1]) >= 50).length;
  });
  return () => errors;
}

/** One page as a browser fetches it: the bytes sent and the HTML they hold. */
function fetchPage(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * Weighs a page, and refuses one that is not what the rows mean to measure: a page that is not
 * found, not compressed, or not drawn by the server (the shell carries no render state).
 */
async function weigh(
  url: string,
  page: string,
  headers: Record<string, string> = {},
): Promise<PageWeight> {
  const { status, encoding, body } = await fetchPage(url + page, { ...browser, ...headers });
  if (status !== 200) throw new Error(`${page} answered ${status}: run seed:bench`);
  if (encoding !== 'br') throw new Error(`${page} was not sent with brotli (${encoding})`);
  const html = brotliDecompressSync(body);
  if (!html.includes('id="vp-ssr"')) throw new Error(`${page} was not drawn by the server`);
  return { html: html.length, brotli: body.length };
}

/**
 * The page rows on a server of their own, running the built web app: the render's memory then
 * shows apart from the JSON rows' (run.ts measures those on a server with no render).
 */
export async function measurePages(target: string, dataEnv: Record<string, string>) {
  const { url, child } = await startViewpoint(dataEnv, { WEB_ROOT: buildWebOnce() });
  const loggedErrors = countLoggedErrors(child);
  try {
    // The film pages people land on: half the 5,000-review film, half any film with reviews.
    const { first, threadIds, bigFilm, filmPages } = await realisticPaths(url);
    const threads = threadIds.map((id) => `/forum/post/${id}`);
    // The hottest thread is one of the 2,000-reply ones: its page shows the first 50.
    const hot = [`/forum/post/${first}`, '/', '/forum', '/news'];
    const weights = [
      { page: `thread ${hot[0]}, 50 replies shown`, ...(await weigh(url, hot[0] ?? '')) },
      { page: 'home /', ...(await weigh(url, '/')) },
    ];
    // The other pages are checked the same way before they are measured, a member's too.
    for (const page of hot.slice(2)) await weigh(url, page);
    weights.push({
      page: `film ${bigFilm.url}, 5,000 reviews`,
      ...(await weigh(url, bigFilm.url)),
    });
    await weigh(url, threads[0] ?? '', members[0]);

    const page = (label: string, paths: string[], signedIn: boolean): Probe => ({
      label,
      path: paths[0] ?? '/',
      paths,
      headers: browser,
      ...(signedIn ? { headerSets: members } : {}),
    });
    // Every request answered before a row ends: a page answers late enough that a row stopped
    // by the clock would leave the slowest uncounted, and the server busy with them.
    const rows: Row[] = await measure(
      target,
      url,
      [
        page('page: random thread, anonymous', threads, false),
        page('page: random thread, 1,000 members', threads, true),
        page('page: hot pages, anonymous', hot, false),
        page('page: film pages (half the 5,000-review film), anonymous', filmPages, false),
      ],
      { connections: pageConnections, everyAnswer: true },
    );
    const peakMb = (await peakRss(child)) / 2 ** 20;
    return { target, rows, weights, loggedErrors: loggedErrors(), peakMb };
  } finally {
    await stop(child);
  }
}

const bytes = (value: number) => value.toLocaleString('en-US');

/** After the table: what the pages weigh, and whether the server logged errors drawing them. */
export function printPageWeights(runs: readonly Awaited<ReturnType<typeof measurePages>>[]) {
  process.stdout.write(
    '\nPage weights: one fetch each, as a visitor asks (brotli: as the server sent it)\n\n',
  );
  printTable(
    ['target', 'page', 'HTML bytes', 'brotli bytes'],
    runs.flatMap((run) =>
      run.weights.map((weight) => [
        run.target,
        weight.page,
        bytes(weight.html),
        bytes(weight.brotli),
      ]),
    ),
  );
  process.stdout.write(
    `\nErrors the server logged while the pages were measured (a page it fails to draw is sent ` +
      `as the app's shell, answered 200): ${runs.map((run) => `${run.target} ${run.loggedErrors}`).join(', ')}.\n`,
  );
}
