import { lazy, Suspense } from 'react';
import { useAuthState } from '../../shell/auth-state';

/*
 * What other parts of the app show of notifications. Each part is its own chunk, loaded only
 * for a signed-in member, so a visitor downloads none of it; the live updates (and Socket.IO
 * with them) only for a member with a verified email, the only ones the live channel serves.
 */
const Bell = lazy(() => import('./bell'));
const LiveUpdates = lazy(() => import('./live-updates'));
const EmailSettings = lazy(() => import('./email-settings'));

/** The header's bell, with the live updates that keep its count current. */
export function NotificationBell({ className }: { className?: string }) {
  const { isUser, user } = useAuthState();
  // A browser that was signed in keeps the bell's place while the session is confirmed.
  if (!user)
    return isUser ? (
      // A plain box, not Mantine's Skeleton: a visitor's page carries no code for it.
      <span
        className={className}
        style={{ display: 'inline-block', width: 36, height: 36 }}
        aria-hidden
      />
    ) : null;
  return (
    <>
      <Suspense fallback={null}>
        <Bell className={className} />
      </Suspense>
      {user.emailVerified && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
    </>
  );
}

/** How each type of notification reaches the member, for the account page. */
export function NotificationSettings() {
  return (
    <Suspense fallback={null}>
      <EmailSettings />
    </Suspense>
  );
}
