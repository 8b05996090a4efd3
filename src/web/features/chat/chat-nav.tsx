import { lazy, Suspense } from 'react';
import { useAuthState } from '../../shell/auth-state';

/*
 * What the layout shows of chat on every page. Both parts load only for a signed-in member with
 * a verified email (the only readers chat serves), so a visitor downloads neither, nor Socket.IO.
 */
const LiveChannel = lazy(() => import('./live-channel'));
const UnreadBadge = lazy(() => import('./unread-badge'));

function useChatMember(): boolean {
  const { user } = useAuthState();
  return user?.emailVerified === true;
}

/** The live channel, for the whole app while a member is signed in. */
export function ChatLiveChannel() {
  if (!useChatMember()) return null;
  return (
    <Suspense fallback={null}>
      <LiveChannel />
    </Suspense>
  );
}

/** The unread count beside the Chat link, part of its accessible name. */
export function ChatUnreadBadge() {
  if (!useChatMember()) return null;
  return (
    <Suspense fallback={null}>
      <UnreadBadge />
    </Suspense>
  );
}
