// Site search under load, as `npm run bench:search` and `npm run bench` measure it: each kind of
// query is a list of different queries over the seeded vocabulary, one per request, so neither
// the server nor the database answers the same query twice in a row.
import { quickSearchResponse, searchResponse } from '../../src/shared/search.js';
import { clientAddresses, measure, type Probe, type Row } from './harness.js';
import { generator } from './random.js';
import { benchScale } from './scale.js';
import { head, isStopWord, tail } from './vocabulary.js';

/** Connections of the search rows: the load the goal is set at. */
export const searchConnections = 20;

const perKind = 200;
/** The words search keeps, most frequent first ('film' is in a third of the replies). */
const contentWords = head.filter((word) => !isStopWord(word));

function draw<T>(seed: number, make: (random: () => number) => T): T[] {
  const random = generator(seed);
  return Array.from({ length: perKind }, () => make(random));
}
const pick = (random: () => number, words: readonly string[], from: number, to: number) =>
  words[from + Math.floor(random() * (Math.min(to, words.length) - from))] ?? '';

/** A bench author's username or name with one slip: a letter left out, two swapped. */
function misspeltAuthor(random: () => number) {
  const n = 1 + Math.floor(random() * benchScale.authors);
  const forms = [`bench_autor_${n}`, `bench_auhtor_${n}`, `bnech_author_${n}`, `Bench Autor ${n}`];
  return forms[Math.floor(random() * forms.length)] ?? '';
}

/** The queries of each kind; the two words of a phrase stand side by side in many replies. */
export const searchQueries = {
  'single word': draw(1, (random) => pick(random, contentWords, 0, 200)),
  'two words': draw(2, (random) =>
    [pick(random, contentWords, 0, 300), pick(random, contentWords, 0, 300)].join(' '),
  ),
  phrase: draw(
    3,
    (random) => `"${pick(random, contentWords, 0, 100)} ${pick(random, contentWords, 0, 100)}"`,
  ),
  'rare word': draw(4, (random) => pick(random, tail, 50, 2_000)),
  person: draw(5, misspeltAuthor),
};

const searchPath = (category: string) => (q: string) =>
  `/api/search?q=${encodeURIComponent(q)}&category=${category}`;
const quickPath = (q: string) => `/api/search/quick?q=${encodeURIComponent(q)}`;

/** The rows: each query kind on the posts tab, replies, people, the quick search, a moderator. */
export function searchProbes(moderatorCookie: string): Probe[] {
  const probe = (label: string, paths: string[], headers?: Record<string, string>): Probe => ({
    label,
    path: paths[0] ?? '/',
    paths,
    headers,
    // Searches are limited per address (features/search/routes.ts): many searchers, as on a site.
    headerSets: clientAddresses,
    connections: searchConnections,
  });
  const posts = searchPath('posts');
  return [
    probe('search: single word', searchQueries['single word'].map(posts)),
    probe('search: two words', searchQueries['two words'].map(posts)),
    probe('search: phrase', searchQueries.phrase.map(posts)),
    probe('search: rare word', searchQueries['rare word'].map(posts)),
    probe('search: replies tab', searchQueries['single word'].map(searchPath('replies'))),
    probe('search: people', searchQueries.person.map(searchPath('users'))),
    probe(
      'quick search',
      [...searchQueries['single word'], ...searchQueries['two words']].map(quickPath),
    ),
    probe('search: moderator', searchQueries['single word'].map(posts), {
      cookie: moderatorCookie,
    }),
  ];
}

/**
 * What the first queries of a probe find (the median count of its tab, how many find none), and
 * how long one takes with nothing else running: the time the load's queue adds to.
 */
export interface Findings {
  label: string;
  median: string;
  none: number;
  sampled: number;
  failed: number;
  aloneP50: number;
}

async function found(url: string, path: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url + path, { headers });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) return { failed: true, count: 0, capped: false, ms };
  if (path.startsWith('/api/search/quick')) {
    const quick = quickSearchResponse.parse(body);
    return {
      failed: false,
      count: quick.groups.reduce((sum, group) => sum + group.items.length, 0),
      capped: false,
      ms,
    };
  }
  const result = searchResponse.parse(body);
  const tab = result.counts[result.category] ?? { count: 0, capped: false };
  return { failed: false, ...tab, ms };
}

/**
 * Asks the first `sample` queries of each probe one at a time (which warms the server too) and
 * reads the counts, so the table shows the queries find what they should.
 */
export async function searchFindings(url: string, probes: Probe[], sample = 40) {
  const findings: Findings[] = [];
  for (const probe of probes) {
    const results = [];
    for (const [n, path] of (probe.paths ?? [probe.path]).slice(0, sample).entries()) {
      results.push(await found(url, path, { ...probe.headers, ...clientAddresses[n] }));
    }
    const answered = results.filter((result) => !result.failed);
    answered.sort((a, b) => a.count - b.count);
    const middle = answered[Math.floor(answered.length / 2)];
    const times = results.map((result) => result.ms).sort((a, b) => a - b);
    findings.push({
      label: probe.label,
      median: middle ? `${middle.count.toLocaleString('en')}${middle.capped ? '+' : ''}` : '–',
      none: answered.filter((result) => result.count === 0).length,
      sampled: results.length,
      failed: results.length - answered.length,
      aloneP50: times[Math.floor(times.length / 2)] ?? NaN,
    });
  }
  return findings;
}

/** Measures every search probe on a running server. */
export async function measureSearch(
  target: string,
  url: string,
  moderatorCookie: string,
  settings: { connections?: number; seconds?: number } = {},
): Promise<{ rows: Row[]; findings: Findings[] }> {
  const probes = searchProbes(moderatorCookie).map((probe) => ({
    ...probe,
    connections: settings.connections ?? probe.connections,
  }));
  const findings = await searchFindings(url, probes);
  const rows = await measure(target, url, probes, settings);
  return { rows, findings };
}
