import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import type { NewsArticle, NewsSummary } from '../../../shared/news';
import { createQueryClient } from '../../api/query-client';
import { ConfirmDialog } from '../../shell/confirm-dialog';
import { ImageViewer } from '../../shell/image-viewer';
import { ThemeProvider } from '../../shell/theme-provider';
import { toast } from '../../shell/toast-store';
import { json, type ApiRoutes } from '../../test/fake-api';
import { admin } from '../admin/admin-test-kit';
import { detail, reply } from '../forum/forum-test-kit';
import { AdminNewsPage } from './admin-news-page';
import { NewsArticlePage } from './news-article-page';
import { CreateNewsPage, EditNewsPage } from './news-editor-page';
import { NewsPage } from './news-page';

/* Tests only: news fixtures shaped like the news API's answers, and the pages in a router. */

export { admin };

const coverId = 'abcdefghijklmnopqrst';
export const cover = {
  url: `/media/${coverId}.webp`,
  thumbnailUrl: `/media/${coverId}.thumb.webp`,
  alt: 'A cinema hall at night',
};

export function newsSummary(
  overrides: Partial<NewsSummary> & Pick<NewsSummary, 'id' | 'title'>,
): NewsSummary {
  return {
    summary: `Summary of ${overrides.title}`,
    cover: null,
    status: 'published',
    featured: false,
    publishAt: '2025-03-01T10:00:00.000Z',
    author: { id: admin.id, username: 'root', name: admin.name, image: null, role: 'admin' },
    commentCount: 0,
    createdAt: '2025-02-28T10:00:00.000Z',
    updatedAt: '2025-02-28T10:00:00.000Z',
    ...overrides,
  };
}

export function newsArticle(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    ...newsSummary({ id: 1, title: 'Festival line-up announced', cover, featured: true }),
    bodyHtml: '<p>The <strong>full</strong> programme is out.</p>',
    bodySource: 'The **full** programme is out.',
    discussionPostId: 77,
    ...overrides,
  };
}

/** Article 1 and its discussion thread 77 (with `replies`), as `user` sees them. */
export function articleRoutes(
  article: NewsArticle = newsArticle(),
  user: SessionUser | null = null,
  replies = [reply(10, { postId: 77 })],
): ApiRoutes {
  return {
    'GET /api/auth/session': () => json({ user }),
    [`GET /api/news/${article.id}`]: () => json({ article }),
    'GET /api/forum/posts/77': () => json({ post: detail({ id: 77, title: article.title }) }),
    'GET /api/forum/posts/77/comments': () =>
      json({ items: replies, nextCursor: null, total: replies.length }),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const withProbe = (page: React.ReactNode) => (
  <>
    {page}
    <LocationProbe />
  </>
);

/** Mounts the news pages at `path`, with the dialogs the app shell provides. */
export function renderNews(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/news', element: withProbe(<NewsPage />) },
      { path: '/news/:id', element: withProbe(<NewsArticlePage />) },
      { path: '/admin/news', element: withProbe(<AdminNewsPage />) },
      { path: '/admin/news/create', element: withProbe(<CreateNewsPage />) },
      { path: '/admin/news/edit/:id', element: withProbe(<EditNewsPage />) },
      { path: '*', element: withProbe(<h1>Elsewhere</h1>) },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
        <ConfirmDialog />
        <ImageViewer />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}
