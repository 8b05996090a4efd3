import { Button, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAuthState } from '../shell/auth-state';
import { PrefetchLink } from '../shell/prefetch-link';

const UserMenu = lazy(() => import('./user-menu'));

const placeholder = <Skeleton height={34} width={120} radius="md" aria-hidden />;

/**
 * The header's account corner. A browser that was signed in shows a placeholder until the
 * server confirms the session, so the first paint does not flash 'Sign in' (SPEC §4).
 */
export function AccountMenu() {
  const { isUser, user } = useAuthState();
  const { pathname, search } = useLocation();
  if (isUser && user) {
    return (
      <Suspense fallback={placeholder}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  if (isUser) return placeholder;
  return (
    <Button
      component={PrefetchLink}
      to={`/auth/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`}
      variant="light"
    >
      Sign in
    </Button>
  );
}
