import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import type { PublicProfile } from '../../../shared/profiles';
import { createQueryClient } from '../../api/query-client';
import { ConfirmDialog } from '../../shell/confirm-dialog';
import { ThemeProvider } from '../../shell/theme-provider';
import { toast } from '../../shell/toast-store';
import { json, type ApiRoutes } from '../../test/fake-api';
import { PublicProfilePage } from './public-profile-page';
import { UserProfilePage } from './user-profile-page';

/* Tests only: fixtures and the page mounted with what the app shell gives it. */

export const ann: SessionUser = {
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

/** Ann's profile as GET /api/account/profile and GET /api/profiles/ann answer it. */
export const annProfile: PublicProfile = {
  id: ann.id,
  username: 'ann',
  name: ann.name,
  image: null,
  role: 'user',
  bio: 'Watches too many westerns.',
  location: 'Leeds',
  favouriteFilms: ['Rio Bravo'],
  joinedAt: ann.createdAt,
  blocked: false,
  counts: { posts: 3, replies: 12 },
};

export const policy = {
  minLength: 10,
  maxLength: 128,
  rules: [
    { id: 'min-length', description: 'At least 10 characters' },
    { id: 'max-length', description: 'At most 128 characters' },
    { id: 'not-common', description: 'Not a commonly used password' },
    { id: 'not-personal', description: 'Does not contain your name, username or email' },
  ],
};

export const now = new Date().toISOString();
export const sessions = [
  { id: 's1', current: true, device: 'Firefox on Linux', ipAddress: '10.0.0.1' },
  { id: 's2', current: false, device: 'Safari on iPhone', ipAddress: '10.0.0.2' },
].map((session) => ({ ...session, createdAt: now, lastSeenAt: now }));

export function accountRoutes(user: SessionUser = ann): ApiRoutes {
  return {
    'GET /api/auth/session': () => json({ user }),
    'GET /api/auth/password-policy': () => json(policy),
    'GET /api/account/sessions': () => json({ sessions }),
    'GET /api/account/profile': () => json({ profile: annProfile }),
    'GET /api/reports/mine': () => json({ items: [], nextCursor: null }),
  };
}

export function renderProfile() {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/user-profile', element: <UserProfilePage /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: ['/user-profile'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
        <ConfirmDialog />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** /u/:username with stand-ins for the pages its links open. */
export function renderPublicProfile(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/u/:username', element: <PublicProfilePage /> },
      { path: '/forum/post/:id', element: <h1>Thread</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export async function section(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name });
}

export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}
