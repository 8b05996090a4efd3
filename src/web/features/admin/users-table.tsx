import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminUser, SessionUser } from '../../../shared/accounts';
import { can } from '../../../shared/permissions';
import { mayActOnAccount } from '../../../shared/rank';
import { roleLabels } from '../../../shared/roles';
import { formatDay } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { accountStatus, isMuted, statusColor } from './account-status';
import { useUnblockAccount } from './api/unblock-account';
import { useUnmuteUser } from './api/unmute-user';
import { RoleSelect } from './role-select';

/** The dialogs a row opens; the page owns them (one of each, not one per row). */
export type UserDialog = 'history' | 'mute' | 'block';

interface UserRowProps {
  user: AdminUser;
  viewer: SessionUser;
  showEmail: boolean;
  onOpen: (dialog: UserDialog, user: AdminUser) => void;
}

function RoleBadge({ user }: { user: AdminUser }) {
  return (
    <Badge variant={user.role === 'user' ? 'outline' : 'light'} color="grape" tt="none">
      {user.role ? roleLabels[user.role] : 'No role'}
    </Badge>
  );
}

function UserRow({ user, viewer, showEmail, onOpen }: UserRowProps) {
  const unblock = useUnblockAccount();
  const unmute = useUnmuteUser();
  // The server enforces the rank rules; hiding only spares the viewer a refusal.
  const mayAct = mayActOnAccount(viewer, user);
  const mayChangeRole = mayAct && can(viewer.role, 'roles.change');
  const mayMute = mayAct && can(viewer.role, 'users.mute');
  const mayBlock = mayAct && can(viewer.role, 'users.block');
  const own = viewer.id === user.id;
  const button = { size: 'compact-xs', variant: 'default' } as const;

  const onUnblock = () =>
    unblock.mutate(user.id, {
      onSuccess: () => showSuccess('Account unblocked', `${user.name} can sign in again.`),
      onError: (error) => showServerError('Could not unblock the account', error),
    });
  const onUnmute = () =>
    unmute.mutate(user.id, {
      onSuccess: () => showSuccess('User unmuted', `${user.name} can post again.`),
      onError: (error) => showServerError('Could not unmute the user', error),
    });

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {user.name}
      </Table.Th>
      <Table.Td>{user.username ? `@${user.username}` : '—'}</Table.Td>
      {showEmail && <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email || '—'}</Table.Td>}
      <Table.Td>{mayChangeRole ? <RoleSelect user={user} /> : <RoleBadge user={user} />}</Table.Td>
      <Table.Td>
        <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
      </Table.Td>
      <Table.Td>{user.postCount.toLocaleString()}</Table.Td>
      <Table.Td>{user.commentCount.toLocaleString()}</Table.Td>
      <Table.Td>{user.reportsAgainst.toLocaleString()}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color={statusColor(user)} tt="none">
          {accountStatus(user)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {!own && (
            <Button
              {...button}
              onClick={() => onOpen('history', user)}
              aria-label={`History of ${user.name}`}
            >
              History
            </Button>
          )}
          {mayMute &&
            (isMuted(user) ? (
              <Button
                {...button}
                loading={unmute.isPending}
                onClick={onUnmute}
                aria-label={`Unmute ${user.name}`}
              >
                Unmute
              </Button>
            ) : (
              <Button
                {...button}
                onClick={() => onOpen('mute', user)}
                aria-label={`Mute ${user.name}`}
              >
                Mute
              </Button>
            ))}
          {mayBlock &&
            (user.block ? (
              <Button
                {...button}
                loading={unblock.isPending}
                onClick={onUnblock}
                aria-label={`Unblock ${user.name}`}
              >
                Unblock
              </Button>
            ) : (
              <Button
                {...button}
                onClick={() => onOpen('block', user)}
                aria-label={`Block ${user.name}`}
              >
                Block
              </Button>
            ))}
          {can(viewer.role, 'audit.view') && (
            <Anchor
              component={PrefetchLink}
              to={`/admin/audit?targetType=user&targetId=${encodeURIComponent(user.id)}`}
              size="sm"
              aria-label={`Audit trail of ${user.name}`}
            >
              Audit trail
            </Anchor>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface UsersTableProps {
  users: readonly AdminUser[];
  viewer: SessionUser;
  caption: string;
  /** A new search is loading; the rows are the previous answer's. */
  busy: boolean;
  onOpen: (dialog: UserDialog, user: AdminUser) => void;
}

export function UsersTable({ users, viewer, caption, busy, onOpen }: UsersTableProps) {
  // Emails reach only experienced moderators and admins; others get '' and no column.
  const showEmail = can(viewer.role, 'users.block');
  return (
    <Table.ScrollContainer minWidth={1000} aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
      <Table verticalSpacing="sm" striped captionSide="top">
        {/* At the start, not centred on the scrolling table, so a phone shows it too. */}
        <Table.Caption ta="left">
          <Text size="sm" c="dimmed" span>
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Username</Table.Th>
            {showEmail && <Table.Th scope="col">Email</Table.Th>}
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
            <Table.Th scope="col">Threads</Table.Th>
            <Table.Th scope="col">Replies</Table.Th>
            <Table.Th scope="col">Reports against</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              viewer={viewer}
              showEmail={showEmail}
              onOpen={onOpen}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
