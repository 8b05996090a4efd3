import { Anchor, Container, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSite } from '../api/get-site';
import { ChatLiveChannel, ChatUnreadBadge } from '../features/chat';
import { NotificationBell } from '../features/notifications';
import { SearchButton } from '../features/search';
import { ColorModeControl } from '../shell/color-mode-control';
import { PrefetchLink, PrefetchNavLink } from '../shell/prefetch-link';
import { ReadyMark } from '../shell/ready-mark';
import { mainLinks } from './account-links';
import { AccountMenu } from './account-menu';
import classes from './layout.module.css';
import { NavigationDrawer } from './navigation-drawer';
import { SiteBrand } from './site-brand';
import { VerifyEmailBanner } from './verify-email-banner';

const footerLinks = [
  { label: 'About', to: '/about' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
];

export function DefaultLayout() {
  const site = useSite();
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <header className={classes.header}>
        <Container size="lg" py="sm">
          <div className={classes.headerInner}>
            <SiteBrand />
            <nav aria-label="Main" className={classes.nav}>
              <ul className={classes.navList}>
                {mainLinks.map((link) => (
                  <li key={link.to}>
                    <PrefetchNavLink to={link.to} className={classes.navLink}>
                      {link.label}
                      {link.to === '/chat' && <ChatUnreadBadge />}
                    </PrefetchNavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={classes.tools}>
              <SearchButton />
              {/* Beside the actions rather than among them: phones hide those in the drawer. */}
              <NotificationBell />
              <div className={classes.headerActions}>
                <ColorModeControl />
                <AccountMenu />
              </div>
            </div>
            <NavigationDrawer />
          </div>
        </Container>
        <VerifyEmailBanner />
      </header>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Container size="lg" py="xl">
          <Suspense>
            <Outlet />
            <ReadyMark />
          </Suspense>
        </Container>
      </main>
      <ChatLiveChannel />
      <footer className={classes.footer}>
        <Container size="lg" py="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {site.name} · {site.description}
            </Text>
            <nav aria-label="Footer">
              <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {footerLinks.map((link) => (
                  <li key={link.to}>
                    <Anchor component={PrefetchLink} to={link.to} size="sm">
                      {link.label}
                    </Anchor>
                  </li>
                ))}
              </Group>
            </nav>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
