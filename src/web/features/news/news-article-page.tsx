import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconStar } from '../../components/icons';
import { useParams } from 'react-router';
import type { NewsArticle } from '../../../shared/news';
import { can } from '../../../shared/permissions';
import { isApiError } from '../../api/api-client';
import { useSession } from '../../api/session';
import { AuthorLink } from '../../components/author-link';
import { useFormats } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { useNewsArticle } from './api/get-news-article';
import { NewsComments } from './news-comments';
import { NewsCover } from './news-cover';
import { NewsStatusBadge } from './news-status-badge';
import { parseNewsId } from './parse-news-id';
export { prefetchNewsArticlePage } from './prefetch';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { useSite } from '../../api/get-site';
import { NotFoundPage } from '../../shell/error-page';
import { useDeclaredHead } from '../../shell/render-context';
import { articleStructuredData } from './structured-data';

function ArticleView({ article }: { article: NewsArticle }) {
  const session = useSession();
  const format = useFormats();
  const date = article.publishAt ?? article.createdAt;
  return (
    <Stack component="article" gap="md" aria-labelledby="news-title">
      <Stack gap="xs">
        <Group gap="xs">
          {article.status !== 'published' && <NewsStatusBadge status={article.status} />}
          {article.featured && (
            <Text size="sm" c="dimmed" span style={{ display: 'inline-flex', gap: 4 }}>
              <IconStar size={14} aria-hidden /> Featured
            </Text>
          )}
        </Group>
        <Title order={1} id="news-title">
          {article.title}
        </Title>
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="dimmed">
            <time dateTime={date}>{format.full(date)}</time> · by{' '}
            <AuthorLink author={article.author} />
          </Text>
          {can(session.data?.role, 'news.write') && (
            <Button
              component={PrefetchLink}
              to={`/admin/news/edit/${article.id}`}
              variant="default"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
            >
              Edit article
            </Button>
          )}
        </Group>
        <Text size="lg">{article.summary}</Text>
      </Stack>
      {article.cover && <NewsCover cover={article.cover} />}
      <RenderedMarkdown html={article.bodyHtml} />
    </Stack>
  );
}

/** /news/{id}: the article, its cover in the image viewer, and its comments. */
export function NewsArticlePage() {
  const { id: param } = useParams();
  const id = parseNewsId(param);
  const article = useNewsArticle(id);
  const site = useSite();
  const shown = article.data;
  useDeclaredHead(
    shown && { title: shown.title, description: shown.summary, type: 'article' },
    (origin) => (shown ? articleStructuredData(shown, site, origin) : []),
  );

  // A missing or unpublished article is the app's 404 page (SPEC: titled 'Page Not Found').
  if (id === null || (isApiError(article.error) && article.error.code === 'not-found')) {
    return <NotFoundPage />;
  }
  if (article.isError) {
    return <LoadError title="Could not load the article" error={article.error} />;
  }
  if (!article.data) {
    return <LoadingStatus label="Loading the article" py="xl" />;
  }
  return (
    <Stack gap="xl" maw={900}>
      <ArticleView article={article.data} />
      <Divider />
      <NewsComments articleId={article.data.id} discussionPostId={article.data.discussionPostId} />
    </Stack>
  );
}
