import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../shared/session';
import { prefetchChatNav } from '../features/chat/prefetch';
import { prefetchBell } from '../features/notifications/prefetch';

/**
 * What the default layout's header reads for a member (the bell's count, the Chat link's
 * unread count), for a server render to fetch beside the page's own data. Imported by the
 * server render alone: a visitor's browser loads none of it.
 */
export function prefetchLayout(queryClient: QueryClient, user: SessionUser | null) {
  if (!user) return undefined;
  return Promise.all([prefetchBell(queryClient), prefetchChatNav(queryClient, user)]);
}
