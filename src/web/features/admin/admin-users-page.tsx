import { Alert, Button, Center, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminUser } from '../../../shared/accounts';
import { useSession } from '../../api/session';
import { useUsers } from './api/get-users';
import { BlockAccountModal } from './block-account-modal';
import { UsersTable } from './users-table';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** /admin/users: find accounts, change their role, block and unblock them. */
export function AdminUsersPage() {
  const viewer = useSession().data;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUsers(q);
  const [blockOpened, setBlockOpened] = useState(false);
  const [blockTarget, setBlockTarget] = useState<AdminUser | null>(null);

  const onBlock = (user: AdminUser) => {
    setBlockTarget(user);
    setBlockOpened(true);
  };
  const list = users.data?.pages.flatMap((page) => page.users) ?? [];

  let content;
  if (!viewer || users.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading users" />
      </Center>
    );
  } else if (users.isError && list.length === 0) {
    content = (
      <Alert color="red">
        <Text size="sm" fw={700}>
          Could not load the users
        </Text>
        <Text size="sm">{errorText(users.error)}</Text>
      </Alert>
    );
  } else if (list.length === 0) {
    content = <Text>{q === '' ? 'There are no accounts yet.' : `No account matches “${q}”.`}</Text>;
  } else {
    content = (
      <UsersTable
        busy={users.isPlaceholderData}
        users={list}
        viewer={viewer}
        caption={q === '' ? 'All accounts' : `Accounts matching “${q}”`}
        onBlock={onBlock}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Users</Title>
      <TextInput
        label="Search users"
        description="By name, username or email."
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {content}
      {users.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={users.isFetchingNextPage}
            onClick={() => void users.fetchNextPage()}
          >
            Load more users
          </Button>
        </Group>
      )}
      <BlockAccountModal
        opened={blockOpened}
        user={blockTarget}
        onClose={() => setBlockOpened(false)}
      />
    </Stack>
  );
}
