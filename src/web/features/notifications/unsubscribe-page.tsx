import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError } from '../../shell/server-errors';
import { useUnsubscribeLink } from './api/get-unsubscribe';
import { useUnsubscribe } from './api/unsubscribe';

const quoted = (label: string) => `“${label}”`;

function SettingsLink() {
  return (
    <Text>
      Every type of notification can be switched on or off in your{' '}
      <Anchor component={PrefetchLink} to="/user-profile#notifications">
        account settings
      </Anchor>
      .
    </Text>
  );
}

/** The question and its answer, for a link that checked out. */
function Unsubscribe({
  token,
  label,
  emailed,
}: {
  token: string;
  label: string;
  emailed: boolean;
}) {
  const unsubscribe = useUnsubscribe(token);
  let content: ReactNode;
  if (unsubscribe.isSuccess) {
    content = (
      <Alert color="green" title="Unsubscribed" role="status">
        You will get no more e-mails about {quoted(label)}. They still show under the bell.
      </Alert>
    );
  } else if (!emailed) {
    content = <Text>You already get no e-mails about {quoted(label)}.</Text>;
  } else {
    content = (
      <Stack gap="md" align="flex-start">
        <Text size="lg">Stop e-mails about {quoted(label)}?</Text>
        <Button
          loading={unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(undefined, {
              onError: (error) => showServerError('Could not unsubscribe', error),
            })
          }
        >
          Unsubscribe
        </Button>
      </Stack>
    );
  }
  return (
    <>
      {content}
      <SettingsLink />
    </>
  );
}

/** /unsubscribe?token=: the page an e-mail's unsubscribe link opens, signed in or not. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const link = useUnsubscribeLink(token);

  let content: ReactNode;
  if (token === null) {
    content = (
      <Alert color="red" title="This link is incomplete">
        Open the link from the e-mail again, or copy all of it into the address bar.
      </Alert>
    );
  } else if (link.isPending) {
    content = <LoadingStatus label="Checking the link" py="xl" />;
  } else if (link.isError) {
    content = <LoadError title="This unsubscribe link does not work" error={link.error} />;
  } else {
    const emailed = link.data.delivery === 'email' || link.data.delivery === 'digest';
    content = <Unsubscribe token={token} label={link.data.label} emailed={emailed} />;
  }

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Unsubscribe</Title>
      {content}
    </Stack>
  );
}
