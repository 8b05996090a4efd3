import { useEffect } from 'react';

/**
 * Marks the document once the page on screen is hydrated or mounted (`data-app-ready`, and an
 * `app-ready` event), so browser tests press buttons and type only when React listens to them.
 * Drawn inside the page's own Suspense boundary (default-layout.tsx), which hydrates after the
 * header: a mark set when the root alone was hydrated would come before the page listens.
 */
export function ReadyMark(): null {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    document.dispatchEvent(new Event('app-ready'));
  }, []);
  return null;
}
