import { UsersDirectory } from './users-directory';

/** /moderator/users: find members, read their history, mute them (and block, if experienced). */
export function ModeratorUsersPage() {
  return (
    <UsersDirectory
      title="Moderate users"
      intro="Find members, see their activity and past sanctions, and mute or block those who break the rules."
    />
  );
}
