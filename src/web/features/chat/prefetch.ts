import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/accounts';
import { unreadQueryOptions } from './api/get-unread';

/** What the layout's chat parts read (chat-nav.tsx), for a server render to fetch first. */
export function prefetchChatNav(queryClient: QueryClient, user: SessionUser) {
  return user.emailVerified ? queryClient.prefetchQuery(unreadQueryOptions()) : undefined;
}
