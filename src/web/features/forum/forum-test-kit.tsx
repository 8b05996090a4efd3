import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import type { Author, Category, Comment, PostDetail, PostSummary } from '../../../shared/forum';
import { createQueryClient } from '../../api/query-client';
import { ConfirmDialog } from '../../shell/confirm-dialog';
import { ImageViewer } from '../../shell/image-viewer';
import { ThemeProvider } from '../../shell/theme-provider';
import { toast } from '../../shell/toast-store';
import { json, type ApiRoutes } from '../../test/fake-api';
import { EditPostPage } from './edit-post-page';
import { ForumPage } from './forum-page';
import { NewPostPage } from './new-post-page';
import { PostPage } from './post-page';

/* Tests only: fixtures shaped like the forum API's answers, and the pages in a router. */

export const viewer: SessionUser = {
  id: 'u1',
  name: 'Ann Lee',
  username: 'ann',
  email: 'ann@example.com',
  emailVerified: true,
  role: 'user',
  image: null,
  createdAt: '2024-03-01T10:00:00.000Z',
  mute: null,
};

export const ann: Author = {
  id: 'u1',
  username: 'ann',
  name: 'Ann Lee',
  image: null,
  role: 'user',
};
export const bob: Author = {
  id: 'u2',
  username: 'bob',
  name: 'Bob Moderator',
  image: null,
  role: 'moderator',
};

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
  { id: 3, slug: 'old-stuff', name: 'Old stuff', description: '', position: 2, archived: true },
];

const hourAgo = new Date(Date.now() - 3600_000).toISOString();

export function summary(overrides: Partial<PostSummary> & Pick<PostSummary, 'id' | 'title'>) {
  return {
    category: { id: 2, slug: 'discussions', name: 'Discussions' },
    author: ann,
    tags: [],
    filmTitle: null,
    rating: null,
    pinned: false,
    locked: false,
    replyCount: 0,
    reactionCount: 0,
    viewCount: 0,
    lastActivityAt: hourAgo,
    createdAt: hourAgo,
    ...overrides,
  } satisfies PostSummary;
}

export function detail(overrides: Partial<PostDetail> = {}): PostDetail {
  return {
    ...summary({ id: 1, title: 'Is Solaris too slow?' }),
    bodyHtml: '<p>I think the pacing <strong>works</strong>.</p>',
    bodySource: 'I think the pacing **works**.',
    editedAt: null,
    deleted: false,
    hidden: null,
    viewCount: 42,
    viewer: { reacted: false, canEdit: false, canDelete: false, canReply: true },
    ...overrides,
  };
}

export function reply(id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    postId: 1,
    author: bob,
    replyTo: null,
    bodyHtml: `<p>Reply number ${id}</p>`,
    bodySource: `Reply number ${id}`,
    reactionCount: 0,
    createdAt: hourAgo,
    editedAt: null,
    deleted: false,
    hidden: null,
    viewer: { reacted: false, canEdit: false, canDelete: false },
    ...overrides,
  };
}

/** The session and categories every forum page asks for. */
export function baseRoutes(user: SessionUser | null = viewer): ApiRoutes {
  return {
    'GET /api/auth/session': () => json({ user }),
    'GET /api/forum/categories': () => json({ categories }),
  };
}

/** Thread 1 with its replies (one page), as `user` sees it. */
export function postRoutes(
  post: PostDetail,
  replies: Comment[] = [],
  user: SessionUser | null = viewer,
): ApiRoutes {
  return {
    ...baseRoutes(user),
    'GET /api/forum/posts/1': () => json({ post }),
    'GET /api/forum/posts/1/comments': () =>
      json({ items: replies, nextCursor: null, total: replies.length }),
  };
}

/** Where the router is now: pages navigate, tests read it from the DOM. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function Landing({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <LocationProbe />
    </>
  );
}

function withProbe(page: React.ReactNode) {
  return (
    <>
      {page}
      <LocationProbe />
    </>
  );
}

/** Mounts the forum's routes at `path`, with the dialogs the app shell provides. */
export function renderForum(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/forum', element: withProbe(<ForumPage />) },
      { path: '/forum/post/:id', element: withProbe(<PostPage />) },
      { path: '/forum/post/edit/:id', element: withProbe(<EditPostPage />) },
      { path: '/add-new', element: withProbe(<NewPostPage />) },
      { path: '/auth/login', element: <Landing name="Sign in" /> },
      { path: '/access-denied', element: <Landing name="Access Denied" /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
        <ConfirmDialog />
        <ImageViewer />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient, unmount: result.unmount };
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}
