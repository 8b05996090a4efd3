import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import type { Author, Category } from '../../../shared/forum';
import type { ReviewItem } from '../../../shared/moderation';
import type { Role } from '../../../shared/roles';
import { createQueryClient } from '../../api/query-client';
import { ConfirmDialog } from '../../shell/confirm-dialog';
import { ThemeProvider } from '../../shell/theme-provider';
import { toast } from '../../shell/toast-store';
import { json, type ApiRoutes } from '../../test/fake-api';

/* Tests only: fixtures shaped like the moderation API's answers, and a page with the shell. */

export function sessionUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: `viewer-${role}`,
    name: `Viewer ${role}`,
    username: `viewer_${role}`,
    email: `${role}@example.com`,
    emailVerified: true,
    role,
    image: null,
    createdAt: '2024-01-01T10:00:00.000Z',
    mute: null,
    ...overrides,
  };
}

export const carl: Author = { id: 'u3', username: 'carl', name: 'Carl', image: null, role: 'user' };
const dee: Author = { id: 'u4', username: 'dee', name: 'Dee', image: null, role: 'user' };

export const categories: Category[] = [
  { id: 1, slug: 'reviews', name: 'Reviews', description: '', position: 0, archived: false },
  {
    id: 2,
    slug: 'discussions',
    name: 'Discussions',
    description: '',
    position: 1,
    archived: false,
  },
];

const at = '2024-05-01T10:00:00.000Z';

export function reportedPost(postId: number, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    target: {
      type: 'post',
      postId,
      commentId: null,
      title: `Thread ${postId}`,
      bodyHtml: `<p>Body of <em>thread ${postId}</em></p>`,
      category: { id: 2, slug: 'discussions', name: 'Discussions' },
      hidden: null,
      locked: false,
      pinned: false,
      deleted: false,
      createdAt: at,
    },
    author: carl,
    authorHistory: {
      joinedAt: '2024-02-01T10:00:00.000Z',
      postCount: 4,
      commentCount: 12,
      reportsAgainst: 3,
      sanctions: 1,
    },
    reports: [
      { id: postId * 10, reporter: dee, category: 'spam', reason: 'Buy pills link', createdAt: at },
    ],
    firstReportedAt: at,
    ...overrides,
  };
}

export function reportedReply(commentId: number, postId = 1): ReviewItem {
  const item = reportedPost(postId);
  return {
    ...item,
    target: {
      ...item.target,
      type: 'comment',
      commentId,
      bodyHtml: `<p>Reply ${commentId}</p>`,
    },
    reports: [{ id: commentId * 10, reporter: dee, category: 'abuse', reason: '', createdAt: at }],
  };
}

export function moderationRoutes(user: SessionUser, items: ReviewItem[]): ApiRoutes {
  return {
    'GET /api/auth/session': () => json({ user }),
    'GET /api/forum/categories': () => json({ categories }),
    'GET /api/moderation/reports': () => json({ items, nextCursor: null }),
  };
}

/** Mounts `page` at `path` in a router, with the confirm dialog the app shell provides. */
export function renderPage(page: ReactElement, path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: path.split('?')[0], element: page }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
        <ConfirmDialog />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}
