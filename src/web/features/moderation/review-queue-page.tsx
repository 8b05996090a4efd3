import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../shell/server-errors';
// The thread mover's choices: the forum's own category list and cache.
import { useCategories } from '../../api/get-categories';
import { reviewItemKey, useReviewQueue } from './api/get-review-queue';
import { ReviewItemCard } from './review-item-card';

/** /moderator/reports: reported threads and replies, each with its reports and the actions. */
export function ReviewQueuePage() {
  const queue = useReviewQueue();
  const categories = useCategories();
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (queue.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading the review queue" />
      </Center>
    );
  } else if (queue.isError && items.length === 0) {
    content = (
      <Alert color="red" title="Could not load the review queue">
        {errorMessage(queue.error)}
      </Alert>
    );
  } else if (items.length === 0) {
    content = <Text>Nothing to review: every report has been handled.</Text>;
  } else {
    content = items.map((item) => (
      <ReviewItemCard key={reviewItemKey(item)} item={item} categories={categories.data} />
    ));
  }

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>Review queue</Title>
        <Text c="dimmed">
          Reported threads and replies, oldest first. Any action closes the item’s reports.
        </Text>
      </Stack>
      {content}
      {queue.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={queue.isFetchingNextPage}
            onClick={() => void queue.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
