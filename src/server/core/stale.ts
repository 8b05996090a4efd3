import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What a successful write makes stale in the answers and pages kept for readers, named by the
 * areas those read:
 * - `thread:<id>`: one thread, its replies and its page;
 * - `threads`: every thread (a write to a reply, whose thread is not in its address);
 * - `forum-lists`: the thread lists (home, /forum, a category, a tag, an author's threads and
 *   replies);
 * - `users`: members' profiles;
 * - `forum-categories`, `news`, `site`, `chat`, `donations`, …: the API area a page reads (the
 *   first part of its path after /api/; see `areasRead`);
 * - `sessions`: the remembered session checks (who a session is: name, role, block, mute,
 *   verified email, second factor), which no page reads.
 */
export type StaleArea =
  | `thread:${string}`
  | 'threads'
  | 'forum-lists'
  | 'forum-categories'
  | 'news'
  | 'films'
  | 'users'
  | 'site'
  | 'chat'
  | 'donations'
  | 'sessions';
export type StaleAreas = readonly StaleArea[];

/** All that is kept: for a write whose reach cannot be told from its request. */
export const everything = 'everything';
export type Stale = StaleAreas | typeof everything;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What this route makes stale when it succeeds: its areas (a function of the request where
     * they hang on its parameters), `everything`, or `[]` when it changes nothing a reader is
     * shown (a preview, an error report, a read mark). Every write route declares it
     * (`registerStales` refuses to start otherwise).
     */
    stales?: Stale | ((request: FastifyRequest) => Stale);
  }
}

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Does this method change something (GET, HEAD and OPTIONS never do)? */
export const isWriteMethod = (method: string) => !readOnlyMethods.has(method);

/** What this request may make stale if it succeeds: undefined for a read. */
export function declaredStales(request: FastifyRequest): Stale | undefined {
  if (!isWriteMethod(request.method)) return undefined;
  const declared = request.routeOptions.config.stales;
  // Only a write no route answers declares nothing (registerStales refuses such routes).
  if (declared === undefined) return everything;
  return typeof declared === 'function' ? declared(request) : declared;
}

/** What a request that answered `status` made stale: nothing for a read or a refused write. */
export function stalesOf(request: FastifyRequest, status: number): Stale | undefined {
  if (status >= 400) return undefined;
  const stale = declaredStales(request);
  return stale === everything || (stale !== undefined && stale.length > 0) ? stale : undefined;
}

const readsAThread = (areas: ReadonlySet<string>) =>
  [...areas].some((area) => area.startsWith('thread:'));

/** Does a write that made `stale` reach what was read from `areas`? */
export function reaches(stale: Stale, areas: ReadonlySet<string>): boolean {
  if (stale === everything || areas.has(everything)) return true;
  return stale.some((area) => areas.has(area) || (area === 'threads' && readsAThread(areas)));
}

/** Does `stale` reach anything of the forum (its lists, categories or a thread)? */
export function reachesForum(stale: Stale): boolean {
  return (
    stale === everything ||
    stale.some((area) => area.startsWith('forum') || area.startsWith('thread'))
  );
}

/** Does `stale` reach the remembered session checks? */
export function reachesSessions(stale: Stale): boolean {
  return stale === everything || stale.includes('sessions');
}

/** Told what a successful write made stale, before its answer leaves. */
export type ForgetStale = (stale: Stale) => void | Promise<void>;

/**
 * The one place a write's declared effects are acted on. Every write route must declare
 * `config.stales` (the app refuses to start otherwise, so a new route cannot forget); after a
 * successful write, each keeper of answers (`forget`: the visitors' pages, the forum's kept
 * answers, the session checks) is told what it made stale and forgets its share before the
 * answer leaves. Registered before the routes.
 */
export function registerStales(app: FastifyInstance): { forget(keeper: ForgetStale): void } {
  const keepers: ForgetStale[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (methods.some(isWriteMethod) && route.config?.stales === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} does not declare config.stales`);
    }
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const stale = stalesOf(request, reply.statusCode);
    if (stale === undefined) {
      done(null, payload);
      return;
    }
    Promise.all(keepers.map(async (forget) => forget(stale))).then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });
  return { forget: (keeper) => void keepers.push(keeper) };
}

/**
 * The areas an API read belongs to, by its path: a thread and its replies are the thread's
 * (`thread:<id>`), lists of threads or of an author's replies `forum-lists`, categories
 * `forum-categories`, a member's profile `users`, any other path the first part after /api/.
 * A path outside /api is `everything` (never expected).
 */
export function areasRead(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  const thread = /^\/api\/forum\/posts\/(\d+)(?:\/|$)/.exec(pathname);
  if (thread) return `thread:${thread[1]}`;
  if (pathname === '/api/forum/posts' || pathname === '/api/forum/comments') return 'forum-lists';
  if (pathname.startsWith('/api/profiles/')) return 'users';
  if (pathname.startsWith('/api/forum/categories')) return 'forum-categories';
  const area = /^\/api\/([\w-]+)/.exec(pathname)?.[1];
  return area ?? everything;
}

/**
 * What a reply to thread `:id` or a like of it makes stale: the thread, the lists (counts,
 * latest activity), members' profiles (their counts) and the films (a review's counts and
 * order on its film's page); not the other threads.
 */
export const threadAndLists = (request: FastifyRequest): StaleAreas => [
  `thread:${(request.params as { id: number | string }).id}`,
  'forum-lists',
  'users',
  'films',
];

/** An edit or deletion of thread `:id`, which may also change the categories' counts. */
export const threadListsAndCategories = (request: FastifyRequest): StaleAreas => [
  ...threadAndLists(request),
  'forum-categories',
];

/**
 * An edit, deletion, like, report or moderation of a reply, whose thread is not in its address:
 * every thread, the lists (reply counts) and members' profiles.
 */
export const anyThreadAndLists: StaleAreas = ['threads', 'forum-lists', 'users', 'films'];
