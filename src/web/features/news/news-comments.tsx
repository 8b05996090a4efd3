import { Text } from '@mantine/core';
import { usePost } from '../../api/get-post';
import { useSignInGate } from '../../components/use-sign-in-gate';
import { Replies } from '../forum';
import { LoadError, LoadingStatus } from '../../components/query-list';

/**
 * An article's replies are those of its discussion thread, so they follow the forum's rules
 * (sign-in, verified email, mutes, locks, reports) with the forum's own components, and the
 * forum's word: readers meet "replies" on the news list, the article and the forum alike.
 */
export function NewsComments({ discussionPostId }: { discussionPostId: number | null }) {
  const thread = usePost(discussionPostId);
  const gate = useSignInGate();

  if (discussionPostId === null)
    return <Text c="dimmed">Replies are closed for this article.</Text>;
  if (thread.isError) {
    return <LoadError title="Could not load the replies" error={thread.error} />;
  }
  if (!thread.data) {
    return <LoadingStatus label="Loading the replies" />;
  }
  return <Replies post={thread.data} gate={gate} />;
}
