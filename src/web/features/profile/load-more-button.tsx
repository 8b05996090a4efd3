import { Button, Center } from '@mantine/core';

interface LoadMoreButtonProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** What the button loads, for screen readers ("Load more posts"). */
  what: string;
}

/** The cursor pagination of a profile list: shown while the server says there is more. */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  what,
}: LoadMoreButtonProps) {
  if (!hasNextPage) return null;
  return (
    <Center>
      <Button
        variant="default"
        loading={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
        aria-label={`Load more ${what}`}
      >
        Load more
      </Button>
    </Center>
  );
}
