import {
  Alert,
  Button,
  Center,
  Loader,
  Stack,
  Text,
  VisuallyHidden,
  type MantineSpacing,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../shell/server-errors';

/** What a list reads of a TanStack query, plain or infinite. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** A new filter's answer is on its way; the rows shown are the previous one's. */
  isPlaceholderData?: boolean;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

interface LoadingStatusProps {
  /** What is loading, in words: "Loading the threads". */
  label: string;
  /** Room around the spinner: a page's main content gets more than a section's. */
  py?: MantineSpacing;
}

/** A spinner that screen readers announce with its words. */
export function LoadingStatus({ label, py = 'md' }: LoadingStatusProps) {
  return (
    <Center py={py} role="status">
      <Loader size={py === 'xl' ? 'md' : 'sm'} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

/** A load that failed: what could not be loaded, and the server's words. */
export function LoadError({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}

interface QueryListBase<T> {
  query: ListQuery;
  /** Every item loaded so far (all pages). */
  items: readonly T[];
  /** Names the list for assistive technology: "Threads". */
  label: string;
  /** What is listed, as in "Could not load the threads": "the threads". */
  subject: string;
  /** Said when the answer holds nothing: a sentence, or a richer empty state. */
  empty: ReactNode;
  /** The next page's button: "Load more threads". */
  moreLabel?: string;
  /** Room around the loading spinner. */
  py?: MantineSpacing;
}

interface ListItems<T> {
  /** One item, rooted in an `<li>` (with its key). */
  renderItem: (item: T, index: number) => ReactNode;
  ordered?: boolean;
  gap?: MantineSpacing;
}

interface CustomItems<T> {
  /** Draws the items itself (a table), named by `label` and busy while a new filter loads. */
  renderItems: (items: readonly T[], list: { label: string; busy: boolean }) => ReactNode;
}

export type QueryListProps<T> = QueryListBase<T> & (ListItems<T> | CustomItems<T>);

/**
 * The one shape of every list read from the server: announced while loading, the error when
 * nothing could be shown, the empty state, the items in a named list, and "Load more" while
 * the server has further pages. A failed next page keeps the items and says why below them.
 */
export function QueryList<T>(props: QueryListProps<T>) {
  const { query, items, label, subject, empty, moreLabel = 'Load more', py } = props;
  if (query.isPending) return <LoadingStatus label={`Loading ${subject}`} py={py} />;
  const failure = query.isError && (
    <LoadError title={`Could not load ${subject}`} error={query.error} />
  );
  if (items.length === 0) {
    if (failure) return failure;
    return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty;
  }

  const busy = query.isPlaceholderData === true;
  const list =
    'renderItems' in props ? (
      props.renderItems(items, { label, busy })
    ) : (
      <Stack
        component={props.ordered ? 'ol' : 'ul'}
        gap={props.gap ?? 'sm'}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={label}
        aria-busy={busy}
      >
        {items.map(props.renderItem)}
      </Stack>
    );

  return (
    <Stack gap="md">
      {list}
      {failure}
      {query.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage?.()}
          >
            {moreLabel}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
