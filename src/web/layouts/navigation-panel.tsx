import { Button, Divider, Drawer, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconLogout } from '../components/icons';
import { useLocation } from 'react-router';
import { useSignOut } from '../features/accounts/sign-out';
import { ChatUnreadBadge } from '../features/chat';
import { useAuthState } from '../shell/auth-state';
import { ColorModeControl } from '../shell/color-mode-control';
import { PrefetchLink, PrefetchNavLink } from '../shell/prefetch-link';
import { accountLinksFor, mainLinks } from './account-links';

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

/** The drawer itself: its own chunk, loaded when a phone's menu button is first pressed. */
export default function NavigationPanel({
  opened,
  close,
  onClosed,
}: {
  opened: boolean;
  close: () => void;
  onClosed: () => void;
}) {
  const { pathname, search } = useLocation();
  return (
    <Drawer.Root
      opened={opened}
      onClose={close}
      position="right"
      size="xs"
      returnFocus={false}
      onExitTransitionEnd={onClosed}
    >
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
                  label={
                    <>
                      {link.label}
                      {link.to === '/chat' && <ChatUnreadBadge />}
                    </>
                  }
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
  );
}
