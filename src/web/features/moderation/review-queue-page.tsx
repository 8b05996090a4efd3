import { Stack, Text, Title } from '@mantine/core';
import { isChatReviewItem } from '../../../shared/review-queue';
import { useCategories } from '../../api/get-categories';
import { QueryList } from '../../components/query-list';
import { reviewItemKey, useReviewQueue } from './api/get-review-queue';
import { ChatReviewCard } from './chat-review-card';
import { ReviewItemCard } from './review-item-card';

/** /moderator/reports: reported threads, replies and chat messages, with their reports and the actions. */
export function ReviewQueuePage() {
  const queue = useReviewQueue();
  // The thread mover's choices.
  const categories = useCategories();
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>Review queue</Title>
        <Text c="dimmed">
          Reported threads, replies and chat messages, oldest first. Any action closes the item’s
          reports.
        </Text>
      </Stack>
      <QueryList
        query={queue}
        items={items}
        label="Reported content"
        subject="the review queue"
        py="xl"
        empty="Nothing to review: every report has been handled."
        moreLabel="Load more reported content"
        gap="lg"
        renderItem={(item) => (
          <li key={reviewItemKey(item)}>
            {isChatReviewItem(item) ? (
              <ChatReviewCard item={item} />
            ) : (
              <ReviewItemCard item={item} categories={categories.data} />
            )}
          </li>
        )}
      />
    </Stack>
  );
}
