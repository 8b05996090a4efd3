import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';

export const DRAFT_SAVE_DEBOUNCE_MS = 500;

export interface DraftOptions<Values> {
  /** Where it is kept: one key per account (and per thread or reply), never shared. */
  key: string;
  /**
   * Reads a stored draft loosely, field by field: a half-typed text the form would refuse is
   * still worth restoring, and one damaged field must not cost the others.
   */
  schema: z.ZodType<Values>;
  /** Nothing worth keeping: the stored draft is removed instead. */
  isEmpty: (values: Values) => boolean;
  /** Puts a found draft into the form. */
  restore: (values: Values) => void;
}

/** The saved draft, or null when there is none or it no longer parses. */
function readDraft<Values>({ key, schema, isEmpty }: DraftOptions<Values>): Values | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success && !isEmpty(parsed.data) ? parsed.data : null;
  } catch {
    // Storage can be disabled (private mode) or hold junk: there is simply no draft.
    return null;
  }
}

function writeDraft<Values>(key: string, values: Values, isEmpty: (values: Values) => boolean) {
  try {
    if (isEmpty(values)) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Full or disabled storage: the draft is a convenience, typing goes on.
  }
}

/**
 * Keeps what a form holds in localStorage while it is written, so a reload, Back or a closed
 * tab loses nothing. A draft found is put into the form once, after the first render: a form
 * the server drew hydrates as drawn (empty), then takes the draft before the browser paints.
 * `restored` says a draft came back (for the "Draft restored" notice); `save` is debounced and
 * flushed when the form unmounts or the page is left; `clear` drops the draft for good.
 */
export function useDraft<Values>(options: DraftOptions<Values>) {
  const { key, isEmpty } = options;
  const [restored, setRestored] = useState(false);
  const save = useDebouncedCallback((values: Values) => writeDraft(key, values, isEmpty), {
    delay: DRAFT_SAVE_DEBOUNCE_MS,
    flushOnUnmount: true,
  });
  const first = useRef(options);

  useLayoutEffect(() => {
    const draft = readDraft(first.current);
    if (draft === null) return;
    first.current.restore(draft);
    setRestored(true);
  }, []);

  const clear = useCallback(() => {
    save.cancel();
    setRestored(false);
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored to clear.
    }
  }, [save, key]);

  // A reload or tab close does not unmount React: flush the pending save ourselves.
  useEffect(() => {
    const flush = () => save.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [save]);

  return { restored, save, clear };
}
