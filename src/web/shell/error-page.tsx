import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useRouteError } from 'react-router';
import { describeError, notFoundDescription, type ErrorDescription } from './describe-error';

export function ErrorView({ status, title, description }: ErrorDescription) {
  return (
    <Container size="sm" py="xl" data-testid="error-page">
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} lh={1} c="dimmed" data-testid="error-status">
          {status}
        </Text>
        <Title order={1}>{title}</Title>
        <Text>{description}</Text>
        <Button component={Link} to="/" mt="sm">
          Go home
        </Button>
      </Stack>
    </Container>
  );
}

/** errorElement of the page routes: the error shows inside the layout. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  return <ErrorView {...describeError(error, pathname)} />;
}

/** errorElement of the root route, when not even the layout could render. */
export function RootErrorPage() {
  return (
    <main>
      <RouteErrorPage />
    </main>
  );
}

/** The catch-all `*` route. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorView {...notFoundDescription(pathname)} />;
}
