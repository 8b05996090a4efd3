import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconStar } from '../../components/icons';
import type { NewsSummary } from '../../../shared/news';
import { formatDateTime, formatFull } from '../../components/format-time';
import { QueryList } from '../../components/query-list';
import { confirm } from '../../shell/confirm-store';
import classes from '../../components/responsive-table.module.css';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useDeleteNews } from './api/delete-news';
import { useAdminNews } from './api/get-admin-news';
import { useUpdateNews } from './api/save-news';
import { NewsStatusBadge } from './news-status-badge';

function NewsRow({ article }: { article: NewsSummary }) {
  const update = useUpdateNews();
  const remove = useDeleteNews();

  const unpublish = () =>
    update.mutate(
      { id: article.id, changes: { status: 'draft' } },
      {
        onSuccess: () => showSuccess('Article unpublished', `${article.title} is a draft again.`),
        onError: (error) => showServerError('Could not unpublish the article', error),
      },
    );
  const onDelete = () =>
    confirm({
      title: 'Delete article',
      message: `“${article.title}” and its replies will be deleted for good.`,
      confirmLabel: 'Delete article',
      type: 'danger',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(article.id);
          showSuccess('Article deleted', article.title);
        } catch (error) {
          showServerError('Could not delete the article', error);
        }
      },
    });

  return (
    <Table.Tr className={classes.row}>
      <Table.Th scope="row" fw={500} className={classes.primary}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {article.featured && (
            <IconStar size={14} aria-label="Featured" role="img" style={{ flex: 'none' }} />
          )}
          <Anchor
            component={PrefetchLink}
            to={`/news/${article.id}`}
            underline="hover"
            style={{ overflowWrap: 'anywhere' }}
          >
            {article.title}
          </Anchor>
        </Group>
      </Table.Th>
      <Table.Td className={classes.labelled} data-label="Status">
        <NewsStatusBadge status={article.status} />
      </Table.Td>
      <Table.Td className={classes.labelled} data-label="Publish time">
        {article.publishAt ? (
          <time dateTime={article.publishAt} title={formatFull(article.publishAt)}>
            {formatDateTime(article.publishAt)}
          </time>
        ) : (
          <Text c="dimmed">—</Text>
        )}
      </Table.Td>
      <Table.Td className={classes.wide}>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            component={PrefetchLink}
            to={`/admin/news/edit/${article.id}`}
            size="xs"
            variant="default"
            aria-label={`Edit ${article.title}`}
          >
            Edit
          </Button>
          {article.status !== 'draft' && (
            <Button
              size="xs"
              variant="default"
              loading={update.isPending}
              onClick={unpublish}
              aria-label={`Unpublish ${article.title}`}
            >
              Unpublish
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={onDelete}
            aria-label={`Delete ${article.title}`}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /admin/news: every article, whatever its status, with its actions. */
export function AdminNewsPage() {
  const news = useAdminNews();
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>News articles</Title>
        <Button
          component={PrefetchLink}
          to="/admin/news/create"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Write an article
        </Button>
      </Group>
      <QueryList
        query={news}
        items={items}
        label="News articles"
        subject="the articles"
        py="xl"
        empty="No articles yet."
        moreLabel="Load more articles"
        renderItems={(articles, { label }) => (
          <Table className={classes.table} verticalSpacing="sm" striped aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Publish time</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {articles.map((article) => (
                <NewsRow key={article.id} article={article} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      />
    </Stack>
  );
}
