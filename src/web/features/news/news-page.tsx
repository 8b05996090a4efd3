import { Stack, Title } from '@mantine/core';
import { QueryList } from '../../components/query-list';
import { useNews } from './api/get-news';
import { NewsCard } from './news-card';
export { prefetchNewsPage } from './prefetch';

/** /news: published articles, featured ones on top, then the newest, "Load more" below. */
export function NewsPage() {
  const news = useNews();
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>News</Title>
      <QueryList
        query={news}
        items={items}
        label="Articles"
        subject="the news"
        py="xl"
        empty="No news yet."
        moreLabel="Load more articles"
        ordered
        gap="md"
        renderItem={(article) => <NewsCard key={article.id} article={article} />}
      />
    </Stack>
  );
}
