import { Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { AdminUser } from '../../../shared/accounts';
import { can } from '../../../shared/permissions';
import { useSession } from '../../api/session';
import { LoadingStatus, QueryList } from '../../components/query-list';
import { noUserFilters, useUsers, type UserFilters as Filters } from './api/get-users';
import { BlockAccountModal } from './block-account-modal';
import { MuteUserModal } from './mute-user-modal';
import { UserFilters } from './user-filters';
import { UserHistoryModal } from './user-history-modal';
import { UsersTable, type UserDialog } from './users-table';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

function captionFor(filters: Filters): string {
  if (filters.q !== '') return `Accounts matching “${filters.q}”`;
  return filters.role === '' && filters.status === '' ? 'All accounts' : 'Filtered accounts';
}

/**
 * The member list behind /admin/users and /moderator/users: one page, whose columns and actions
 * follow the viewer's permissions and rank (DESIGN.md §4).
 */
export function UsersDirectory({ title, intro }: { title: string; intro: string }) {
  const viewer = useSession().data;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [choices, setChoices] = useState<Filters>(noUserFilters);
  const filters = { ...choices, q };
  const users = useUsers(filters);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const [target, setTarget] = useState<AdminUser | null>(null);

  const onOpen = (next: UserDialog, user: AdminUser) => {
    setTarget(user);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const list = users.data?.pages.flatMap((page) => page.users) ?? [];

  const caption = captionFor(filters);
  let empty = 'There are no accounts yet.';
  if (caption !== 'All accounts') {
    empty = q === '' ? 'No account matches these filters.' : `No account matches “${q}”.`;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
      </Stack>
      <UserFilters
        search={search}
        onSearch={setSearch}
        filters={filters}
        // The typed search wins over the `q` the choices carry.
        onChange={setChoices}
        byEmail={can(viewer?.role, 'users.block')}
      />
      {viewer ? (
        <QueryList
          query={users}
          items={list}
          label={caption}
          subject="the users"
          py="xl"
          empty={empty}
          moreLabel="Load more users"
          renderItems={(items, { label, busy }) => (
            <UsersTable busy={busy} users={items} viewer={viewer} caption={label} onOpen={onOpen} />
          )}
        />
      ) : (
        <LoadingStatus label="Loading the users" py="xl" />
      )}
      <BlockAccountModal opened={dialog === 'block'} user={target} onClose={close} />
      <MuteUserModal opened={dialog === 'mute'} user={target} onClose={close} />
      <UserHistoryModal opened={dialog === 'history'} user={target} onClose={close} />
    </Stack>
  );
}
