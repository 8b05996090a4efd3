import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** One client per app (and, later, one per server render). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30 * 1000,
        // Retrying a 4xx cannot change the answer; a network blip or 5xx might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status < 500),
      },
    },
  });
}
