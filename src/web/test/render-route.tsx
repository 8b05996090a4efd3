import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { afterEach } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { createRoutes } from '../routes';
import { ConfirmDialog } from '../shell/confirm-dialog';
import { ImageViewer } from '../shell/image-viewer';
import { ThemeProvider } from '../shell/theme-provider';
import { ToastArea } from '../shell/toast-area';
import { toast } from '../shell/toast-store';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/**
 * The web app as a visitor meets it at `entry`: the real route table (guards, layouts, lazy
 * pages) in a memory router, with the shell's toasts, confirm dialog and image viewer. The
 * server is whatever the test stubbed with `stubApi`.
 */
export function renderRoute(entry: InitialEntry, options: { strict?: boolean } = {}) {
  const queryClient = createQueryClient();
  clients.push(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] });
  const app = (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
        <ToastArea />
        <ConfirmDialog />
        <ImageViewer />
      </ThemeProvider>
    </QueryClientProvider>
  );
  const result = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return {
    ...result,
    router,
    queryClient,
    /** Path and search the app is at now. */
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

/** The titles of the toasts on screen, oldest first. */
export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}

/**
 * The row a link names (`?reply=`, `?message=`) once the page has walked to it and marked it
 * current. Found by its attribute rather than by role: a role query over a few hundred rows
 * costs jsdom seconds per try, which a loaded machine turns into a timeout.
 */
export function findLinkedRow(within: ParentNode = document): Promise<HTMLElement> {
  return waitFor(
    () => {
      const row = within.querySelector<HTMLElement>('li[aria-current="true"]');
      if (!row) throw new Error('no linked row yet');
      return row;
    },
    { timeout: 15_000 },
  );
}
