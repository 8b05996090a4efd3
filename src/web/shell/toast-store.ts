import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

export const DEFAULT_TOAST_TIMEOUT = 5000;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Image URL shown as an avatar (for example who sent a message). */
  avatar?: string;
  /** Show the close button; on by default so a sticky toast can always be dismissed. */
  closeButton?: boolean;
  /** Milliseconds until the toast closes itself; 0 keeps it until closed. */
  timeout?: number;
  actions?: ToastAction[];
  /** Runs when the user closes the toast with its close button. */
  callback?: () => void;
  color?: MantineColor;
  /** Runs when the body of the toast is clicked. */
  onClick?: () => void;
}

export interface Toast extends ToastOptions {
  id: string;
  timeout: number;
  closeButton: boolean;
  /** Milliseconds left when the countdown was last paused or started. */
  remaining: number;
  /** When the running countdown started (Date.now()), or null while paused or sticky. */
  runningSince: number | null;
}

let toasts: readonly Toast[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let counter = 0;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function update(id: string, patch: Partial<Toast>): void {
  emit(toasts.map((item) => (item.id === id ? { ...item, ...patch } : item)));
}

function startTimer(id: string, ms: number): void {
  clearTimer(id);
  timers.set(
    id,
    setTimeout(() => hide(id), ms),
  );
}

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function show(options: ToastOptions): string {
  counter += 1;
  const id = `toast-${counter}`;
  const timeout = Math.max(0, options.timeout ?? DEFAULT_TOAST_TIMEOUT);
  const item: Toast = {
    ...options,
    id,
    timeout,
    closeButton: options.closeButton ?? true,
    remaining: timeout,
    runningSince: timeout > 0 ? Date.now() : null,
  };
  emit([...toasts, item]);
  if (timeout > 0) startTimer(id, timeout);
  return id;
}

function hide(id: string): void {
  clearTimer(id);
  if (toasts.some((item) => item.id === id)) emit(toasts.filter((item) => item.id !== id));
}

/** Stops the countdown, keeping the time that was left (hover). */
function pause(id: string): void {
  const item = toasts.find((candidate) => candidate.id === id);
  if (!item || item.runningSince === null) return;
  clearTimer(id);
  update(id, { remaining: remainingTime(item), runningSince: null });
}

/** Continues the countdown from where pause left it. */
function resume(id: string): void {
  const item = toasts.find((candidate) => candidate.id === id);
  if (!item || item.timeout === 0 || item.runningSince !== null) return;
  update(id, { runningSince: Date.now() });
  startTimer(id, item.remaining);
}

/** Runs an action's handler, then closes the toast. */
function runAction(id: string, action: ToastAction): void {
  try {
    action.onClick();
  } finally {
    hide(id);
  }
}

/** The close button: runs the toast's callback, then closes it. */
function close(id: string): void {
  const item = toasts.find((candidate) => candidate.id === id);
  try {
    item?.callback?.();
  } finally {
    hide(id);
  }
}

function clear(): void {
  for (const id of timers.keys()) clearTimer(id);
  emit([]);
}

/** Milliseconds left on a toast's countdown at `now`. */
export function remainingTime(item: Toast, now = Date.now()): number {
  if (item.runningSince === null) return item.remaining;
  return Math.max(0, item.remaining - (now - item.runningSince));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getToasts(): readonly Toast[] {
  return toasts;
}

export const toast = { show, hide, pause, resume, runAction, close, clear, getToasts, subscribe };

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
