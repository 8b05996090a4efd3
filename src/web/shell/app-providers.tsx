import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { useForcedColorScheme } from './color-scheme';
import { ConfirmDialog } from './confirm-dialog';
import { ImageViewer } from './image-viewer';
import { ThemeProvider } from './theme-provider';
import { ToastArea } from './toast-area';
import { useNewVersionNotice } from './version-notice';

/**
 * The whole app: providers, the routed page, and the global pieces that live outside any page
 * (toasts, confirm dialog, image viewer), so a root error page still has them.
 */
export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  const forcedScheme = useForcedColorScheme(router);
  useNewVersionNotice();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider forceColorScheme={forcedScheme}>
        <RouterProvider router={router} />
        <ToastArea />
        <ConfirmDialog />
        <ImageViewer />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
