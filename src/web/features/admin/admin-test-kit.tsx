import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminUser, SessionUser } from '../../../shared/accounts';
import { createQueryClient } from '../../api/query-client';
import { ConfirmDialog } from '../../shell/confirm-dialog';
import { ThemeProvider } from '../../shell/theme-provider';
import { toast } from '../../shell/toast-store';
import { AdminUsersPage } from './admin-users-page';
import { json, type ApiRoutes } from '../../test/fake-api';

/* Tests only: fixtures and the page mounted with what the app shell gives it. */

export const admin: SessionUser = {
  id: 'a1',
  name: 'Root Admin',
  username: 'root',
  email: 'root@example.com',
  emailVerified: true,
  role: 'admin',
  image: null,
  createdAt: '2024-01-01T10:00:00.000Z',
  mute: null,
};

export function adminUser(overrides: Partial<AdminUser> & Pick<AdminUser, 'id' | 'name'>) {
  return {
    username: overrides.name.split(' ')[0]?.toLowerCase() ?? null,
    email: `${overrides.id}@example.com`,
    emailVerified: true,
    role: 'user',
    createdAt: '2024-02-01T10:00:00.000Z',
    block: null,
    mute: null,
    postCount: 0,
    commentCount: 0,
    reportsAgainst: 0,
    ...overrides,
  } satisfies AdminUser;
}

export const ann = adminUser({ id: 'u2', name: 'Ann' });
export const self = adminUser({ id: admin.id, name: admin.name, role: 'admin' });

export function adminRoutes(users: AdminUser[] = [self, ann]): ApiRoutes {
  return {
    'GET /api/auth/session': () => json({ user: admin }),
    'GET /api/users': () => json({ users, nextCursor: null }),
  };
}

/** Mounts a users page in a router (its rows link to the audit log) with the confirm dialog. */
export function renderUsersPage(page: ReactElement, path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider env="test">
        <RouterProvider router={router} />
        <ConfirmDialog />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}

export function renderAdminUsers() {
  return renderUsersPage(<AdminUsersPage />, '/admin/users');
}

export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}
