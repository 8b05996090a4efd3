import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import type { BlockInfo } from '../../../shared/accounts';
import { blockFromState, recallBlock } from '../../shell/auth-state';
import { PrefetchLink } from '../../shell/prefetch-link';

const endFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** "until <date>" in the reader's own locale and time zone. */
export function blockEnd(block: BlockInfo): string {
  return block.until === null
    ? 'This block has no end date.'
    : `Your account is blocked until ${endFormat.format(new Date(block.until))}.`;
}

/** Where a blocked account lands: the reason and the end, from router state or this tab's memory. */
export function AccountBlockedPage() {
  const state: unknown = useLocation().state;
  const block = blockFromState(state) ?? recallBlock();
  return (
    <Stack gap="md" align="flex-start" py="xl" maw={640}>
      <Title order={1}>Account blocked</Title>
      {block ? (
        <>
          <Text>
            This account has been blocked by the site's moderators, so you cannot sign in for now.
          </Text>
          <Alert color="red" title="Reason" w="100%">
            {block.reason}
          </Alert>
          <Text fw={500}>{blockEnd(block)}</Text>
        </>
      ) : (
        <Text>
          This account has been blocked by a moderator and cannot be used to sign in for now.
        </Text>
      )}
      <Text>
        You can still read the site without signing in. If you think this is a mistake, contact the
        site&apos;s admins.
      </Text>
      <Button component={PrefetchLink} to="/" variant="default">
        Go home
      </Button>
    </Stack>
  );
}
