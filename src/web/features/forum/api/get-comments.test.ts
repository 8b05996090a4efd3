import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/query-keys';
import { updateCachedComment, type CommentPages } from './get-comments';
import { buildReply } from '../../../test/factories';

const comment = (id: number) => buildReply(id);

describe('updateCachedComment', () => {
  it('replaces one reply and keeps every other reply and page object as it was', () => {
    const queryClient = new QueryClient();
    const pages: CommentPages = {
      pageParams: [null, 'p2'],
      pages: [
        { items: [comment(1), comment(2)], nextCursor: 'p2', total: 4 },
        { items: [comment(3), comment(4)], nextCursor: null, total: 4 },
      ],
    };
    queryClient.setQueryData(queryKeys.comments(1), pages);

    updateCachedComment(queryClient, 1, 3, (reply) => ({ ...reply, reactionCount: 1 }));

    const after = queryClient.getQueryData<CommentPages>(queryKeys.comments(1))!;
    // Memoised rows and pages re-render only when their object changed.
    expect(after.pages[0]).toBe(pages.pages[0]);
    expect(after.pages[1]).not.toBe(pages.pages[1]);
    expect(after.pages[1]!.items[0]!.reactionCount).toBe(1);
    expect(after.pages[1]!.items[1]).toBe(pages.pages[1]!.items[1]);
  });
});
