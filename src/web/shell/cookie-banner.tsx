import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import classes from './cookie-banner.module.css';
import { cookieBanner, useBannerPhase } from './cookie-consent';

/** Asks for cookie consent once; the choice lives in the `cookie-consent` cookie. */
export function CookieBanner() {
  const phase = useBannerPhase();

  useEffect(() => cookieBanner.start(), []);

  if (phase === 'hidden') return null;
  const leaving = phase === 'leaving';
  return (
    <Paper
      role="region"
      aria-label="Cookie consent"
      className={classes.banner}
      data-leaving={leaving || undefined}
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
            disabled={leaving}
            onClick={() => cookieBanner.choose('rejected')}
          >
            Decline
          </Button>
          <Button disabled={leaving} onClick={() => cookieBanner.choose('accepted')}>
            Accept
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
