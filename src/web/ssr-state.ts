import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { errorCodes } from '../shared/errors';
import { ApiError } from './api/api-client';

/**
 * What a server render hands to the browser, in a `<script type="application/json">` element
 * (data, not code, so the strict CSP allows it): the router's loader data and every query the
 * render fetched, errors included, so hydration draws exactly what the server drew and fetches
 * nothing again.
 */
export const SSR_STATE_ID = 'vp-ssr';

export interface SsrState {
  router: HydrationState;
  queries: DehydratedState;
}

/** An ApiError as its toJSON wrote it. */
interface SerializedError {
  apiError: true;
  code: string;
  status: number;
  message: string;
  details?: unknown;
}

function reviveError(value: unknown): ApiError | null {
  if (typeof value !== 'object' || value === null || !('apiError' in value)) return null;
  const error = value as SerializedError;
  const code = (errorCodes as readonly string[]).includes(error.code)
    ? (error.code as ApiError['code'])
    : 'unknown';
  return new ApiError({
    code,
    status: error.status,
    message: error.message,
    details: error.details,
  });
}

/** Every query that settled, errors included (an ApiError serialises itself). */
export function dehydrateQueries(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  });
}

/**
 * Puts the server's queries into the browser's cache. Their age is counted from now: the
 * server's clock may differ from the reader's, and the data is as fresh as the page.
 */
export function hydrateQueries(queryClient: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  // An answer the server drew as an error (a missing thread) is shown as drawn, not fetched
  // again as the page hydrates; the page's own retry button still can.
  for (const query of state.queries) {
    if (query.state.status === 'error') {
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        ...(query.state.dataUpdatedAt ? { dataUpdatedAt: now } : {}),
        ...(query.state.errorUpdatedAt ? { errorUpdatedAt: now } : {}),
        error: reviveError(query.state.error) ?? query.state.error,
      },
    })),
  });
}
