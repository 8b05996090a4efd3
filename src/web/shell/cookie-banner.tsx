import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { SERVER_BANNER_ID, type ConsentValue } from '../../shared/cookie-consent';
import classes from './cookie-banner.module.css';
import { cookieBanner, useBannerPhase } from './cookie-consent';

interface ViewProps {
  leaving: boolean;
  /** The app's banner chooses through the store; the server's has the page's script do it. */
  onChoose?: (value: ConsentValue) => void;
  /** The banner the server draws into the page, hidden until it is due (SERVER_BANNER_ID). */
  id?: string;
}

/**
 * The banner as it looks (SPEC §9). Shown while `<html>` says it is due (see cookie-consent.ts),
 * so the copy the server drew and the app's own look and behave alike.
 */
export function CookieBannerView({ leaving, onChoose, id }: ViewProps) {
  return (
    <Paper
      id={id}
      role="region"
      aria-label="Cookie consent"
      className={classes.banner}
      shadow="lg"
      withBorder
      p="md"
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <div style={{ flex: '1 1 280px' }}>
          <Text fw={600}>We use cookies to improve your experience</Text>
          <Text size="sm">
            Read our{' '}
            <Anchor component={Link} to="/privacy">
              Privacy Policy
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/terms">
              Terms of Service
            </Anchor>{' '}
            to see which cookies we set and why.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            data-consent="rejected"
            disabled={leaving}
            onClick={() => onChoose?.('rejected')}
          >
            Decline
          </Button>
          <Button data-consent="accepted" disabled={leaving} onClick={() => onChoose?.('accepted')}>
            Accept
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The app's banner; it takes the place of the server's copy in the same frame. */
function AppBanner({ leaving }: { leaving: boolean }) {
  useLayoutEffect(() => document.getElementById(SERVER_BANNER_ID)?.remove(), []);
  return <CookieBannerView leaving={leaving} onChoose={cookieBanner.choose} />;
}

/** Asks for cookie consent once; the choice lives in the `cookie-consent` cookie. */
export function CookieBanner() {
  const phase = useBannerPhase();

  useEffect(() => cookieBanner.start(), []);

  if (phase === 'hidden') return null;
  return <AppBanner leaving={phase === 'leaving'} />;
}
