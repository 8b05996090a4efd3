import { CloseButton, FocusTrap } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import { closeImageViewer, useImageViewerState } from './image-viewer-store';
import classes from './image-viewer.module.css';

/** The full-screen image overlay; open it with openImageViewer or ImageViewerButton. */
export function ImageViewer() {
  const { image, closing } = useImageViewerState();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const open = image !== null;

  useEffect(() => {
    if (!open) return;
    returnFocusTo.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeImageViewer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Keyboard users continue from the button that opened the viewer.
      returnFocusTo.current?.focus();
    };
  }, [open]);

  if (!image) return null;

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) closeImageViewer();
  };

  return (
    <FocusTrap active={!closing}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Image viewer"
        className={classes.overlay}
        data-closing={closing || undefined}
        onClick={onBackdropClick}
      >
        <img src={image.src} alt={image.alt} className={classes.image} />
        <CloseButton
          aria-label="Close image viewer"
          className={classes.close}
          size="xl"
          variant="filled"
          color="dark"
          onClick={closeImageViewer}
          data-autofocus
        />
      </div>
    </FocusTrap>
  );
}
