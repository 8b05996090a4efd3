import { useSyncExternalStore } from 'react';

export type ConfirmType = 'info' | 'warning' | 'danger';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  type?: ConfirmType;
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void | Promise<void>;
}

/** What the dialog shows; kept after closing so the exit transition still has its text. */
export interface ConfirmView {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  type: ConfirmType;
}

export interface ConfirmState {
  opened: boolean;
  loading: boolean;
  view: ConfirmView | null;
}

let state: ConfirmState = { opened: false, loading: false, view: null };
let callbacks: Pick<ConfirmOptions, 'onConfirm' | 'onCancel'> | null = null;
const listeners = new Set<() => void>();

function set(next: ConfirmState): void {
  state = next;
  for (const listener of listeners) listener();
}

function closeAndClear(): void {
  callbacks = null;
  set({ opened: false, loading: false, view: state.view });
}

/** Opens the global confirm dialog (SPEC §3 confirm dialog data, with its defaults). */
export function confirm(options: ConfirmOptions): void {
  if (state.loading) {
    // Replacing a dialog whose action is still running would orphan that action's result.
    console.warn('confirm() called while another confirmation is running; ignored.');
    return;
  }
  callbacks = { onConfirm: options.onConfirm, onCancel: options.onCancel };
  set({
    opened: true,
    loading: false,
    view: {
      title: options.title ?? 'Confirm Action',
      message: options.message,
      confirmLabel: options.confirmLabel ?? 'Confirm',
      cancelLabel: options.cancelLabel ?? 'Cancel',
      type: options.type ?? 'info',
    },
  });
}

/**
 * Runs onConfirm with both buttons disabled and dismissal blocked, then always closes. A
 * failure is only logged (SPEC §8): the action owns its own error reporting.
 */
export async function acceptConfirm(): Promise<void> {
  if (!state.opened || state.loading || !callbacks) return;
  const { onConfirm } = callbacks;
  set({ ...state, loading: true });
  try {
    await onConfirm();
  } catch (error) {
    console.warn('Confirm action failed', error);
  } finally {
    closeAndClear();
  }
}

/** Cancel button, Escape or a click outside: runs onCancel, then closes. */
export async function cancelConfirm(): Promise<void> {
  if (!state.opened || state.loading) return;
  const onCancel = callbacks?.onCancel;
  closeAndClear();
  try {
    await onCancel?.();
  } catch (error) {
    console.warn('Cancel action failed', error);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): ConfirmState {
  return state;
}

export const confirmStore = { getState, subscribe };

export function useConfirmState(): ConfirmState {
  return useSyncExternalStore(subscribe, getState, getState);
}
