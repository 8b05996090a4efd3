import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  MemoryRouter,
  StaticRouterProvider,
  type Params,
} from 'react-router';
import { SERVER_BANNER_ID } from '../shared/cookie-consent';
import type { SessionUser } from '../shared/accounts';
import { findSiteRoute } from '../shared/routes';
import { storageEnabled, whileRunning } from '../shared/while-running';
import { configureApi } from './api/api-client';
import { siteQueryOptions } from './api/get-site';
import { sessionQueryOptions } from './api/session';
import { prefetchLayout } from './layouts/prefetch-layout';
import { pageModuleFor } from './page-modules';
import { createQueryClient } from './api/query-client';
import { queryKeys } from './api/query-keys';
import { createRoutes } from './routes';
import { AppProviders } from './shell/app-providers';
import { authStateOf } from './shell/auth-state';
import { CookieBannerView } from './shell/cookie-banner';
import { headHtml, jsonForScript, pageHead } from './shell/head';
import { RenderCollectorContext, type RenderCollector } from './shell/render-context';
import { ThemeProvider } from './shell/theme-provider';
import { dehydrateQueries, SSR_STATE_ID, type SsrState } from './ssr-state';

/**
 * The server's render of a public page (DESIGN.md §6): the same route table and pages as the
 * browser, React's streaming renderer, and every query the page makes answered by the server
 * itself as the reader (their cookie), so the first response holds the real content, the page's
 * <head> and status, and the data the browser hydrates with.
 */

export interface ApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RenderOptions {
  /** The page's path and query. */
  url: string;
  /** The public origin, for canonical links and absolute addresses. */
  origin: string;
  /** Answers one API call of the page, inside the server, as the reader. */
  api: (call: ApiCall) => Promise<ApiAnswer>;
}

export type RenderOutcome =
  /**
   * `head` goes into <head>, `root` into the app's element, `data` right after it; `passes`
   * says how many times the page was drawn (one when it declared all it reads).
   */
  | { kind: 'page'; status: number; head: string; root: string; data: string; passes: number }
  | { kind: 'redirect'; status: number; location: string }
  /** The server could not draw this page; the browser will. */
  | { kind: 'client' };

const currentApi = new AsyncLocalStorage<RenderOptions['api']>();

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init).entries());
}

function answerHeaders(headers: ApiAnswer['headers']): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'set-cookie') continue;
    result.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return result;
}

configureApi({
  async transport(input, init) {
    const api = currentApi.getStore();
    if (!api) throw new Error(`API call outside a server render: ${input}`);
    const answer = await api({
      method: init.method ?? 'GET',
      url: input,
      headers: headersOf(init.headers),
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
    });
    const empty = answer.body === '' || answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: answerHeaders(answer.headers),
    });
  },
});

const renderTimeoutMs = 10_000;
/** Each pass may discover queries that depend on the last pass's data (a thread, then its replies). */
const maxPasses = 5;

type InfiniteOptions = Parameters<QueryClient['prefetchInfiniteQuery']>[0];
type RecordedOptions = ReturnType<QueryClient['defaultQueryOptions']>;

/** Options `useInfiniteQuery` gave: they carry how to find the first and the next page. */
function isInfinite(options: RecordedOptions): options is RecordedOptions & InfiniteOptions {
  return (
    'initialPageParam' in options &&
    'getNextPageParam' in options &&
    typeof options.getNextPageParam === 'function'
  );
}

/**
 * A query client that notes every query a render asked for. React does not run effects on the
 * server, so queries do not fetch themselves there: after each pass, the ones asked for and not
 * yet fetched are fetched, and the page is drawn again until it asks for nothing new.
 */
function createRenderQueryClient() {
  const client = createQueryClient({ server: true });
  const asked = new Map<string, RecordedOptions>();
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options) as RecordedOptions;
    if (typeof defaulted.queryFn === 'function') asked.set(defaulted.queryHash, defaulted);
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];

  async function fetchAsked(): Promise<boolean> {
    const waiting = [...asked.values()].filter((options) => {
      const query = client.getQueryCache().get(options.queryHash);
      if (query && query.state.status !== 'pending') return false;
      if (typeof options.enabled !== 'function') return options.enabled !== false;
      // A function of the query: without the query, only a fetch could tell.
      return query === undefined || (options.enabled as (q: typeof query) => boolean)(query);
    });
    await Promise.all(
      waiting.map((options) =>
        isInfinite(options) ? client.prefetchInfiniteQuery(options) : client.prefetchQuery(options),
      ),
    );
    return waiting.length > 0;
  }

  return { client, fetchAsked };
}

function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // One piece: React would otherwise move big Suspense blocks into place with an inline
      // script, which the CSP refuses (the page is only sent once it is whole anyway).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    const timer = setTimeout(
      () => stream.abort(new Error('Server render timed out')),
      renderTimeoutMs,
    );
  });
}

/** Off between renders: an enabled storage keeps promise hooks on for the whole server. */
const rendering = whileRunning(() => currentApi.disable());

/** Whether the render's storage is on (Node's own flag): only while a page is drawn. */
export const renderStorageEnabled = () => storageEnabled(currentApi);

export function render(options: RenderOptions): Promise<RenderOutcome> {
  return rendering(() => currentApi.run(options.api, () => renderPage(options)));
}

async function renderPage({ url, origin }: RenderOptions): Promise<RenderOutcome> {
  const { client: queryClient, fetchAsked } = createRenderQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    return location ? { kind: 'redirect', status: context.status, location } : { kind: 'client' };
  }
  // A loader failed (the site's own data): the browser's error page handles it, with retries.
  if (context.errors) return { kind: 'client' };
  const router = createStaticRouter(handler.dataRoutes, context);
  await prefetchPage(queryClient, context.matches, new URL(url, origin));

  let collector: RenderCollector = { origin };
  let html = '';
  let passes = 0;
  for (let pass = 1; pass <= maxPasses; pass += 1) {
    passes = pass;
    collector = { origin };
    const session = queryClient.getQueryData<SessionUser | null>(queryKeys.session);
    html = await renderToHtml(
      <StrictMode>
        <RenderCollectorContext value={collector}>
          <AppProviders
            router={router}
            queryClient={queryClient}
            renderedAuth={authStateOf(session)}
          >
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </RenderCollectorContext>
      </StrictMode>,
    );
    if (!(await fetchAsked())) break;
  }

  const status = collector.status ?? (context.statusCode === 200 ? 200 : context.statusCode);
  const site = queryClient.getQueryData(siteQueryOptions().queryKey);
  if (!site) return { kind: 'client' };
  const pathname = new URL(url, origin).pathname;
  const head = pageHead({ pathname, site, origin, declared: collector.head, status });
  const state: SsrState = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    queries: dehydrateQueries(queryClient),
  };
  return {
    kind: 'page',
    status,
    head: headHtml(head),
    root: html,
    data: `<script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(state)}</script>`,
    passes,
  };
}

/**
 * The session and what the page declares it reads (`prefetch`, page-modules.ts), fetched at
 * once before the first pass, so that pass draws the whole page: without it, each level of data
 * (the session and the thread, then its replies) costs a render that is thrown away. A failed
 * fetch is kept as the page's query would keep it; anything the page asks for beyond its
 * declaration is still found by the passes.
 */
async function prefetchPage(
  queryClient: QueryClient,
  matches: readonly { route: { id: string }; params: Params }[],
  url: URL,
): Promise<void> {
  const page = matches.at(-1);
  const route = page && findSiteRoute(url.pathname);
  const module = route?.name === page?.route.id && route ? await pageModuleFor(route)() : undefined;
  const viewer = queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
  await Promise.all([
    route?.layout === 'auth' ? viewer : viewer.then((user) => prefetchLayout(queryClient, user)),
    module
      ?.prefetch?.({ url, params: page?.params ?? {}, queryClient, viewer })
      .catch(() => undefined),
  ]);
}

/**
 * The cookie banner the server puts into a page for a visitor who has not chosen yet, hidden
 * until the page's own script shows it 500 ms after load: it does not wait for the app to
 * start, which then takes it over (shell/cookie-banner.tsx).
 */
export function cookieBannerHtml(): string {
  return renderToString(
    <ThemeProvider>
      <MemoryRouter>
        <CookieBannerView id={SERVER_BANNER_ID} leaving={false} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}
