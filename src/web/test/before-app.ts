import { afterEach } from 'vitest';
import indexHtml from '../index.html?raw';

/**
 * The inline scripts of index.html that run before the app starts, run here as the browser runs
 * them: each test that needs one gets a fresh copy of the real script, not a stand-in.
 */
function inlineScript(marker: string): string {
  const script = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .find((body) => body.includes(marker));
  if (!script) throw new Error(`index.html has no inline script with ${marker}`);
  return script;
}

type Listening = Parameters<typeof document.addEventListener>;
/** What the scripts listen to on the document, taken away after each test as a new page would. */
const listening: Listening[] = [];

/** Runs one inline script in the global scope, with jsdom's document and window. */
function runInline(marker: string): void {
  const listen = document.addEventListener.bind(document);
  document.addEventListener = ((...args: Listening) => {
    listening.push(args);
    listen(...args);
  }) as typeof document.addEventListener;
  try {
    // An indirect eval runs it in the global scope, as the browser does.
    const run = globalThis.eval;
    run(inlineScript(marker));
  } finally {
    // Back to the prototype's own method.
    Reflect.deleteProperty(document, 'addEventListener');
  }
}

/** Runs the cookie banner's script, as index.html does before the page is parsed. */
export function runCookieBannerScript(): void {
  runInline('vp-cookie-banner');
}

/** Runs the keep-typing script, as index.html does before the page is parsed. */
export function runKeepTypingScript(): void {
  runInline('viewpointKept');
}

const drawn: HTMLElement[] = [];
afterEach(() => {
  for (const args of listening.splice(0)) document.removeEventListener(...args);
  for (const element of drawn.splice(0)) element.remove();
  delete window.viewpointKept;
  delete document.documentElement.dataset.appReady;
});

/**
 * A person types into the fields a server drew, before the app starts: the fields are put in a
 * `#root` like the server's, each gets its text as typing would (an `input` event, the caret at
 * the end), then they are removed, as React does when it draws a form anew.
 */
export function typeBeforeAppStarts(fields: Record<string, string>): void {
  runKeepTypingScript();
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  drawn.push(root);
  for (const [name, value] of Object.entries(fields)) {
    const field = document.createElement(value.includes('\n') ? 'textarea' : 'input');
    field.name = name;
    root.append(field);
    field.focus();
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  root.remove();
}
