import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { createRoutes } from '../../../routes';
import { authState } from '../../../shell/auth-state';
import { ThemeProvider } from '../../../shell/theme-provider';
import { ToastArea } from '../../../shell/toast-area';
import { toast } from '../../../shell/toast-store';

const clients: QueryClient[] = [];

/** The whole web app (real routes, layouts, shell) in a memory router at `entry`. */
export function renderApp(entry: InitialEntry, options: { strict?: boolean } = {}) {
  const queryClient = createQueryClient();
  clients.push(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] });
  const app = (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
        <ToastArea />
      </ThemeProvider>
    </QueryClientProvider>
  );
  const result = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router, queryClient };
}

/** Path and search the router is at. */
export function currentPath(router: { state: { location: { pathname: string; search: string } } }) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}

/** Each test starts signed out in a fresh browser tab. */
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
  toast.clear();
  authState.signOut();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});
