import { useEffect } from 'react';
import { z } from 'zod';
import { toast } from './toast-store';

export const VERSION_POLL_MS = 60 * 1000;

const latestBuildSchema = z.object({ id: z.string() });

async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const response = await fetch('/builds/latest.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const parsed = latestBuildSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.id : null;
  } catch {
    // Offline or a deploy in progress: try again at the next tick.
    return null;
  }
}

/**
 * Polls /builds/latest.json every minute and whenever the tab comes back into view. Once the
 * deployed build differs from this one, it shows a single sticky toast offering a reload, and
 * stops polling. Returns a function that stops the watch.
 */
export function watchForNewVersion(
  currentId: string,
  fetchLatest: () => Promise<string | null> = fetchLatestBuildId,
): () => void {
  let stopped = false;

  const check = async () => {
    const latest = await fetchLatest();
    if (stopped || latest === null || latest === currentId) return;
    stop();
    toast.show({
      title: 'A new version is available',
      description: 'Reload to get the latest version of the site.',
      timeout: 0,
      actions: [{ label: 'Reload', onClick: () => window.location.reload() }],
    });
  };
  const onFocus = () => void check();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void check();
  };

  const interval = setInterval(() => void check(), VERSION_POLL_MS);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisibility);

  function stop() {
    stopped = true;
    clearInterval(interval);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisibility);
  }
  return stop;
}

/** Runs the watch for the app's lifetime. The dev server has no build manifest to compare. */
export function useNewVersionNotice(): void {
  useEffect(() => {
    if (import.meta.env.DEV) return;
    return watchForNewVersion(import.meta.env.VITE_BUILD_ID);
  }, []);
}
