import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Title } from '@mantine/core';
import { IconMessages, IconPlus } from '@tabler/icons-react';
import { PrefetchLink } from '../../shell/prefetch-link';
import { errorMessage } from '../../shell/server-errors';
import { useCategories } from '../../api/get-categories';
import { usePosts } from './api/get-posts';
import { ForumFilters } from './forum-filters';
import { PostRow } from './post-row';
import { useForumFilters } from './use-forum-filters';

function ThreadList() {
  const { filters, change } = useForumFilters();
  const categories = useCategories();
  const posts = usePosts(filters);
  const rows = posts.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (posts.isPending) {
    list = (
      <Center py="xl">
        <Loader aria-label="Loading threads" />
      </Center>
    );
  } else if (posts.isError) {
    list = (
      <Alert color="red" title="Could not load the threads">
        {errorMessage(posts.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    list = (
      <EmptyState
        py="xl"
        icon={<IconMessages size={32} aria-hidden />}
        title="No threads here yet"
        description={
          filters.category || filters.tag
            ? 'Try another category or tag, or start the conversation.'
            : 'Be the first to start one.'
        }
      />
    );
  } else {
    list = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Threads" aria-busy={posts.isFetching}>
        {rows.map((post) => (
          <PostRow key={post.id} post={post} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <ForumFilters categories={categories.data ?? []} filters={filters} onChange={change} />
      {list}
      {posts.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={posts.isFetchingNextPage}
            onClick={() => void posts.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** /forum: every thread, filtered by category and tag, sorted by activity, age or likes. */
export function ForumPage() {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Forum</Title>
        <Button
          component={PrefetchLink}
          to="/add-new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New post
        </Button>
      </Group>
      <ThreadList />
    </Stack>
  );
}
