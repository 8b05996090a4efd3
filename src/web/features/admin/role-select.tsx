import { NativeSelect } from '@mantine/core';
import type { AdminUser } from '../../../shared/accounts';
import { isRole, roleLabels, roles } from '../../../shared/roles';
import { confirm } from '../../shell/confirm-store';
import { useChangeRole } from './api/change-role';
import { showServerError, showSuccess } from '../../shell/server-errors';

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

/**
 * A native select (one real <select> per row: light, and read well by screen readers). It stays
 * on the current role until the admin confirms and the list is reloaded.
 */
export function RoleSelect({ user }: { user: AdminUser }) {
  const changeRole = useChangeRole();

  const onChange = (value: string) => {
    if (!isRole(value) || value === user.role) return;
    const from = user.role ? roleLabels[user.role] : 'no role';
    confirm({
      title: 'Change role',
      message: `Change ${user.name}'s role from ${from} to ${roleLabels[value]}?`,
      confirmLabel: 'Change role',
      type: 'danger',
      onConfirm: async () => {
        try {
          await changeRole.mutateAsync({ userId: user.id, role: value });
          showSuccess('Role changed', `${user.name} is now ${roleLabels[value]}.`);
        } catch (error) {
          showServerError('Could not change the role', error);
        }
      },
    });
  };

  return (
    <NativeSelect
      aria-label={`Role of ${user.name}`}
      size="xs"
      value={user.role ?? ''}
      data={user.role ? roleOptions : [{ value: '', label: 'No role' }, ...roleOptions]}
      disabled={changeRole.isPending}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
