import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * What was typed into one field of a server-drawn page before the app started, as the inline
 * keep-typing script of index.html recorded it: the text (a chosen radio's or option's value),
 * the caret, and whether it was the field typed into last.
 */
export interface KeptField {
  value: string;
  start?: number;
  end?: number;
  last: boolean;
}

declare global {
  interface Window {
    /** Set by the keep-typing script of index.html; absent where it did not run. */
    viewpointKept?: {
      take(name: string): KeptField | undefined;
      /** Whether a form holding the field `name` was sent before the app could send it (once). */
      takeSubmit?(name: string): boolean;
    };
  }
}

/** Takes (once) what was typed into the field `name` of this page before the app started. */
export function takeKept(name: string): KeptField | undefined {
  return typeof window === 'undefined' ? undefined : window.viewpointKept?.take(name);
}

/** The caret goes back where it was when React drew the focused field anew. */
function restoreCaret(name: string, kept: KeptField): void {
  requestAnimationFrame(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const field = [...document.getElementsByName(name)].find(
      (element): element is HTMLInputElement | HTMLTextAreaElement =>
        element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement,
    );
    if (!field) return;
    field.focus();
    if (kept.start === undefined) return;
    try {
      field.setSelectionRange(kept.start, kept.end ?? kept.start);
    } catch {
      // Not every input type has a caret (email, number): focus is enough.
    }
  });
}

/** Takes what was typed into the fields `names`; the caret goes back to the last one. */
function takeAll(names: readonly string[]): Record<string, string> | null {
  const kept: Record<string, string> = {};
  let caret: [string, KeptField] | null = null;
  for (const name of names) {
    const field = takeKept(name);
    if (!field) continue;
    kept[name] = field.value;
    if (field.last) caret = [name, field];
  }
  if (caret) restoreCaret(...caret);
  return Object.keys(kept).length === 0 ? null : kept;
}

type ApplyKept = (kept: Record<string, string>) => void;

/**
 * The press on Send (or Enter) a person made before the app started, which the keep-typing
 * script held back: made again once the form holds their text, so it is not silently lost.
 */
function sendHeldSubmit(names: readonly string[]): void {
  const name = names.find((candidate) => window.viewpointKept?.takeSubmit?.(candidate));
  if (name === undefined) return;
  // After the kept text's render has committed: the form's own handler reads its state.
  setTimeout(() => {
    const field = document.getElementsByName(name)[0];
    const form = field && 'form' in field ? (field.form as HTMLFormElement | null) : null;
    form?.requestSubmit();
  }, 0);
}

/** Takes the fields once, in the effect given: before the paint, or once the page rendered. */
function useTakeKept(useWhen: typeof useEffect, names: readonly string[], apply: ApplyKept): void {
  const first = useRef({ names, apply });
  useWhen(() => {
    const kept = takeAll(first.current.names);
    if (!kept) return;
    first.current.apply(kept);
    sendHeldSubmit(first.current.names);
  }, []);
}

/**
 * A form takes into its state what a person typed into its fields (by their `name`) before
 * the app started, when it mounts or hydrates (DESIGN.md §6: never a silent loss). `apply` gets
 * only the fields that were typed into; it runs once, before the browser paints, so the text
 * never blinks out, also when React draws the field anew.
 */
export function useKeptTyping(names: readonly string[], apply: ApplyKept): void {
  useTakeKept(useLayoutEffect, names, apply);
}

/**
 * `useKeptTyping` for choices that change the page's address (the filters of a list): they
 * are applied once the page has rendered, as the router takes no navigation before then.
 */
export function useKeptChoices(names: readonly string[], apply: ApplyKept): void {
  useTakeKept(useEffect, names, apply);
}

/**
 * `useKeptTyping` for a Mantine form whose field names are its values' keys. A field's DOM
 * value is text, as the form's own inputs give it (a radio group's chosen value, a typed
 * amount), so the kept text goes in as the inputs would have put it.
 */
export function useFormKeepsTyping<Values extends object>(form: {
  getValues(): Values;
  setValues(values: Partial<Values>): void;
}): void {
  useKeptTyping(Object.keys(form.getValues()), (kept) =>
    form.setValues(kept as unknown as Partial<Values>),
  );
}
