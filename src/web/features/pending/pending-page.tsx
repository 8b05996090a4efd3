import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import { deepestHandle } from '../../shell/route-handle';

/** Every route whose feature has not landed yet: it says so plainly, with no stand-in content. */
export function PendingPage() {
  const siteRoute = deepestHandle(useMatches(), 'siteRoute');
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{siteRoute?.title ?? 'Not available yet'}</Title>
      <Text>This page is not available yet.</Text>
      <Button component={Link} to="/" variant="default">
        Go home
      </Button>
    </Stack>
  );
}
