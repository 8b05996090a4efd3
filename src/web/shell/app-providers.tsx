import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RenderedAuthContext, type AuthState } from './auth-state';
import { useForcedColorScheme } from './color-scheme';
import { GlobalDialogs } from './global-dialogs';
import { ThemeProvider } from './theme-provider';
import { ToastArea } from './toast-area';
import { useNewVersionNotice } from './version-notice';

interface ProvidersProps {
  router: DataRouter;
  queryClient: QueryClient;
  /** The auth state the server rendered the first page with, when it did. */
  renderedAuth?: AuthState | undefined;
  children: ReactNode;
}

/**
 * Providers and the global pieces that live outside any page (toasts, confirm dialog, image
 * viewer), so a root error page still has them. The browser puts its router inside; a server
 * render puts the static router for one request.
 */
export function AppProviders({ router, queryClient, renderedAuth, children }: ProvidersProps) {
  const forcedScheme = useForcedColorScheme(router);
  const page = (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider forceColorScheme={forcedScheme}>
        {children}
        <ToastArea />
        <GlobalDialogs />
      </ThemeProvider>
    </QueryClientProvider>
  );
  return renderedAuth ? (
    <RenderedAuthContext value={renderedAuth}>{page}</RenderedAuthContext>
  ) : (
    page
  );
}

/** The whole app in the browser. */
export function App({ router, queryClient, renderedAuth }: Omit<ProvidersProps, 'children'>) {
  useNewVersionNotice();
  return (
    <AppProviders router={router} queryClient={queryClient} renderedAuth={renderedAuth}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
