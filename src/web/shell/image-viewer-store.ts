import { useSyncExternalStore } from 'react';

export const IMAGE_VIEWER_FADE_MS = 300;

export interface ViewerImage {
  src: string;
  alt: string;
}

export interface ImageViewerState {
  image: ViewerImage | null;
  /** True during the 300 ms fade-out, before the overlay leaves the DOM. */
  closing: boolean;
}

let state: ImageViewerState = { image: null, closing: false };
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: ImageViewerState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Shows `element` full screen. Only <img> elements can be viewed; anything else warns. */
export function openImageViewer(element: Element | null | undefined): void {
  if (!(element instanceof HTMLImageElement)) {
    console.warn('openImageViewer needs an <img> element; got', element);
    return;
  }
  clearTimeout(timer);
  set({ image: { src: element.currentSrc || element.src, alt: element.alt }, closing: false });
}

/** Fades the overlay out, then removes it. */
export function closeImageViewer(): void {
  if (!state.image || state.closing) return;
  set({ ...state, closing: true });
  timer = setTimeout(() => set({ image: null, closing: false }), IMAGE_VIEWER_FADE_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): ImageViewerState {
  return state;
}

export function useImageViewerState(): ImageViewerState {
  return useSyncExternalStore(subscribe, getState, getState);
}
