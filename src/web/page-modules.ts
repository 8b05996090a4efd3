import type { ComponentType } from 'react';
import { findSiteRoute, type SiteRoute } from '../shared/routes';
import type { PagePrefetch } from './shell/page-prefetch';

export interface PageModule {
  Component: ComponentType;
  /**
   * The data the page reads, put into the query cache with the same query options its
   * components use: a server render fetches it all before drawing, so it draws the page once
   * (entry-server.tsx). A page without one is drawn again for each level of data it asks for.
   */
  prefetch?: (page: PagePrefetch) => Promise<unknown>;
}

/*
 * One dynamic import per page, so Vite gives each page its own chunk. Route `lazy` and link
 * prefetching call the same function; the browser's module cache makes the second call free.
 */
const pages: Record<string, () => Promise<PageModule>> = {
  index: () =>
    import('./features/site/home-page').then((m) => ({
      Component: m.HomePage,
      prefetch: m.prefetchHomePage,
    })),
  about: () => import('./features/site/about-page').then((m) => ({ Component: m.AboutPage })),
  privacy: () => import('./features/site/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  terms: () => import('./features/site/terms-page').then((m) => ({ Component: m.TermsPage })),
  'auth-login': () =>
    import('./features/accounts/login-page').then((m) => ({ Component: m.LoginPage })),
  'auth-sign-up': () =>
    import('./features/accounts/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
  'auth-verify-email': () =>
    import('./features/accounts/verify-email-page').then((m) => ({
      Component: m.VerifyEmailPage,
    })),
  'auth-forgot-password': () =>
    import('./features/accounts/forgot-password-page').then((m) => ({
      Component: m.ForgotPasswordPage,
    })),
  'auth-reset-password': () =>
    import('./features/accounts/reset-password-page').then((m) => ({
      Component: m.ResetPasswordPage,
    })),
  'auth-magic-link': () =>
    import('./features/accounts/magic-link-page').then((m) => ({ Component: m.MagicLinkPage })),
  'auth-provider-done': () =>
    import('./features/accounts/provider-done-page').then((m) => ({
      Component: m.ProviderDonePage,
    })),
  'auth-welcome': () =>
    import('./features/accounts/welcome-page').then((m) => ({ Component: m.WelcomePage })),
  'auth-change-email': () =>
    import('./features/accounts/change-email-page').then((m) => ({
      Component: m.ChangeEmailPage,
    })),
  'access-denied': () =>
    import('./features/accounts/access-denied-page').then((m) => ({
      Component: m.AccessDeniedPage,
    })),
  'account-blocked': () =>
    import('./features/accounts/account-blocked-page').then((m) => ({
      Component: m.AccountBlockedPage,
    })),
  'user-profile': () =>
    import('./features/profile/user-profile-page').then((m) => ({
      Component: m.UserProfilePage,
    })),
  forum: () =>
    import('./features/forum/forum-page').then((m) => ({
      Component: m.ForumPage,
      prefetch: m.prefetchForumPage,
    })),
  'post-open': () =>
    import('./features/forum/post-page').then((m) => ({
      Component: m.PostPage,
      prefetch: m.prefetchPostPage,
    })),
  'forum-post-edit-id': () =>
    import('./features/forum/edit-post-page').then((m) => ({ Component: m.EditPostPage })),
  'add-new': () =>
    import('./features/forum/new-post-page').then((m) => ({ Component: m.NewPostPage })),
  'user-public': () =>
    import('./features/profile/public-profile-page').then((m) => ({
      Component: m.PublicProfilePage,
      prefetch: m.prefetchPublicProfilePage,
    })),
  'moderator-users': () =>
    import('./features/admin/moderator-users-page').then((m) => ({
      Component: m.ModeratorUsersPage,
    })),
  'moderator-reports': () =>
    import('./features/moderation/review-queue-page').then((m) => ({
      Component: m.ReviewQueuePage,
    })),
  'moderator-films': () =>
    import('./features/films/film-duplicates-page').then((m) => ({
      Component: m.FilmDuplicatesPage,
    })),
  'admin-users': () =>
    import('./features/admin/admin-users-page').then((m) => ({ Component: m.AdminUsersPage })),
  admin: () =>
    import('./features/admin/admin-dashboard-page').then((m) => ({
      Component: m.AdminDashboardPage,
    })),
  'admin-status': () =>
    import('./features/admin/admin-status-page').then((m) => ({ Component: m.AdminStatusPage })),
  'admin-settings': () =>
    import('./features/admin/admin-settings-page').then((m) => ({
      Component: m.AdminSettingsPage,
    })),
  'admin-audit': () =>
    import('./features/admin/admin-audit-page').then((m) => ({ Component: m.AdminAuditPage })),
  'admin-donations': () =>
    import('./features/admin/admin-donations-page').then((m) => ({
      Component: m.AdminDonationsPage,
    })),
  'admin-mod-requests': () =>
    import('./features/admin/admin-mod-requests-page').then((m) => ({
      Component: m.AdminModRequestsPage,
    })),
  search: () => import('./features/search/search-page').then((m) => ({ Component: m.SearchPage })),
  'search-category-id': () =>
    import('./features/search/open-result-page').then((m) => ({ Component: m.OpenResultPage })),
  chat: () => import('./features/chat/chat-page').then((m) => ({ Component: m.ChatPage })),
  donations: () =>
    import('./features/donations/donations-page').then((m) => ({
      Component: m.DonationsPage,
      prefetch: m.prefetchDonationsPage,
    })),
  'donate-checkout': () =>
    import('./features/donations/demo-checkout-page').then((m) => ({
      Component: m.DemoCheckoutPage,
    })),
  'donate-success': () =>
    import('./features/donations/donate-success-page').then((m) => ({
      Component: m.DonateSuccessPage,
    })),
  'donate-stop': () =>
    import('./features/donations/stop-monthly-gift-page').then((m) => ({
      Component: m.StopMonthlyGiftPage,
    })),
  news: () =>
    import('./features/news/news-page').then((m) => ({
      Component: m.NewsPage,
      prefetch: m.prefetchNewsPage,
    })),
  'news-id': () =>
    import('./features/news/news-article-page').then((m) => ({
      Component: m.NewsArticlePage,
      prefetch: m.prefetchNewsArticlePage,
    })),
  films: () =>
    import('./features/films/films-page').then((m) => ({
      Component: m.FilmsPage,
      prefetch: m.prefetchFilmsPage,
    })),
  'films-id': () =>
    import('./features/films/film-page').then((m) => ({
      Component: m.FilmPage,
      prefetch: m.prefetchFilmPage,
    })),
  notifications: () =>
    import('./features/notifications/notifications-page').then((m) => ({
      Component: m.NotificationsPage,
    })),
  unsubscribe: () =>
    import('./features/notifications/unsubscribe-page').then((m) => ({
      Component: m.UnsubscribePage,
    })),
  'admin-news': () =>
    import('./features/news/admin-news-page').then((m) => ({ Component: m.AdminNewsPage })),
  'admin-news-create': () =>
    import('./features/news/news-editor-page').then((m) => ({ Component: m.CreateNewsPage })),
  'admin-news-edit': () =>
    import('./features/news/news-editor-page').then((m) => ({ Component: m.EditNewsPage })),
};

/** The module of a route in the table. */
export function pageModuleFor(route: SiteRoute): () => Promise<PageModule> {
  const load = pages[route.name];
  if (!load) throw new Error(`Route '${route.name}' has no page module`);
  return load;
}

/** The module behind `pathname`, or undefined when no page serves it. */
export function pageModuleForPath(pathname: string): (() => Promise<PageModule>) | undefined {
  const route = findSiteRoute(pathname);
  return route ? pageModuleFor(route) : undefined;
}
