import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../shell/server-errors';
import { useNews } from './api/get-news';
import { NewsCard } from './news-card';

/** /news: published articles, featured ones on top, then the newest, "Load more" below. */
export function NewsPage() {
  const news = useNews();
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (news.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading the news" />
      </Center>
    );
  } else if (news.isError && items.length === 0) {
    content = (
      <Alert color="red" title="Could not load the news">
        {errorMessage(news.error)}
      </Alert>
    );
  } else if (items.length === 0) {
    content = <Text c="dimmed">No news yet.</Text>;
  } else {
    content = (
      <Stack
        component="ol"
        gap="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Articles"
      >
        {items.map((article) => (
          <NewsCard key={article.id} article={article} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>News</Title>
      {content}
      {news.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={news.isFetchingNextPage}
            onClick={() => void news.fetchNextPage()}
          >
            Load more articles
          </Button>
        </Group>
      )}
    </Stack>
  );
}
