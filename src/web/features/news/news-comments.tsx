import { Text } from '@mantine/core';
import { usePost } from '../../api/get-post';
import { useSignInGate } from '../../components/use-sign-in-gate';
import { useViewer } from '../../components/use-viewer';
import { Replies, useReading } from '../forum';
import { LoadError, LoadingStatus } from '../../components/query-list';

/**
 * An article's replies are those of its discussion thread, so they follow the forum's rules
 * (sign-in, verified email, mutes, locks, reports) with the forum's own components, and the
 * forum's word: readers meet "replies" on the news list, the article and the forum alike. A
 * member's reading of them is kept as in any thread.
 */
export function NewsComments({
  articleId,
  discussionPostId,
}: {
  articleId: number;
  discussionPostId: number | null;
}) {
  const thread = usePost(discussionPostId);
  const gate = useSignInGate();
  const viewer = useViewer();
  // A member's place in the comments: they open at the first unread one, kept as they read.
  const reading = useReading(discussionPostId ?? 0, discussionPostId !== null && !!viewer);

  if (discussionPostId === null)
    return <Text c="dimmed">Replies are closed for this article.</Text>;
  if (thread.isError) {
    return <LoadError title="Could not load the replies" error={thread.error} />;
  }
  if (!thread.data) {
    return <LoadingStatus label="Loading the replies" />;
  }
  return <Replies post={thread.data} gate={gate} reading={reading.data} articleId={articleId} />;
}
