import { lazy, Suspense, useState } from 'react';
import { useConfirmState } from './confirm-store';
import { useImageViewerState } from './image-viewer-store';

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);
const ImageViewer = lazy(() =>
  import('./image-viewer').then((module) => ({ default: module.ImageViewer })),
);

/** Mounted from the first time it is wanted on, so closing transitions still play. */
function useWanted(now: boolean): boolean {
  const [wanted, setWanted] = useState(now);
  if (now && !wanted) setWanted(true);
  return wanted || now;
}

/**
 * The global confirm dialog and image viewer: their code loads the first time one opens, so a
 * reader who never opens them never downloads it.
 */
export function GlobalDialogs() {
  const confirmWanted = useWanted(useConfirmState().opened);
  const viewerWanted = useWanted(useImageViewerState().image !== null);
  return (
    <Suspense fallback={null}>
      {confirmWanted && <ConfirmDialog />}
      {viewerWanted && <ImageViewer />}
    </Suspense>
  );
}
