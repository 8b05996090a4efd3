import { Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '../../components/icons';
import { userSorts, userStatuses } from '../../../shared/accounts';
import { isRole, roleLabels, roles } from '../../../shared/roles';
import type { UserFilters as Filters } from './api/get-users';

const statusLabels: Record<(typeof userStatuses)[number], string> = {
  active: 'Active',
  blocked: 'Blocked',
  muted: 'Muted',
  unverified: 'Unverified',
};
const sortLabels: Record<(typeof userSorts)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
};

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

interface UserFiltersProps {
  /** What is typed, before the pause that sends it. */
  search: string;
  onSearch: (search: string) => void;
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** Experienced moderators and admins also search by email. */
  byEmail: boolean;
}

export function UserFilters({ search, onSearch, filters, onChange, byEmail }: UserFiltersProps) {
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Search users"
        description={byEmail ? 'By name, username or email.' : 'By name or username.'}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={320}
      />
      <NativeSelect
        label="Role"
        value={filters.role}
        data={[
          { value: '', label: 'Any role' },
          ...roles.map((role) => ({ value: role, label: roleLabels[role] })),
        ]}
        onChange={({ currentTarget: { value } }) =>
          onChange({ ...filters, role: isRole(value) ? value : '' })
        }
      />
      <NativeSelect
        label="Status"
        value={filters.status}
        data={[
          { value: '', label: 'Any status' },
          ...userStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
        ]}
        onChange={({ currentTarget: { value } }) =>
          onChange({ ...filters, status: isOneOf(userStatuses, value) ? value : '' })
        }
      />
      <NativeSelect
        label="Sort by"
        value={filters.sort}
        data={userSorts.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        onChange={({ currentTarget: { value } }) =>
          onChange({ ...filters, sort: isOneOf(userSorts, value) ? value : 'newest' })
        }
      />
    </Group>
  );
}
