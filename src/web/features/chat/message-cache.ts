import type { InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChatMessage, messagePageResponse } from '../../../shared/chat';

export type MessagePage = z.infer<typeof messagePageResponse>;

/**
 * A room's history as TanStack Query keeps it: pages newest first, each page's messages newest
 * first; the first page ends at the newest message, later pages reach back (`nextCursor`).
 */
export type MessagePages = InfiniteData<MessagePage, string | null>;

/** What reading a history needs of it, whatever its page parameters are typed as. */
export interface HistoryPages {
  pages: readonly MessagePage[];
}

export interface MergeOptions {
  /**
   * Live events carry `reacted: false` whoever reads them (each reader keeps their own like):
   * a message already shown keeps the reader's `reacted`.
   */
  keepReacted?: boolean;
}

function newestFirst(a: ChatMessage, b: ChatMessage): number {
  return b.id - a.id;
}

/**
 * Merges `messages` (any order, possibly already known) into the history: a known id is
 * replaced where it stands, a new one joins the first page in id order. Ids are given by the
 * server in the order messages are stored, so a catch-up after a reconnect and a live message
 * that raced it end up in one order, each once. Pages that do not change keep their identity.
 */
export function mergeMessages(
  data: MessagePages | undefined,
  messages: readonly ChatMessage[],
  options: MergeOptions = {},
): MessagePages | undefined {
  if (!data || messages.length === 0) return data;
  const incoming = new Map<number, ChatMessage>();
  for (const message of messages) incoming.set(message.id, message);

  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => incoming.has(item.id))) return page;
    return {
      ...page,
      items: page.items.map((item) => {
        const update = incoming.get(item.id);
        if (!update) return item;
        incoming.delete(item.id);
        return options.keepReacted ? { ...update, reacted: item.reacted } : update;
      }),
    };
  });

  const [first, ...rest] = pages;
  if (incoming.size === 0 || !first) return { ...data, pages };
  const joined = [...incoming.values(), ...first.items].sort(newestFirst);
  return { ...data, pages: [{ ...first, items: joined }, ...rest] };
}

/** Applies `change` to one message, wherever it is; unknown ids change nothing. */
export function updateMessage(
  data: MessagePages | undefined,
  id: number,
  change: (message: ChatMessage) => ChatMessage,
): MessagePages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => item.id === id)) return page;
    found = true;
    return { ...page, items: page.items.map((item) => (item.id === id ? change(item) : item)) };
  });
  return found ? { ...data, pages } : data;
}

/** Takes a deleted (or, for members, hidden) message out of the history. */
export function removeMessage(
  data: MessagePages | undefined,
  id: number,
): MessagePages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => item.id === id)) return page;
    found = true;
    return { ...page, items: page.items.filter((item) => item.id !== id) };
  });
  return found ? { ...data, pages } : data;
}

/** The newest message the history holds: where a catch-up starts. */
export function newestMessageId(data: HistoryPages | undefined): number | null {
  let newest: number | null = null;
  for (const page of data?.pages ?? []) {
    for (const item of page.items) if (newest === null || item.id > newest) newest = item.id;
  }
  return newest;
}

/** Every message, oldest first, each once: what the room shows from top to bottom. */
export function messagesInOrder(data: HistoryPages | undefined): ChatMessage[] {
  const seen = new Set<number>();
  const all: ChatMessage[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      all.push(item);
    }
  }
  return all.sort((a, b) => a.id - b.id);
}
