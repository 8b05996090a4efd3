import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Author, Category } from '../../../shared/forum';
import type { AdminStats, AuditEntry, MemberHistory } from '../../../shared/moderation';
import { createQueryClient } from '../../api/query-client';
import { ConfirmDialog } from '../../shell/confirm-dialog';
import { ThemeProvider } from '../../shell/theme-provider';
import { toast } from '../../shell/toast-store';
import { json, type ApiRoutes } from '../../test/fake-api';
import { admin } from './admin-test-kit';
import { AdminAuditPage } from './admin-audit-page';
import { AdminDashboardPage } from './admin-dashboard-page';
import { AdminModRequestsPage } from './admin-mod-requests-page';
import { AdminSettingsPage } from './admin-settings-page';
import type { ModRequestWithHistory } from './api/get-mod-requests';

/* Tests only: fixtures for the dashboard, settings, audit and mod request pages. */

export const rootAuthor: Author = {
  id: admin.id,
  username: 'root',
  name: admin.name,
  image: null,
  role: 'admin',
};
export const dan: Author = {
  id: 'u7',
  username: 'dan',
  name: 'Dan Requester',
  image: null,
  role: 'user',
};

export const stats: AdminStats = {
  users: 1234,
  newUsersThisWeek: 12,
  posts: 560,
  comments: 7890,
  openReports: 3,
  pendingModRequests: 2,
  donations: null,
};

export const categories: Category[] = [
  {
    id: 1,
    slug: 'reviews',
    name: 'Reviews',
    description: 'Film reviews',
    position: 0,
    archived: false,
  },
  { id: 2, slug: 'talk', name: 'Talk', description: '', position: 1, archived: false },
  { id: 3, slug: 'old', name: 'Old', description: '', position: 2, archived: true },
];

export function auditEntry(overrides: Partial<AuditEntry> & Pick<AuditEntry, 'id'>): AuditEntry {
  return {
    actor: rootAuthor,
    action: 'user.role',
    target: { type: 'user', id: 'u7', label: 'Dan Requester' },
    reason: null,
    before: { role: 'user' },
    after: { role: 'moderator' },
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const history: MemberHistory = {
  joinedAt: '2024-01-15T10:00:00.000Z',
  postCount: 14,
  commentCount: 1,
  reportsAgainst: 0,
  sanctions: 2,
};

export function modRequest(
  overrides: Partial<ModRequestWithHistory> & Pick<ModRequestWithHistory, 'id'>,
): ModRequestWithHistory {
  return {
    requester: dan,
    motivation: 'I read every thread and would like to help keep it civil.',
    status: 'open',
    decisionReason: null,
    decidedAt: null,
    createdAt: '2025-03-02T09:00:00.000Z',
    requesterHistory: history,
    ...overrides,
  };
}

export function adminAreaRoutes(): ApiRoutes {
  return {
    'GET /api/auth/session': () => json({ user: admin }),
    'GET /api/site': () => json({ name: 'Viewpoint', description: 'Films and talk' }),
    'GET /api/admin/stats': () => json(stats),
    'GET /api/forum/categories': () => json({ categories }),
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

/** Mounts the admin area's pages at `path`, with the confirm dialog the shell provides. */
export function renderAdminArea(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/admin', element: withProbe(<AdminDashboardPage />) },
      { path: '/admin/settings', element: withProbe(<AdminSettingsPage />) },
      { path: '/admin/audit', element: withProbe(<AdminAuditPage />) },
      { path: '/admin/mod-requests', element: withProbe(<AdminModRequestsPage />) },
      { path: '*', element: withProbe(<h1>Elsewhere</h1>) },
    ],
    { initialEntries: [path] },
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

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}
