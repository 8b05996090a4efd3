import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

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

afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    const message = calls.map((args: unknown[]) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${message}`);
  }
});
