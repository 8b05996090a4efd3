import { useCallback } from 'react';

/**
 * A ref that writes its element's distance from the top of the page into its `--chat-top`, so
 * its CSS can take the rest of the window (`100dvh` less that): the room's history scrolls
 * inside and the message box sits at the foot of the window on arrival, whatever the header
 * above holds (one row or two, the email banner). Measured again whenever the page changes size.
 */
export function useFillViewport(): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const measure = () => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      element.style.setProperty('--chat-top', `${top}px`);
    };
    measure();
    // What is above the element changes the page's size, as does a new window width.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
}
