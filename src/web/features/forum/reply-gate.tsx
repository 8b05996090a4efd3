import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '../../components/icons';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { noRepliesMessage, type PostDetail } from '../../../shared/forum';
import { useSession } from '../../api/session';
import { activeMute } from '../../components/active-mute';

/** Only a muted member sees it, so nobody else loads it. */
const MutedNotice = lazy(() =>
  import('../../components/muted-notice').then((module) => ({ default: module.MutedNotice })),
);

/**
 * Shows the reply form only to someone who may send it; everyone else learns why not (a locked
 * or deleted thread, signed out, email not verified, muted). The server enforces the same rules.
 */
export function ReplyGate({ post, children }: { post: PostDetail; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const user = session.data;

  if (post.deleted) return null;
  if (post.locked) {
    return (
      <Alert color="orange" icon={<IconLock size={18} aria-hidden />} role="status">
        {noRepliesMessage.locked}
      </Alert>
    );
  }
  if (session.isPending) return null;
  if (!user) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Group gap="sm">
        <Text>Sign in to join the conversation.</Text>
        <Button component={Link} to={`/auth/login?redirect=${back}`} variant="default">
          Sign in to reply
        </Button>
      </Group>
    );
  }
  if (!user.emailVerified) {
    return (
      <Group gap="sm">
        <Text>Verify your email address to reply.</Text>
        <Button component={Link} to="/user-profile" variant="default">
          Go to your profile
        </Button>
      </Group>
    );
  }
  const mute = activeMute(user.mute);
  if (mute) {
    return (
      <Suspense fallback={null}>
        <MutedNotice mute={mute} />
      </Suspense>
    );
  }
  if (!post.viewer.canReply) {
    return <Text c="dimmed">You cannot reply to this thread.</Text>;
  }
  return children;
}
