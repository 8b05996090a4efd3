import { describe, expect, it } from 'vitest';
import { buildChatMessage } from '../../test/factories';
import {
  mergeMessages,
  messagesInOrder,
  newestMessageId,
  removeMessage,
  type MessagePages,
} from './message-cache';

const message = buildChatMessage;

/** Pages newest first, as the server pages history: [[5,4,3],[2,1]]. */
function history(...pages: number[][]): MessagePages {
  return {
    pages: pages.map((ids) => ({
      items: ids.map((id) => message(id)),
      nextCursor: null,
      hasMore: false,
    })),
    pageParams: pages.map((_page, index) => (index === 0 ? null : `cursor-${index}`)),
  };
}

const ids = (data: MessagePages | undefined) => messagesInOrder(data).map((item) => item.id);

describe('the chat history cache', () => {
  it('adds a new message once, however often it arrives', () => {
    let data = history([5, 4, 3], [2, 1]);
    data = mergeMessages(data, [message(6)])!;
    data = mergeMessages(data, [message(6)])!;
    expect(ids(data)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('merges a catch-up that overlaps live messages into one gapless order', () => {
    // 8 came live while offline was ending; the catch-up after 5 brings 6, 7, 8 and 9.
    const live = mergeMessages(history([5, 4, 3], [2, 1]), [message(8)]);
    const caught = mergeMessages(
      live,
      [6, 7, 8, 9].map((id) => message(id)),
    );
    expect(ids(caught)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(newestMessageId(caught)).toBe(9);
  });

  it('replaces a known message where it stands, keeping untouched pages as they were', () => {
    const data = history([5, 4, 3], [2, 1]);
    const edited = mergeMessages(data, [
      message(2, { body: 'Edited', editedAt: '2025-03-01T11:00:00.000Z' }),
    ])!;
    expect(edited.pages[0]).toBe(data.pages[0]);
    expect(edited.pages[1]!.items.map((item) => item.body)).toEqual(['Edited', 'Message 1']);
  });

  it('keeps the reader’s own like when a live update says nothing of it', () => {
    const data = mergeMessages(history([2, 1]), [message(2, { reacted: true, reactionCount: 1 })]);
    const updated = mergeMessages(data, [message(2, { reactionCount: 2 })], { keepReacted: true });
    expect(messagesInOrder(updated).at(-1)).toMatchObject({ reacted: true, reactionCount: 2 });
  });

  it('takes a removed message out of whichever page holds it', () => {
    expect(ids(removeMessage(history([5, 4, 3], [2, 1]), 2))).toEqual([1, 3, 4, 5]);
    expect(ids(removeMessage(history([2, 1]), 9))).toEqual([1, 2]);
  });
});
