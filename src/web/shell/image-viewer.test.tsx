import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { renderWithTheme } from '../test/render';
import { ImageViewer } from './image-viewer';
import { ImageViewerButton } from './image-viewer-button';
import { closeImageViewer, IMAGE_VIEWER_FADE_MS, openImageViewer } from './image-viewer-store';

function Illustration() {
  const image = useRef<HTMLImageElement>(null);
  return (
    <>
      <img ref={image} src="/images/projector.svg" alt="A film projector" />
      <ImageViewerButton target={image} />
      <ImageViewer />
    </>
  );
}

function viewer(): HTMLElement | null {
  return screen.queryByRole('dialog', { name: 'Image viewer' });
}

describe('image viewer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => {
      closeImageViewer();
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
  });

  it('opens the image full screen from its button', () => {
    renderWithTheme(<Illustration />);
    fireEvent.click(screen.getByRole('button', { name: 'View full size' }));

    const dialog = viewer();
    expect(dialog).not.toBeNull();
    const shown = dialog?.querySelector('img');
    expect(shown?.getAttribute('alt')).toBe('A film projector');
    expect(shown?.getAttribute('src')).toContain('/images/projector.svg');
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
    [
      'the close button',
      () => fireEvent.click(screen.getByRole('button', { name: 'Close image viewer' })),
    ],
    [
      'a backdrop click',
      () => fireEvent.click(screen.getByRole('dialog', { name: 'Image viewer' })),
    ],
  ])('closes on %s after a 300 ms fade-out', (_how, close) => {
    renderWithTheme(<Illustration />);
    fireEvent.click(screen.getByRole('button', { name: 'View full size' }));

    close();
    expect(viewer()?.hasAttribute('data-closing')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(IMAGE_VIEWER_FADE_MS - 1);
    });
    expect(viewer()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(viewer()).toBeNull();
  });

  it('a click on the image itself does not close it', () => {
    renderWithTheme(<Illustration />);
    fireEvent.click(screen.getByRole('button', { name: 'View full size' }));
    const shown = viewer()?.querySelector('img');
    if (!shown) throw new Error('no image in the viewer');

    fireEvent.click(shown);
    expect(viewer()?.hasAttribute('data-closing')).toBe(false);
  });

  it('warns and does nothing for an element that is not an image', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithTheme(<ImageViewer />);

    act(() => openImageViewer(document.createElement('div')));

    expect(warn).toHaveBeenCalledOnce();
    expect(viewer()).toBeNull();
    warn.mockRestore();
  });
});
