import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useLayoutEffect } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRevalidator,
} from 'react-router';
import type { BlockInfo, SessionUser } from '../../shared/session';
import { onApiError } from '../api/api-client';
import { queryKeys } from '../api/query-keys';
import { forgetUserData, useSession } from '../api/session';
import {
  ACCOUNT_BLOCKED_PATH,
  authState,
  blockFromOtherTab,
  blockOf,
  IS_USER_KEY,
  noteBlock,
  type AuthState,
} from './auth-state';
import { CookieBanner } from './cookie-banner';
import { hasGuards } from './guards';
import { HeadSync } from './head-sync';
import { deepestHandle } from './route-handle';

/** Whether what the guards look at changed between two auth states. */
function accessChanged(before: AuthState, after: AuthState): boolean {
  const [a, b] = [before.isUser ? before.user : null, after.isUser ? after.user : null];
  return a?.uid !== b?.uid || a?.role !== b?.role || a?.emailVerified !== b?.emailVerified;
}

/**
 * Keeps this tab's auth state in step with the server (SPEC §4): the session query (polled,
 * refetched on focus) confirms it; another tab signing in or out refetches it at once; a block
 * reported by any call, or by another tab, signs out and shows the Account Blocked page.
 */
function useSessionSync(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const siteRoute = deepestHandle(useMatches(), 'siteRoute');
  const revalidator = useRevalidator();
  const { data: user } = useSession();

  // A session revoked elsewhere, a new role, a verified email: the current page's guards run
  // again, so a page that now refuses the visitor redirects with its catalogued toast.
  const confirmSession = useEffectEvent((next: SessionUser | null) => {
    const before = authState.getState();
    authState.confirm(next);
    if (siteRoute && hasGuards(siteRoute) && accessChanged(before, authState.getState())) {
      void revalidator.revalidate();
    }
  });
  useEffect(() => {
    if (user !== undefined) confirmSession(user);
  }, [user]);

  const showBlock = useEffectEvent((block: BlockInfo, options: { fromOtherTab?: boolean } = {}) => {
    noteBlock(block, options);
    void forgetUserData(queryClient);
    // Calls in flight together, or another tab, may report the block again.
    if (pathname === ACCOUNT_BLOCKED_PATH) return;
    // Replace: the page that was open is of no use now, and a second report is harmless.
    void navigate(ACCOUNT_BLOCKED_PATH, { state: block, replace: true });
  });
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // Another tab was told of a block: the server has ended the session this tab shares.
      const block = blockFromOtherTab(event);
      if (block) {
        showBlock(block, { fromOtherTab: true });
        return;
      }
      // key null: another tab cleared the storage.
      if (event.key !== IS_USER_KEY && event.key !== null) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  // A layout effect: listening must start before the first session fetch can answer.
  useLayoutEffect(
    () =>
      onApiError((error) => {
        const block = blockOf(error);
        if (block) showBlock(block);
      }),
    [],
  );
}

/**
 * The root route's element: the page (through its layout) plus the parts of the shell that
 * need the router — links in the cookie banner, the location for <head>, the session.
 */
export function RootShell() {
  useSessionSync();
  return (
    <>
      <Outlet />
      <CookieBanner />
      <HeadSync />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function AppLoading() {
  return (
    <Center mih="100vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
