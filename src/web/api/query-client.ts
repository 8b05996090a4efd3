import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** One client per app in the browser, one per request in a server render. */
export function createQueryClient(options: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30 * 1000,
        // Retrying a 4xx cannot change the answer; a network blip or 5xx might. A server
        // render answers at once: the browser retries what failed.
        retry: options.server
          ? false
          : (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status < 500),
        // The server draws what it got, errors too (a missing thread is a 404 page).
        ...(options.server ? { retryOnMount: false } : {}),
      },
    },
  });
}
