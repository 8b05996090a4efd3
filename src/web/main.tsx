import './shell/mantine-styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { SessionUser } from '../shared/session';
import { createQueryClient } from './api/query-client';
import { queryKeys } from './api/query-keys';
import { createRoutes } from './routes';
import { App } from './shell/app-providers';
import { authState, authStateOf } from './shell/auth-state';
import { hydrateQueries, SSR_STATE_ID, type SsrState } from './ssr-state';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function readServerState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as SsrState;
}

/** The code of the pages on screen, loaded before hydrating, so the first render matches. */
async function loadMatchedPages(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const page = await route.lazy();
      Object.assign(route, page, { lazy: undefined });
    }),
  );
}

/**
 * Gives the browser its turn: the modules' evaluation, the router's making and the page's
 * hydration then run as separate tasks, so a tap or a keystroke waits for none of them whole.
 * A message, not a timer: a paused clock (a test's) must not hold the app back, and a timer
 * nested this deep may be delayed by 4 ms.
 */
const yieldToBrowser = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

async function start(root: HTMLElement): Promise<void> {
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const state = readServerState();
  if (!state) {
    // Private pages are drawn in the browser alone.
    const router = createBrowserRouter(routes);
    createRoot(root).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
    return;
  }
  hydrateQueries(queryClient, state.queries);
  const session = queryClient.getQueryData<SessionUser | null>(queryKeys.session);
  if (session !== undefined) authState.confirm(session);
  await loadMatchedPages(routes);
  await yieldToBrowser();
  const router = createBrowserRouter(routes, { hydrationData: state.router });
  await yieldToBrowser();
  // In a transition, hydration is done in slices of a few milliseconds with the browser's turn
  // between them (as React Router's and Remix's own entries do), not in one long task.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} queryClient={queryClient} renderedAuth={authStateOf(session)} />
      </StrictMode>,
    );
  });
}

void start(container);
