import { Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessages, IconPlus } from '../../components/icons';
import { QueryList } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useCategories } from '../../api/get-categories';
import { usePosts } from './api/get-posts';
import { ForumFilters } from './forum-filters';
import { PostRow } from './post-row';
import { useForumFilters } from './use-forum-filters';
import { useDeclaredHead } from '../../shell/render-context';
import { useViewer } from '../../components/use-viewer';
import { lazy, Suspense } from 'react';

/** The watch control (a Select) loads only for members. */
const CategoryWatch = lazy(() =>
  import('./category-watch').then((module) => ({ default: module.CategoryWatch })),
);

export { prefetchForumPage } from './prefetch';

function ThreadList() {
  const { filters: chosen, change } = useForumFilters();
  const viewer = useViewer();
  const signedIn = viewer !== null && viewer !== undefined;
  // A visitor has read nothing: a shared ?filter=new link shows them every thread.
  const filters = signedIn || !chosen.filter ? chosen : { ...chosen, filter: undefined };
  const categories = useCategories();
  // The New filter waits for the session, rather than loading every thread first.
  const posts = usePosts(filters, viewer !== undefined || !chosen.filter);
  const rows = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const category = categories.data?.find((entry) => entry.slug === filters.category);
  useDeclaredHead(
    category && {
      title: `${category.name} · Forum`,
      description: category.description || `Threads in ${category.name}.`,
    },
  );

  return (
    <Stack gap="md">
      <ForumFilters
        categories={categories.data ?? []}
        filters={filters}
        onChange={change}
        signedIn={signedIn}
      />
      {signedIn && category && (
        <Suspense fallback={null}>
          <CategoryWatch key={category.id} category={category} />
        </Suspense>
      )}
      <QueryList
        query={posts}
        items={rows}
        label="Threads"
        subject="the threads"
        py="xl"
        moreLabel="Load more threads"
        empty={
          <EmptyState
            py="xl"
            icon={<IconMessages size={32} aria-hidden />}
            title={filters.filter ? 'Nothing new' : 'No threads here yet'}
            description={
              filters.filter
                ? 'You have read every thread here to the end.'
                : filters.category || filters.tag
                  ? 'Try another category or tag, or start the conversation.'
                  : 'Be the first to start one.'
            }
          />
        }
        renderItem={(post) => <PostRow key={post.id} post={post} />}
      />
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
      <Text size="lg" maw={720}>
        Reviews with ratings, discussions about scenes and craft, recommendations for what to watch
        next, and everything else film lovers talk about.
      </Text>
      <ThreadList />
    </Stack>
  );
}
