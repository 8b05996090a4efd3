import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { z } from 'zod';
import type { activeSessionSchema } from '../../../shared/accounts';
import { toast } from '../../shell/toast-store';
import { useActiveSessions } from './api/get-active-sessions';
import { useSignOutSession } from './api/sign-out-session';
import { formatDateTime, formatRelative } from '../../components/format-time';
import { QueryList } from '../../components/query-list';
import { SettingsSection } from './settings-section';
import { showServerError } from '../../shell/server-errors';

type ActiveSession = z.infer<typeof activeSessionSchema>;

function SessionRow({ session }: { session: ActiveSession }) {
  const signOut = useSignOutSession();
  const onSignOut = () =>
    signOut.mutate(session.id, {
      onSuccess: () =>
        toast.show({
          title: 'Device signed out',
          description: `${session.device} is no longer signed in.`,
          color: 'green',
        }),
      onError: (error) => showServerError('Could not sign out that device', error),
    });

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500} span>
          {session.device}
        </Text>{' '}
        {session.current && (
          <Badge variant="dot" color="green" size="sm" tt="none">
            This device
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{session.signedInWith ?? 'Unknown'}</Table.Td>
      <Table.Td>{session.ipAddress ?? 'Unknown'}</Table.Td>
      <Table.Td>
        <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
          {formatRelative(session.lastSeenAt)}
        </time>
      </Table.Td>
      <Table.Td>
        {!session.current && (
          <Button
            size="xs"
            variant="default"
            loading={signOut.isPending}
            onClick={onSignOut}
            aria-label={`Sign out ${session.device}`}
          >
            Sign out
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Every device signed in to this account, this one first. */
export function ActiveSessions() {
  const sessions = useActiveSessions();

  const ordered = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));

  return (
    <SettingsSection
      title="Active sessions"
      description="Sign out a device you no longer use or do not recognise."
    >
      <QueryList
        query={sessions}
        items={ordered}
        label="Devices signed in to your account"
        subject="your sessions"
        empty="No device is signed in."
        renderItems={(items, { label }) => (
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm">
              <Table.Caption>{label}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Device</Table.Th>
                  <Table.Th scope="col">Signed in with</Table.Th>
                  <Table.Th scope="col">IP address</Table.Th>
                  <Table.Th scope="col">Last seen</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((session) => (
                  <SessionRow key={session.id} session={session} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      />
    </SettingsSection>
  );
}
