import { Alert } from '@mantine/core';
import { IconMailCheck } from '../../components/icons';
import type { ReactNode } from 'react';

/** "Check your inbox": an email with a link is on its way. */
export function CheckInbox({ children }: { children: ReactNode }) {
  return (
    <Alert
      role="status"
      color="green"
      variant="light"
      title="Check your inbox"
      icon={<IconMailCheck aria-hidden />}
    >
      {children}
    </Alert>
  );
}
