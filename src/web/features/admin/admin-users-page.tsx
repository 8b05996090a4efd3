import { UsersDirectory } from './users-directory';

/** /admin/users: find accounts, change their role, block and unblock them, read their trail. */
export function AdminUsersPage() {
  return (
    <UsersDirectory
      title="Users"
      intro="Every account: change roles, block and unblock, and open each one's audit trail."
    />
  );
}
