import { Alert, Center, Loader, Text } from '@mantine/core';
import { usePost } from '../../api/get-post';
import { useSignInGate } from '../../components/use-sign-in-gate';
import { errorMessage } from '../../shell/server-errors';
import { Replies } from '../forum';

/**
 * An article's comments are the replies of its discussion thread, so they follow the forum's
 * rules (sign-in, verified email, mutes, locks, reports) with the forum's own components.
 */
export function NewsComments({ discussionPostId }: { discussionPostId: number | null }) {
  const thread = usePost(discussionPostId);
  const gate = useSignInGate();

  if (discussionPostId === null)
    return <Text c="dimmed">Comments are closed for this article.</Text>;
  if (thread.isError) {
    return (
      <Alert color="red" title="Could not load the comments">
        {errorMessage(thread.error)}
      </Alert>
    );
  }
  if (!thread.data) {
    return (
      <Center py="md">
        <Loader aria-label="Loading the comments" />
      </Center>
    );
  }
  return <Replies post={thread.data} gate={gate} />;
}
