import { Anchor, Container, Text } from '@mantine/core';
import { IconMailExclamation } from '../components/icons';
import { useAuthState } from '../shell/auth-state';
import { PrefetchLink } from '../shell/prefetch-link';
import classes from './layout.module.css';

/** Tells a signed-in user with an unverified address what they cannot do yet and how to fix it. */
export function VerifyEmailBanner() {
  const { user } = useAuthState();
  if (!user || user.emailVerified) return null;
  return (
    <div className={classes.verifyBanner} role="region" aria-label="Email verification">
      <Container size="lg" py={6}>
        <Text size="sm" ta="center">
          <IconMailExclamation size={16} aria-hidden className={classes.verifyIcon} />
          Verify your email to post, chat and donate.{' '}
          <Anchor component={PrefetchLink} to="/auth/verify-email" size="sm" fw={600}>
            Send or open the link
          </Anchor>
        </Text>
      </Container>
    </div>
  );
}
