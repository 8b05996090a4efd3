import { ActionIcon, Button, Divider, Drawer, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconMenu2 } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSignOut } from '../features/accounts/sign-out';
import { useAuthState } from '../shell/auth-state';
import { ColorModeControl } from '../shell/color-mode-control';
import { PrefetchLink, PrefetchNavLink } from '../shell/prefetch-link';
import { accountLinksFor, mainLinks } from './account-links';
import classes from './layout.module.css';

function AccountSection({ returnTo }: { returnTo: string }) {
  const { isUser, user } = useAuthState();
  const signOut = useSignOut();
  if (isUser && !user) return <Skeleton height={34} radius="md" aria-hidden />;
  if (!user) {
    const redirect = `?redirect=${encodeURIComponent(returnTo)}`;
    return (
      <Stack gap="xs">
        <Button component={PrefetchLink} to={`/auth/login${redirect}`} variant="light">
          Sign in
        </Button>
        <Button component={PrefetchLink} to="/auth/sign-up" variant="default">
          Create account
        </Button>
      </Stack>
    );
  }
  return (
    <nav aria-label="Account">
      <Text size="sm" fw={600} px="sm" mb={4} truncate>
        {user.name}
      </Text>
      {accountLinksFor(user.role).map(({ label, to, icon: LinkIcon }) => (
        <NavLink
          key={to}
          component={PrefetchNavLink}
          to={to}
          label={label}
          leftSection={<LinkIcon size={18} aria-hidden />}
        />
      ))}
      <NavLink
        component="button"
        label="Sign out"
        leftSection={<IconLogout size={18} aria-hidden />}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      />
    </nav>
  );
}

/**
 * Phones get one header row: the brand and this menu button, whose drawer holds the main
 * navigation, the colour mode and the account's pages. Any navigation closes it; Mantine
 * returns focus to the button.
 */
export function NavigationDrawer() {
  const [opened, { open, close }] = useDisclosure(false);
  const { pathname, search } = useLocation();
  useEffect(() => {
    close();
  }, [pathname, search, close]);

  return (
    <>
      <ActionIcon
        variant="default"
        size={40}
        onClick={open}
        aria-label="Open navigation"
        aria-expanded={opened}
        aria-haspopup="dialog"
        className={classes.menuButton}
      >
        <IconMenu2 size={22} aria-hidden />
      </ActionIcon>
      <Drawer.Root opened={opened} onClose={close} position="right" size="xs">
        <Drawer.Overlay />
        <Drawer.Content>
          {/* Mantine renders a <header>, which would be a second page banner landmark. */}
          <Drawer.Header role="none">
            <Drawer.Title fw={700}>Menu</Drawer.Title>
            <Drawer.CloseButton aria-label="Close navigation" />
          </Drawer.Header>
          <Drawer.Body>
            <Stack gap="md">
              <nav aria-label="Main">
                {mainLinks.map((link) => (
                  <NavLink
                    key={link.to}
                    component={PrefetchNavLink}
                    to={link.to}
                    label={link.label}
                  />
                ))}
              </nav>
              <ColorModeControl fullWidth />
              <Divider />
              <AccountSection returnTo={`${pathname}${search}`} />
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
