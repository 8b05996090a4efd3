import { useCallback, useEffect, useRef } from 'react';
import type { ThreadReading } from '../../../shared/forum';
import { useSaveReading } from './api/save-reading';
import { replyElementId } from './reply-row';

/** Scrolling through a long thread saves its place at most this often. */
export const READING_SAVE_EVERY_MS = 2000;

/**
 * Saves how far the member has read: the newest reply that has been on screen, sent at most
 * every two seconds and once more on leaving the page. The position never moves backwards:
 * scrolling up to an older reply sends nothing. Without IntersectionObserver (old browsers)
 * nothing is saved and the thread opens where it did before.
 */
export function useReadingPosition(
  postId: number,
  reading: ThreadReading | undefined,
  ids: readonly number[],
) {
  const { mutate } = useSaveReading();
  const tracking = reading !== undefined;
  const lastRead = reading?.lastReadReplyId ?? null;
  /** The newest reply the server holds as read; -1 before the thread was ever opened. */
  const saved = useRef(-1);
  /** The newest reply seen here; 0 is the opening post, read on opening the thread. */
  const seen = useRef(0);
  const lastSaveAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  const replyOf = useRef(new WeakMap<Element, number>());

  // Another tab may have read further: never send a position the server already passed.
  useEffect(() => {
    if (lastRead !== null && lastRead > saved.current) saved.current = lastRead;
  }, [lastRead]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (!tracking || seen.current <= saved.current) return;
    saved.current = seen.current;
    lastSaveAt.current = Date.now();
    mutate({ postId, lastReadReplyId: seen.current });
  }, [mutate, postId, tracking]);

  const schedule = useCallback(() => {
    if (timer.current !== null || seen.current <= saved.current) return;
    const wait = lastSaveAt.current + READING_SAVE_EVERY_MS - Date.now();
    if (wait <= 0) flush();
    else timer.current = setTimeout(flush, wait);
  }, [flush]);

  useEffect(() => {
    if (!tracking || typeof IntersectionObserver === 'undefined') return;
    const watcher = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const id = replyOf.current.get(entry.target) ?? 0;
        if (id > seen.current) seen.current = id;
        // A reply counts once: a thread of thousands keeps only unseen rows observed.
        watcher.unobserve(entry.target);
      }
      schedule();
    });
    observer.current = watcher;
    return () => {
      watcher.disconnect();
      observer.current = null;
    };
  }, [schedule, tracking]);

  // Each newly loaded reply newer than the position is watched for coming on screen.
  useEffect(() => {
    const watcher = observer.current;
    if (!watcher) return;
    for (const id of ids) {
      if (id <= Math.max(seen.current, saved.current)) continue;
      const element = document.getElementById(replyElementId(id));
      if (!element) continue;
      replyOf.current.set(element, id);
      watcher.observe(element);
    }
  }, [ids, tracking]);

  // Opening the thread reads its opening post; leaving it (or the tab) sends what is pending.
  useEffect(() => {
    if (!tracking) return;
    schedule();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush, schedule, tracking]);
}

/** The reading kept for a member's open thread; rendered (lazily) only for members. */
export default function ReadingTracker(props: {
  postId: number;
  reading: ThreadReading;
  ids: readonly number[];
}) {
  useReadingPosition(props.postId, props.reading, props.ids);
  return null;
}
