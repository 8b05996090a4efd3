import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import type { PostFormValues } from './post-form-schema';

export const DRAFT_SAVE_DEBOUNCE_MS = 500;

/** One draft per account, so two people sharing a browser never see each other's. */
export function draftKey(userId: string): string {
  return `viewpoint:forum-draft:${userId}`;
}

/**
 * Drafts are read back loosely, field by field: a half-typed title the form would refuse is
 * still worth restoring, and one damaged field must not cost the others.
 */
const storedDraft = z.object({
  title: z.string().catch(''),
  body: z.string().catch(''),
  categoryId: z.string().catch(''),
  tags: z.array(z.string()).catch([]),
  filmTitle: z.string().catch(''),
  rating: z.number().int().min(0).max(10).catch(0),
}) satisfies z.ZodType<PostFormValues>;

function isEmpty(values: PostFormValues): boolean {
  return values.title.trim() === '' && values.body.trim() === '';
}

/** The saved draft, or null when there is none or it no longer parses. */
export function readDraft(userId: string): PostFormValues | null {
  try {
    const raw = window.localStorage.getItem(draftKey(userId));
    if (raw === null) return null;
    const parsed = storedDraft.safeParse(JSON.parse(raw));
    return parsed.success && !isEmpty(parsed.data) ? parsed.data : null;
  } catch {
    // Storage can be disabled (private mode) or hold junk: there is simply no draft.
    return null;
  }
}

function writeDraft(userId: string, values: PostFormValues): void {
  try {
    if (isEmpty(values)) window.localStorage.removeItem(draftKey(userId));
    else window.localStorage.setItem(draftKey(userId), JSON.stringify(values));
  } catch {
    // Full or disabled storage: the draft is a convenience, typing goes on.
  }
}

/**
 * Keeps the new-thread form in localStorage while typing. `restored` holds the draft found on
 * mount; `save` is debounced and flushed when the page unmounts; `clear` drops it for good.
 */
export function usePostDraft(userId: string) {
  const [restored] = useState(() => readDraft(userId));
  const save = useDebouncedCallback((values: PostFormValues) => writeDraft(userId, values), {
    delay: DRAFT_SAVE_DEBOUNCE_MS,
    flushOnUnmount: true,
  });

  const clear = useCallback(() => {
    save.cancel();
    try {
      window.localStorage.removeItem(draftKey(userId));
    } catch {
      // Nothing stored to clear.
    }
  }, [save, userId]);

  // A reload or tab close does not unmount React: flush the pending save ourselves.
  useEffect(() => {
    const flush = () => save.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [save]);

  return { restored, save, clear };
}
