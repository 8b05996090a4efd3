import { useEffect, useState, type ComponentType } from 'react';
import { useConfirmState } from './confirm-store';
import { useImageViewerState } from './image-viewer-store';

/**
 * The component `load` gives, loaded the first time `wanted` is true and kept from then on (so
 * closing transitions still play). No Suspense: nothing waits on a timer, so paused test
 * clocks do not hold it back either.
 */
function useLoadedWhenWanted(
  wanted: boolean,
  load: () => Promise<ComponentType>,
): ComponentType | null {
  const [component, setComponent] = useState<{ Component: ComponentType } | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let current = true;
    void load().then((Component) => {
      if (current) setComponent({ Component });
    });
    return () => {
      current = false;
    };
  }, [wanted, component, load]);
  return component?.Component ?? null;
}

const loadConfirmDialog = () => import('./confirm-dialog').then((module) => module.ConfirmDialog);
const loadImageViewer = () => import('./image-viewer').then((module) => module.ImageViewer);

/**
 * The global confirm dialog and image viewer: their code loads the first time one opens, so a
 * reader who never opens them never downloads it.
 */
export function GlobalDialogs() {
  const ConfirmDialog = useLoadedWhenWanted(useConfirmState().opened, loadConfirmDialog);
  const ImageViewer = useLoadedWhenWanted(useImageViewerState().image !== null, loadImageViewer);
  return (
    <>
      {ConfirmDialog && <ConfirmDialog />}
      {ImageViewer && <ImageViewer />}
    </>
  );
}
