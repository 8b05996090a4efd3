import { isRole, roles, type Role } from './roles.js';

/**
 * The one permission table (DESIGN.md §4). The server enforces it on every route; the web app
 * reads it only to hide what a user cannot do. A missing or unknown role grants nothing.
 */
const everyone: readonly Role[] = ['user', 'moderator', 'experienced_moderator', 'admin'];
const moderators: readonly Role[] = ['moderator', 'experienced_moderator', 'admin'];
const experienced: readonly Role[] = ['experienced_moderator', 'admin'];
const admins: readonly Role[] = ['admin'];

export const permissionTable = {
  /** Post, comment, chat, react, report, donate; edit or delete one's own content. */
  'content.write': everyone,
  /** Ask to become a moderator: only plain users. */
  'mod-request.create': ['user'],
  /** Review reports; hide/restore content; lock, pin and move threads. */
  'content.moderate': moderators,
  /** Mute users for a while; see /moderator/users. */
  'users.mute': moderators,
  /** Edit others' posts; purge content for good. */
  'content.edit-others': experienced,
  /** Edit films' details and merge duplicate films. */
  'films.edit': experienced,
  /** Block and unblock accounts. */
  'users.block': experienced,
  /** Change roles; decide mod requests; news; site settings; donations; the audit log. */
  'roles.change': admins,
  'mod-requests.decide': admins,
  'news.write': admins,
  'site.settings': admins,
  /** Create chat rooms, change their settings (posting policy, slow mode) and archive them. */
  'chat.rooms': admins,
  'donations.view': admins,
  'audit.view': admins,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissionTable;

export const permissionNames = Object.keys(permissionTable) as Permission[];

export function can(role: unknown, permission: Permission): boolean {
  return isRole(role) && (permissionTable[permission] as readonly Role[]).includes(role);
}

/** The lowest role on the ladder that holds `permission` (the one a refusal names). */
export function lowestRoleWith(permission: Permission): Role {
  return roles.find((role) => can(role, permission)) ?? 'admin';
}
