import { useEffect, useState } from 'react';

/**
 * For a dialog whose code loads on its first opening, so it mounts already asked to open:
 * Mantine's modal notes where focus was (to give it back on close) and plays its transition only
 * when `opened` changes, so the dialog mounts closed and opens right after.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && opened;
}
