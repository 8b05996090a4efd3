import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Bus } from '../platform/bus/bus.js';
import { everything, reaches, type Stale, type StaleAreas } from '../core/stale.js';

/** A visitor's page as drawn once, served again to every visitor who asks for it. */
export interface CachedPage {
  status: number;
  /**
   * The HTML compressed with brotli once, as nearly every browser asks for it: a page is a
   * tenth of its size so, and compressing it on every answer cost more than the rest of one.
   */
  brotli: Buffer;
  /** A strong validator of the page's bytes. */
  etag: string;
  /** The threads the page shows (a view is counted for each when it is served again). */
  threads: readonly number[];
}

/** What `keep` is given: the page as drawn. */
export interface DrawnPage {
  status: number;
  html: string;
  threads: readonly number[];
}

interface Entry {
  page: CachedPage;
  /** The areas the page's data was read from (core/stale.ts). */
  areas: ReadonlySet<string>;
}

/** How many recent stales are remembered to judge a render that was under way meanwhile. */
const recentStales = 256;

export interface PageCache {
  /** The page kept under `key`, if any (a lookup: counted, hit or miss). */
  get(key: string): CachedPage | undefined;
  /** A mark taken before a render begins: `keep` refuses a page something made stale since. */
  mark(): number;
  /** Keeps the page and answers it as kept; undefined when it was refused. */
  keep(
    key: string,
    page: DrawnPage,
    areas: ReadonlySet<string>,
    since: number,
  ): CachedPage | undefined;
  /** Forgets the pages `stale` reaches, here at once and then in every other process. */
  stale(stale: Stale): Promise<void>;
  /** Settles once the other processes' stales are heard. */
  listening: Promise<void>;
  close(): Promise<void>;
}

/**
 * Visitors' pages (no session cookie), drawn once and kept (decision 044): a thread shared on
 * a busy site is drawn once per change rather than once per reader. A page is kept under its
 * address and whatever else changes it (the key is the caller's), with the areas its data was
 * read from; a successful write forgets the pages whose areas it declares stale, here before
 * its answer leaves and, over the bus, in every other process. A render that was under way
 * while something it read went stale is not kept. `ttlMs` bounds what no write of the app
 * made (a change straight in the database, a lost message); `maxBytes` bounds the memory.
 */
export function createPageCache(options: {
  bus: Bus;
  channel: string;
  ttlMs: number;
  maxBytes: number;
  onUnsent: (error: unknown) => void;
  /** Told of each lookup, whether it found a page. */
  count?: (hit: boolean) => void;
}): PageCache {
  const pages = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => entry.page.brotli.length + 256,
    ttl: options.ttlMs,
  });
  let sequence = 0;
  const recent: { sequence: number; stale: Stale }[] = [];

  function drop(stale: Stale): void {
    sequence += 1;
    recent.push({ sequence, stale });
    if (recent.length > recentStales) recent.shift();
    if (stale === everything) {
      pages.clear();
      return;
    }
    for (const [key, entry] of pages.entries()) {
      if (reaches(stale, entry.areas)) pages.delete(key);
    }
  }

  const instance = randomUUID();
  // Until the other processes' stales are heard, nothing is kept.
  let listening = false;
  const subscribed = options.bus.subscribe(options.channel, (message) => {
    const { from, stale } = message as { from?: unknown; stale?: unknown };
    if (from === instance) return;
    // Sent by another process of this app: areas as its routes declared them.
    const areas =
      Array.isArray(stale) && stale.every((area) => typeof area === 'string')
        ? (stale as StaleAreas)
        : everything;
    drop(areas);
  });

  return {
    get(key) {
      const page = pages.get(key)?.page;
      options.count?.(page !== undefined);
      return page;
    },
    mark: () => sequence,
    keep(key, page, areas, since) {
      if (!listening) return undefined;
      // Older than the stales remembered: whether one reached it cannot be told.
      const oldest = recent[0]?.sequence ?? sequence + 1;
      if (since < sequence && since + 1 < oldest) return undefined;
      for (const { sequence: at, stale } of recent) {
        if (at > since && reaches(stale, areas)) return undefined;
      }
      const etag = `"${createHash('sha1').update(page.html).digest('base64url')}"`;
      const brotli = brotliCompressSync(page.html, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.html),
        },
      });
      const kept = { status: page.status, brotli, etag, threads: page.threads };
      pages.set(key, { page: kept, areas });
      return kept;
    },
    stale(stale) {
      drop(stale);
      return options.bus
        .publish(options.channel, { from: instance, stale })
        .catch(options.onUnsent);
    },
    listening: subscribed.then(() => {
      listening = true;
    }),
    async close() {
      await (
        await subscribed
      )();
    },
  };
}

/** The thread whose page an API read is (`/api/forum/posts/:id`, which counts a view), if any. */
export function threadRead(url: string): number | undefined {
  const match = /^\/api\/forum\/posts\/(\d+)(?:\?|$)/.exec(url);
  return match ? Number(match[1]) : undefined;
}

/** The codings an Accept-Encoding header takes (a `q=0` refuses one). */
function accepted(header: string | undefined): Set<string> {
  const codings = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) codings.add(name);
  }
  return codings;
}

/**
 * A kept page's bytes for a request: brotli as kept, or (for the rare client that takes no
 * brotli) gzip or plain, made from it.
 */
export function pageBytes(
  page: CachedPage,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip' | undefined; body: Buffer } {
  const codings = accepted(acceptEncoding);
  if (codings.has('br')) return { encoding: 'br', body: page.brotli };
  const html = brotliDecompressSync(page.brotli);
  if (codings.has('gzip')) return { encoding: 'gzip', body: gzipSync(html) };
  return { encoding: undefined, body: html };
}
