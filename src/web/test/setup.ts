import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { authState } from '../shell/auth-state';
import { cancelConfirm } from '../shell/confirm-store';
import { closeImageViewer } from '../shell/image-viewer-store';
import { toast } from '../shell/toast-store';

/*
 * Pages are lazy modules: the first render of a page in a test file imports and transforms it,
 * which takes longer than Testing Library's 1 s default on a loaded CI machine.
 */
configure({ asyncUtilTimeout: 5000 });

/*
 * jsdom lacks the layout APIs Mantine reads. These stubs answer "no match" and "no size",
 * which is what a headless test wants.
 */
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = ResizeObserverStub;
}

/*
 * jsdom has no document.fonts, which Mantine's autosizing Textarea listens to. An EventTarget
 * stands in (it never fires: jsdom loads no fonts).
 */
if (!('fonts' in document) || document.fonts === undefined) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

// ScrollRestoration scrolls on navigation; jsdom only reports "not implemented".
window.scrollTo = () => {};

if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => {};
}

/*
 * A test that makes React (or our code) call console.error fails, even when its assertions
 * pass: those messages are bugs waiting to happen (epic-stack does the same).
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** Each test starts signed out, in a fresh tab, with no toast or dialog left from the last. */
afterEach(async () => {
  cleanup();
  await cancelConfirm();
  closeImageViewer();
  toast.clear();
  authState.signOut();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    const message = calls.map((args: unknown[]) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${message}`);
  }
});
