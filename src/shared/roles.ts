/**
 * The moderation ladder (DESIGN.md §4). Each role holds every role below it. A missing or
 * unknown role grants nothing.
 */
export const roles = ['user', 'moderator', 'experienced_moderator', 'admin'] as const;

export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** A role's place on the ladder: 0 for a user up to 3 for an admin, -1 for none. */
export function rankOf(role: unknown): number {
  return isRole(role) ? roles.indexOf(role) : -1;
}

/** True when `role` holds `required` (admin holds moderator, and so on). */
export function roleHolds(role: unknown, required: Role): boolean {
  const have = rankOf(role);
  return have >= 0 && have >= rankOf(required);
}

/** Moderators and admins: the members marked as staff beside what they write and on their card. */
export function isStaff(role: Role | null | undefined): role is Exclude<Role, 'user'> {
  return roleHolds(role, 'moderator');
}

export const roleLabels: Record<Role, string> = {
  user: 'User',
  moderator: 'Moderator',
  experienced_moderator: 'Experienced moderator',
  admin: 'Admin',
};
