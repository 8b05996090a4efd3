import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useRouteError } from 'react-router';
import type { BlockInfo } from '../../shared/session';
import { isApiError } from '../api/api-client';
import { reportClientError } from '../api/report-client-error';
import { ACCOUNT_BLOCKED_PATH, blockOf, noteBlock } from './auth-state';
import { useHttpStatus } from './render-context';
import { ReadyMark } from './ready-mark';
import { describeError, notFoundDescription, type ErrorDescription } from './describe-error';

export function ErrorView({ status, title, description }: ErrorDescription) {
  useHttpStatus(status);
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

/** A loader was refused because the account is blocked: sign out here and say why. */
function BlockedRedirect({ block }: { block: BlockInfo }) {
  useEffect(() => noteBlock(block), [block]);
  return <Navigate to={ACCOUNT_BLOCKED_PATH} state={block} replace />;
}

/**
 * errorElement of the page routes: the error shows inside the layout, except that a page the
 * server refuses (a deep link past what the client guards know) becomes Access Denied.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const block = blockOf(error);
  if (block) return <BlockedRedirect block={block} />;
  if (isApiError(error) && error.code === 'permission-denied') {
    return <Navigate to="/access-denied" replace />;
  }
  return <RouteErrorView error={error} />;
}

function RouteErrorView({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const description = describeError(error, pathname);
  useEffect(() => {
    // Server-side failures are already in the server's log; report the app's own crashes.
    if (description.status >= 500 && !isApiError(error)) {
      reportClientError({
        message: error instanceof Error ? error.message : description.description,
        status: description.status,
        path: pathname,
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      });
    }
  }, [error, description.status, description.description, pathname]);
  return <ErrorView {...description} />;
}

/** errorElement of the root route, when not even the layout could render. */
export function RootErrorPage() {
  return (
    <main>
      <RouteErrorPage />
      <ReadyMark />
    </main>
  );
}

/** The catch-all `*` route. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorView {...notFoundDescription(pathname)} />;
}
