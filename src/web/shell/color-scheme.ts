import { localStorageColorSchemeManager } from '@mantine/core';
import { useCallback, useSyncExternalStore } from 'react';
import type { DataRouter } from 'react-router';
import { deepestHandle } from './route-handle';

/**
 * Mantine's own manager and key, which the inline script of index.html also reads before first paint.
 * Creating it touches no browser global (it checks `typeof window` itself).
 */
export const colorSchemeManager = localStorageColorSchemeManager({
  key: 'mantine-color-scheme-value',
});

type ForcedScheme = 'light' | 'dark' | undefined;

function forcedSchemeOf(router: DataRouter): ForcedScheme {
  const matches = router.state.matches.map((match) => {
    const handle: unknown = match.route.handle;
    return { handle };
  });
  return deepestHandle(matches, 'forceColorScheme');
}

/**
 * The colour scheme the current route forces through its handle, if any. MantineProvider sits
 * above RouterProvider (so toasts and error pages are themed too), so it follows the router's
 * state rather than a hook that only works inside it.
 */
export function useForcedColorScheme(router: DataRouter): ForcedScheme {
  const subscribe = useCallback((listener: () => void) => router.subscribe(listener), [router]);
  const snapshot = () => forcedSchemeOf(router);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
