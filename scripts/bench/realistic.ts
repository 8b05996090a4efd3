// Traffic as a real site meets it, for `npm run bench`: every request a different thread, page
// or list, drawn with a skew (a few hot threads, a warm thousand, then the long tail of 100,000),
// read by 1,000 different signed-in members in turn, so neither the remembered answers nor one
// member's session answer most of it.
import { createHmac, randomUUID } from 'node:crypto';
import { encodeCommentCursor } from '../../src/server/features/forum/index.js';
import { CSRF_COOKIE } from '../../src/shared/csrf.js';
import { benchSecret, clientAddresses, measure, type Probe, type Row } from './harness.js';
import { between, generator } from './random.js';
import { benchMemberTokenPrefix, benchScale } from './scale.js';

/** Requests drawn per row: far more than the 1,000 members, so each one pairs with many. */
const drawn = 20_000;
const pageSize = 50;

/** The cookie Better Auth sets for a session: its token, a dot, the token's HMAC in base64. */
export function memberCookie(n: number): string {
  const token = `${benchMemberTokenPrefix}${n}`;
  const signature = createHmac('sha256', benchSecret).update(token).digest('base64');
  return `vp.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * The 1,000 seeded members' cookies (seed-bench.ts renews their sessions on every run), each
 * with the CSRF cookie a member's browser holds from its first page on.
 */
export const members = Array.from({ length: benchScale.authors }, (_, i) => ({
  cookie: `${memberCookie(i + 1)}; ${CSRF_COOKIE}=${randomUUID()}`,
}));

async function json<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface ThreadList {
  items: { id: number; replyCount: number }[];
  nextCursor: string | null;
}

/**
 * The seeded threads are the 100,000 ids up to the newest one; the first `longThreads` of them
 * hold 2,000 replies each.
 */
async function seededThreads(url: string) {
  const newest = await json<ThreadList>(`${url}/api/forum/posts?sort=newest&limit=1`);
  const last = newest.items[0]?.id;
  if (last === undefined) throw new Error('no threads: run npm run seed:bench');
  const first = last - benchScale.posts + 1;
  const probe = await json<{ post: { replyCount: number } }>(`${url}/api/forum/posts/${first}`);
  if (probe.post.replyCount < benchScale.longThreadReplies) {
    throw new Error(
      `thread ${first} is not a seeded long thread: run seed:bench on a fresh database`,
    );
  }
  return { first, last };
}

/** Thread ids with the skew: 10% the ten hottest, 30% a warm thousand, 60% any of them. */
function skewedThreads(first: number, random: () => number): () => number {
  const warm = Array.from({ length: 1000 }, () => between(random, first, first + benchScale.posts));
  return () => {
    const r = random();
    if (r < 0.1) return first + between(random, 0, 10);
    if (r < 0.4) return warm[between(random, 0, warm.length)] ?? first;
    return between(random, first, first + benchScale.posts);
  };
}

/**
 * The paths of each realistic row, and the drawn thread ids and the hottest thread (`first`, a
 * 2,000-reply one) for the page rows (pages.ts). Reply pages: half a random page of a long
 * thread (the first reply's id, read once per thread, places the cursor), half the first page
 * of any thread.
 */
export async function realisticPaths(url: string) {
  const { first } = await seededThreads(url);
  const random = generator(17);
  const thread = skewedThreads(first, random);
  const threadIds = Array.from({ length: drawn }, () => thread());
  const threads = threadIds.map((id) => `/api/forum/posts/${id}`);

  const firstReplyIds: number[] = [];
  for (let n = 0; n < benchScale.longThreads; n += 1) {
    const page = await json<{ items: { id: number }[] }>(
      `${url}/api/forum/posts/${first + n}/comments?limit=1`,
    );
    firstReplyIds.push(page.items[0]?.id ?? 0);
  }
  const replies = Array.from({ length: drawn }, () => {
    if (random() < 0.5) {
      const n = random() < 0.3 ? between(random, 0, 10) : between(random, 0, firstReplyIds.length);
      const offset = between(random, 0, benchScale.longThreadReplies - pageSize);
      const cursor = encodeCommentCursor((firstReplyIds[n] ?? 0) + offset - 1);
      return `/api/forum/posts/${first + n}/comments?limit=${pageSize}&cursor=${cursor}`;
    }
    return `/api/forum/posts/${thread()}/comments?limit=${pageSize}`;
  });

  const { categories } = await json<{ categories: { slug: string; archived: boolean }[] }>(
    `${url}/api/forum/categories`,
  );
  const slugs = categories.filter((category) => !category.archived).map((c) => c.slug);
  const sorts = ['latest', 'newest', 'top'] as const;
  // Later pages of each sort, reached through the API's own cursors.
  const deeper: string[] = [];
  for (const sort of sorts) {
    let cursor: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const query: string = `/api/forum/posts?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body: ThreadList = await json<ThreadList>(url + query);
      if (page > 0) deeper.push(query);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
  }
  const lists = Array.from({ length: drawn }, () => {
    const r = random();
    const sort = sorts[between(random, 0, sorts.length)] ?? 'latest';
    if (r < 0.3)
      return `/api/forum/posts?sort=${sort}&category=${slugs[between(random, 0, slugs.length)]}`;
    if (r < 0.5) {
      // As a profile page asks for them (profile/api/get-author-posts.ts).
      const author = `bench_author_${between(random, 1, benchScale.authors + 1)}`;
      return `/api/forum/posts?author=${author}&sort=newest&limit=20`;
    }
    if (r < 0.65) return `/api/forum/posts?sort=${sort}&tag=tag${between(random, 0, 50)}`;
    if (r < 0.75) return '/api/forum/posts?filter=new';
    if (r < 0.85) return `/api/forum/posts?sort=${sort}`;
    return deeper[between(random, 0, deeper.length)] ?? '/api/forum/posts';
  });
  return { first, threadIds, threads, replies, lists, ...(await filmPaths(url, random)) };
}

/**
 * Film pages: half of them the film with 5,000 reviews (any order, any of its pages), half any
 * film with reviews; and the films index in each order, by decade, a page or a search.
 */
async function filmPaths(url: string, random: () => number) {
  type FilmList = { items: { id: number; url: string }[]; pageCount: number };
  const top = await json<FilmList>(`${url}/api/films?sort=most-reviewed`);
  const big = top.items[0];
  if (!big) throw new Error('no films: run npm run seed:bench');
  const ids: number[] = [];
  const urls = new Map<number, string>([[big.id, big.url]]);
  const pages = Math.min(top.pageCount, 40);
  for (let page = 1; page <= pages; page += 1) {
    const list = await json<FilmList>(`${url}/api/films?sort=recent&page=${page}`);
    for (const film of list.items) {
      ids.push(film.id);
      urls.set(film.id, film.url);
    }
  }
  const orders = ['newest', 'highest', 'lowest', 'liked'] as const;
  const filmIds = Array.from({ length: drawn }, () =>
    random() < 0.5 ? big.id : (ids[between(random, 0, ids.length)] ?? big.id),
  );
  const films = filmIds.map((id) => {
    const order = orders[between(random, 0, orders.length)] ?? 'newest';
    const page = id === big.id ? 1 + between(random, 0, 250) : 1;
    return `/api/films/${id}?sort=${order}&page=${page}`;
  });
  const indexSorts = ['most-reviewed', 'best-rated', 'recent', 'title'] as const;
  const filmIndex = Array.from({ length: drawn }, () => {
    const sort = indexSorts[between(random, 0, indexSorts.length)] ?? 'most-reviewed';
    const r = random();
    if (r < 0.3) return `/api/films?sort=${sort}&decade=${1930 + 10 * between(random, 0, 10)}`;
    if (r < 0.5) return `/api/films?sort=${sort}&page=${1 + between(random, 0, 20)}`;
    return `/api/films?sort=${sort}`;
  });
  const filmPages = filmIds.map((id) => urls.get(id) ?? big.url);
  return { bigFilm: big, filmPages, films, filmIndex };
}

/**
 * The realistic rows: random threads, reply pages and filtered lists, members and visitors;
 * then replies to random threads (the seeded moderator, trusted per account, from many
 * addresses).
 */
export async function measureRealistic(
  target: string,
  url: string,
  writer: { writeHeaders: Record<string, string> },
): Promise<Row[]> {
  const { threads, replies, lists, films, filmIndex } = await realisticPaths(url);
  const probe = (label: string, paths: string[], signedIn: boolean): Probe => ({
    label,
    path: paths[0] ?? '/',
    paths,
    ...(signedIn ? { headerSets: members } : {}),
  });
  return measure(target, url, [
    probe('random thread, 1,000 members', threads, true),
    probe('random thread, anonymous', threads, false),
    probe('random replies page (50), 1,000 members', replies, true),
    probe('random replies page (50), anonymous', replies, false),
    probe('lists with filters, 1,000 members', lists, true),
    probe('film pages (half the 5,000-review film), anonymous', films, false),
    probe('films index, orders and decades, anonymous', filmIndex, false),
    {
      label: 'POST reply to a random thread',
      path: `${threads[0] ?? ''}/comments`,
      paths: threads.map((thread) => `${thread}/comments`),
      method: 'POST',
      headers: { ...writer.writeHeaders, 'content-type': 'application/json', origin: url },
      // Many writers' addresses: the row measures replies written, not the per-address limit.
      headerSets: clientAddresses,
      body: JSON.stringify({ body: 'A benchmark reply: short, **kind** and to the point.' }),
    },
  ]);
}
