import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminUser, SessionUser } from '../../../shared/accounts';
import { can, outranks } from '../../../shared/permissions';
import { roleLabels } from '../../../shared/roles';
import { accountStatus } from './account-status';
import { useUnblockAccount } from './api/unblock-account';
import { RoleSelect } from './role-select';
import { showServerError, showSuccess } from '../../shell/server-errors';

interface UserRowProps {
  user: AdminUser;
  viewer: SessionUser;
  onBlock: (user: AdminUser) => void;
}

function statusColor(user: AdminUser): string {
  if (user.block) return 'red';
  return user.emailVerified ? 'green' : 'gray';
}

function UserRow({ user, viewer, onBlock }: UserRowProps) {
  const unblock = useUnblockAccount();
  // The server enforces the rank rules; hiding only spares the admin a refusal.
  const mayAct = outranks(viewer, user);
  const mayChangeRole = mayAct && can(viewer.role, 'roles.change');
  const mayBlock = mayAct && can(viewer.role, 'users.block');
  const roleLabel = user.role ? roleLabels[user.role] : 'No role';

  const onUnblock = () =>
    unblock.mutate(user.id, {
      onSuccess: () => showSuccess('Account unblocked', `${user.name} can sign in again.`),
      onError: (error) => showServerError('Could not unblock the account', error),
    });

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {user.name}
      </Table.Th>
      <Table.Td>{user.username ? `@${user.username}` : '—'}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email || 'Hidden'}</Table.Td>
      <Table.Td>{mayChangeRole ? <RoleSelect user={user} /> : roleLabel}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color={statusColor(user)} tt="none">
          {accountStatus(user)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {mayBlock &&
          (user.block ? (
            <Button
              size="xs"
              variant="default"
              loading={unblock.isPending}
              onClick={onUnblock}
              aria-label={`Unblock ${user.name}`}
            >
              Unblock
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              onClick={() => onBlock(user)}
              aria-label={`Block ${user.name}`}
            >
              Block
            </Button>
          ))}
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
  onBlock: (user: AdminUser) => void;
}

export function UsersTable({ users, viewer, caption, busy, onBlock }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={860} aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
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
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} viewer={viewer} onBlock={onBlock} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
