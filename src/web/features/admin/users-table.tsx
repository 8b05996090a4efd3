import { Button, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconBan,
  IconChevronDown,
  IconHistory,
  IconListSearch,
  IconLockOpen,
  IconVolume,
  IconVolumeOff,
} from '../../components/icons';
import type { AdminUser, SessionUser } from '../../../shared/accounts';
import { can } from '../../../shared/permissions';
import { mayActOnAccount } from '../../../shared/rank';
import { formatDay } from '../../components/format-time';
import { RoleBadge } from '../../components/role-badge';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { accountStatus, isMuted, statusColor } from './account-status';
import { useUnblockAccount } from './api/unblock-account';
import { useUnmuteUser } from './api/unmute-user';
import { RoleSelect } from './role-select';
import classes from '../../components/responsive-table.module.css';

/** The dialogs a row opens; the page owns them (one of each, not one per row). */
export type UserDialog = 'history' | 'mute' | 'block';

interface UserRowProps {
  user: AdminUser;
  viewer: SessionUser;
  onOpen: (dialog: UserDialog, user: AdminUser) => void;
}

/** The account's state in words, after a dot in its colour (the words carry the meaning). */
function AccountStatus({ user }: { user: AdminUser }) {
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <span
        aria-hidden
        style={{
          flex: 'none',
          width: 8,
          height: 8,
          borderRadius: '50%',
          background: `var(--mantine-color-${statusColor(user)}-filled)`,
        }}
      />
      <Text size="sm">{accountStatus(user)}</Text>
    </Group>
  );
}

/** What the viewer may do to one account, in a menu: history, mute, block, audit trail. */
function UserActions({ user, viewer, onOpen }: UserRowProps) {
  const unblock = useUnblockAccount();
  const unmute = useUnmuteUser();
  // The server enforces the rank rules; hiding only spares the viewer a refusal.
  const mayAct = mayActOnAccount(viewer, user);
  const mayMute = mayAct && can(viewer.role, 'users.mute');
  const mayBlock = mayAct && can(viewer.role, 'users.block');
  const mayAudit = can(viewer.role, 'audit.view');
  const own = viewer.id === user.id;
  if (own && !mayAudit) return null;

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
  const icon = { size: 16, 'aria-hidden': true } as const;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="default"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Actions for ${user.name}`}
        >
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {!own && (
          <Menu.Item
            leftSection={<IconHistory {...icon} />}
            onClick={() => onOpen('history', user)}
            aria-label={`History of ${user.name}`}
          >
            History
          </Menu.Item>
        )}
        {mayMute &&
          (isMuted(user) ? (
            <Menu.Item
              leftSection={<IconVolume {...icon} />}
              disabled={unmute.isPending}
              onClick={onUnmute}
              aria-label={`Unmute ${user.name}`}
            >
              Unmute
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconVolumeOff {...icon} />}
              onClick={() => onOpen('mute', user)}
              aria-label={`Mute ${user.name}`}
            >
              Mute
            </Menu.Item>
          ))}
        {mayBlock &&
          (user.block ? (
            <Menu.Item
              leftSection={<IconLockOpen {...icon} />}
              disabled={unblock.isPending}
              onClick={onUnblock}
              aria-label={`Unblock ${user.name}`}
            >
              Unblock
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconBan {...icon} />}
              onClick={() => onOpen('block', user)}
              aria-label={`Block ${user.name}`}
            >
              Block
            </Menu.Item>
          ))}
        {mayAudit && (
          <Menu.Item
            component={PrefetchLink}
            to={`/admin/audit?targetType=user&targetId=${encodeURIComponent(user.id)}`}
            leftSection={<IconListSearch {...icon} />}
            aria-label={`Audit trail of ${user.name}`}
          >
            Audit trail
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function UserRow({ user, viewer, onOpen }: UserRowProps) {
  const mayChangeRole = mayActOnAccount(viewer, user) && can(viewer.role, 'roles.change');
  return (
    <Table.Tr className={classes.row}>
      <Table.Th scope="row" fw={500} className={classes.primary}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Text>
          {user.username && (
            <Text size="sm" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
              @{user.username}
            </Text>
          )}
          {user.email && (
            <Text size="sm" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          )}
        </Stack>
      </Table.Th>
      <Table.Td className={classes.labelled} data-label="Role">
        {mayChangeRole ? <RoleSelect user={user} /> : <RoleBadge role={user.role} />}
      </Table.Td>
      <Table.Td className={classes.labelled} data-label="Status" miw={144}>
        <AccountStatus user={user} />
      </Table.Td>
      <Table.Td className={classes.optional} style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
      </Table.Td>
      <Table.Td className={classes.optional} ta="right">
        {user.postCount.toLocaleString()}
      </Table.Td>
      <Table.Td className={classes.optional} ta="right">
        {user.commentCount.toLocaleString()}
      </Table.Td>
      <Table.Td className={classes.optional} ta="right">
        {user.reportsAgainst.toLocaleString()}
      </Table.Td>
      <Table.Td className={classes.actions} ta="right">
        <UserActions user={user} viewer={viewer} onOpen={onOpen} />
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

/**
 * The accounts, one row each: who (name, username, and the email for those who may see it),
 * role, status and a menu of actions; join date and counts where the screen has room.
 */
export function UsersTable({ users, viewer, caption, busy, onOpen }: UsersTableProps) {
  return (
    <Table
      className={classes.table}
      verticalSpacing="sm"
      horizontalSpacing="xs"
      striped
      captionSide="top"
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1 }}
    >
      <Table.Caption ta="left">
        <Text size="sm" c="dimmed" span>
          {caption}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Member</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col" className={classes.optional}>
            Joined
          </Table.Th>
          <Table.Th scope="col" className={classes.optional} ta="right">
            Threads
          </Table.Th>
          <Table.Th scope="col" className={classes.optional} ta="right">
            Replies
          </Table.Th>
          <Table.Th scope="col" className={classes.optional} ta="right">
            Reports against
          </Table.Th>
          <Table.Th scope="col" ta="right">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <UserRow key={user.id} user={user} viewer={viewer} onOpen={onOpen} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
