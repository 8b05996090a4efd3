import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconEdit } from '../../components/icons';
import type { Category } from '../../../shared/forum';
import type { ReviewItem } from '../../../shared/review-queue';
import { mayEditContent, rankOfAuthor } from '../../components/moderation-actions';
import { ModerationControls, useViewer } from '../../components/moderation-controls';
import { PrefetchLink } from '../../shell/prefetch-link';
import { removeFromQueue, reviewItemKey } from './api/get-review-queue';
import { AuthorHistory, plural, ReportedText, ReportList } from './review-parts';

function StateBadges({ target }: { target: ReviewItem['target'] }) {
  return (
    <Group gap={4}>
      {target.deleted && <Badge color="gray">Deleted</Badge>}
      {target.hidden && <Badge color="orange">Hidden</Badge>}
      {target.locked && (
        <Badge color="orange" variant="light">
          Locked
        </Badge>
      )}
      {target.pinned && <Badge variant="light">Pinned</Badge>}
    </Group>
  );
}

interface ReviewItemCardProps {
  item: ReviewItem;
  categories: readonly Category[] | undefined;
}

/** One reported thread or reply: what it says, who wrote it, who reported it, what to do. */
export function ReviewItemCard({ item, categories }: ReviewItemCardProps) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const { target } = item;
  const key = reviewItemKey(item);
  const isPost = target.type === 'post';
  const href = isPost
    ? `/forum/post/${target.postId}`
    : `/forum/post/${target.postId}#reply-${target.commentId}`;
  const what = isPost ? 'this thread' : `the reply by ${item.author.name}`;
  const editHref = isPost ? `/forum/post/edit/${target.postId}` : href;

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={`${key}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge variant="outline">{isPost ? 'Thread' : 'Reply'}</Badge>
              <Text size="sm" c="dimmed">
                in {target.category.name}
              </Text>
            </Group>
            <Title order={2} size="h4" id={`${key}-title`}>
              <Anchor component={PrefetchLink} to={href} inherit>
                {isPost ? target.title : `Reply in “${target.title}”`}
              </Anchor>
            </Title>
          </Stack>
          <StateBadges target={target} />
        </Group>
        <AuthorHistory item={item} />
        <ReportedText deleted={target.deleted} html={target.bodyHtml} />
        <Title order={3} size="h6">
          {plural(item.reports.length, 'report')}
        </Title>
        <ReportList reports={item.reports} />
        <Group gap="xs">
          <ModerationControls
            item={{ ...target, categoryId: isPost ? target.category.id : null }}
            author={item.author}
            what={what}
            layout="buttons"
            inQueue
            categories={categories}
            onDone={() => removeFromQueue(queryClient, key)}
          />
          {mayEditContent(viewer, rankOfAuthor(item.author)) && !target.deleted && (
            <Button
              component={PrefetchLink}
              to={editHref}
              size="compact-sm"
              variant="subtle"
              leftSection={<IconEdit size={16} aria-hidden />}
            >
              Edit
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
