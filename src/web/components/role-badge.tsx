import { Badge, type BadgeProps } from '@mantine/core';
import { isStaff, roleLabels, type Role } from '../../shared/roles';

/*
 * One dark shade per staff role under white text, the same in light and dark mode, so every
 * badge keeps at least 4.5:1 (white on grape.9 7.3:1, indigo.9 6.8:1, red.9 5.5:1). A plain
 * member's badge is the default variant: the body's text colour on the body's background.
 */
const staffColors: Record<Exclude<Role, 'user'>, string> = {
  moderator: 'grape.9',
  experienced_moderator: 'indigo.9',
  admin: 'red.9',
};

export interface RoleBadgeProps {
  role: Role | null;
  size?: BadgeProps['size'];
  /**
   * Next to what someone wrote, only moderators and admins are marked (as on Discourse): a
   * "User" badge on every reply would say nothing.
   */
  staffOnly?: boolean;
}

/** A member's role as every page shows it: threads, replies, profiles and the users list. */
export function RoleBadge({ role, size = 'sm', staffOnly = false }: RoleBadgeProps) {
  const staff = isStaff(role);
  if (staffOnly && !staff) return null;
  return (
    <Badge
      size={size}
      variant={staff ? 'filled' : 'default'}
      color={staff ? staffColors[role] : undefined}
      tt="none"
      fw={600}
    >
      {role === null ? 'No role' : roleLabels[role]}
    </Badge>
  );
}
