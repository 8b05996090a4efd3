import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '../components/icons';
import { useSignOut } from '../features/accounts/sign-out';
import type { AuthUser } from '../shell/auth-state';
import { PrefetchLink } from '../shell/prefetch-link';
import { accountLinksFor } from './account-links';
import classes from './layout.module.css';

/** A signed-in member's menu; its own chunk, so visitors never download it. */
export default function UserMenu({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  return (
    // Above the toast area (z-index 1000), which sits right where this menu opens: the toast
    // that follows a sign-in would otherwise cover the menu's first items.
    <Menu position="bottom-end" width={220} withinPortal zIndex={1001}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          className={classes.accountButton}
          leftSection={
            // A picture, not initials: visible letters that are not in the button's label make
            // its visible text differ from its accessible name (axe: label-content-name-mismatch).
            <Avatar size={26} radius="xl" color="amber" src={user.image} alt="" aria-hidden>
              <IconUser size={16} aria-hidden />
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Account menu for ${user.name}`}
        >
          {/*
           * Narrow screens show the avatar only; the button's label still names the user. Where
           * the header's row is short of room the name shortens with an ellipsis, whole on hover.
           */}
          <Text span inherit truncate maw={220} visibleFrom="sm" title={user.name}>
            {user.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user.username && <Menu.Label>@{user.username}</Menu.Label>}
        {accountLinksFor(user.role).map(({ label, to, icon: LinkIcon }) => (
          <Menu.Item
            key={to}
            component={PrefetchLink}
            to={to}
            leftSection={<LinkIcon size={16} aria-hidden />}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
