import { useSyncExternalStore } from 'react';
import type { ChatMessage } from '../../../shared/chat';

/**
 * Messages this tab is sending: shown below the room's history until the server's copy arrives
 * (by the send's answer or the live channel, matched on the nonce). One that failed stays, marked,
 * and is sent again with the same nonce, so the server stores it once however often it is sent.
 */
export interface PendingMessage {
  nonce: string;
  roomId: number;
  body: string;
  replyTo: ChatMessage['replyTo'];
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the last try failed, in the server's words. */
  error: string | null;
  /** The failure was the network's: the message goes again by itself once back online. */
  offline: boolean;
}

let pending: readonly PendingMessage[] = [];
const listeners = new Set<() => void>();

function set(next: readonly PendingMessage[]): void {
  pending = next;
  for (const listener of listeners) listener();
}

export const pendingMessages = {
  all: (): readonly PendingMessage[] => pending,
  add: (message: PendingMessage): void => {
    set([...pending.filter((item) => item.nonce !== message.nonce), message]);
  },
  update: (nonce: string, change: Partial<PendingMessage>): void => {
    if (!pending.some((item) => item.nonce === nonce)) return;
    set(pending.map((item) => (item.nonce === nonce ? { ...item, ...change } : item)));
  },
  /** The server has the message (or it was given up): it leaves the pending list. */
  settle: (nonce: string | null): void => {
    if (nonce === null || !pending.some((item) => item.nonce === nonce)) return;
    set(pending.filter((item) => item.nonce !== nonce));
  },
  clear: (): void => {
    set([]);
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const none: readonly PendingMessage[] = [];
let lastAll: readonly PendingMessage[] = none;
let lastRoom = -1;
let lastSlice: readonly PendingMessage[] = none;

function roomSlice(roomId: number): readonly PendingMessage[] {
  const all = pendingMessages.all();
  if (all !== lastAll || roomId !== lastRoom) {
    lastAll = all;
    lastRoom = roomId;
    const slice = all.filter((item) => item.roomId === roomId);
    lastSlice = slice.length === 0 ? none : slice;
  }
  return lastSlice;
}

/** This room's messages on their way, oldest first. */
export function usePendingMessages(roomId: number): readonly PendingMessage[] {
  return useSyncExternalStore(
    pendingMessages.subscribe,
    () => roomSlice(roomId),
    () => none,
  );
}

/** A nonce the server accepts: 32 hex digits from the browser's random source. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
