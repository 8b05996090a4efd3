import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { LoadingStatus } from '../../components/query-list';

/** The rooms and their live channel load only for a member who may chat. */
const ChatRooms = lazy(() => import('./chat-rooms'));

function Gate({ message, action, to }: { message: string; action: string; to: string }) {
  return (
    <Group gap="sm">
      <Text>{message}</Text>
      <Button component={Link} to={to} variant="default">
        {action}
      </Button>
    </Group>
  );
}

/** /chat: live rooms for signed-in members with a verified email; everyone else learns why not. */
export function ChatPage() {
  const session = useSession();
  const user = session.data;

  let content;
  if (session.isPending) content = <LoadingStatus label="Loading chat" py="xl" />;
  else if (!user) {
    content = (
      <Gate
        message="Sign in to talk films with the community in real time."
        action="Sign in to chat"
        to={`/auth/login?redirect=${encodeURIComponent('/chat')}`}
      />
    );
  } else if (!user.emailVerified) {
    content = (
      <Gate
        message="Verify your email address to join the chat."
        action="Go to your profile"
        to="/user-profile"
      />
    );
  } else {
    content = (
      <Suspense fallback={<LoadingStatus label="Loading chat" py="xl" />}>
        <ChatRooms />
      </Suspense>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1}>Chat</Title>
      {content}
    </Stack>
  );
}
