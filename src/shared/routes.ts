import { matchPath } from 'react-router';
import type { Permission } from './permissions.js';

/**
 * The route table of SPEC.txt §2: every page of the site, its guard flags and its layout.
 * The web app maps each name to a lazily loaded page; the server uses the table to answer
 * unknown paths with 404 and to write each page's title, description and canonical link.
 */
export interface RouteFlags {
  requiresAuth?: boolean;
  requiresVerifiedEmail?: boolean;
  requiresAdmin?: boolean;
  requiresModerator?: boolean;
  /** A page for some of the staff only: the permission its work needs (checked last). */
  requiresPermission?: Permission;
}

export interface SiteRoute extends RouteFlags {
  name: string;
  path: string;
  layout: 'default' | 'auth';
  title: string;
  description: string;
  /** Public pages listed in /sitemap.xml. */
  inSitemap?: boolean;
  /**
   * A public page: rendered on the server for its first load, indexed, with its own social
   * image. Every other page is rendered in the browser and carries `noindex`.
   */
  public?: boolean;
  /**
   * Drawn on the server for its first load like a public page, but kept out of search engines:
   * the sign-in and sign-up forms, so a visitor can read and fill them before the scripts run.
   */
  serverRendered?: boolean;
  /** A page for visitors: a signed-in member is sent on to its `redirect` parameter, or home. */
  visitorsOnly?: boolean;
}

export const siteRoutes: readonly SiteRoute[] = [
  {
    name: 'index',
    path: '/',
    layout: 'default',
    title: 'Home',
    description: 'Film reviews, viewpoints and the people who love cinema.',
    public: true,
    inSitemap: true,
  },
  {
    name: 'about',
    path: '/about',
    layout: 'default',
    title: 'About',
    description: 'What this community is, who runs it and how it is moderated.',
    public: true,
    inSitemap: true,
  },
  {
    name: 'privacy',
    path: '/privacy',
    layout: 'default',
    title: 'Privacy policy',
    description: 'What we collect, why, and the choices you have.',
    public: true,
    inSitemap: true,
  },
  {
    name: 'terms',
    path: '/terms',
    layout: 'default',
    title: 'Terms of service',
    description: 'The rules for using this community.',
    public: true,
    inSitemap: true,
  },
  {
    name: 'access-denied',
    path: '/access-denied',
    layout: 'default',
    title: 'Access denied',
    description: 'You do not have access to this page.',
  },
  {
    name: 'account-blocked',
    path: '/account-blocked',
    layout: 'default',
    title: 'Account blocked',
    description: 'This account has been blocked.',
  },
  {
    name: 'add-new',
    path: '/add-new',
    layout: 'default',
    title: 'New post',
    description: 'Write a review or start a discussion.',
    requiresAuth: true,
    requiresVerifiedEmail: true,
  },
  {
    name: 'admin',
    path: '/admin',
    layout: 'default',
    title: 'Administration',
    description: 'Site administration.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-donations',
    path: '/admin/donations',
    layout: 'default',
    title: 'Donations',
    description: 'Every donation, monthly totals and the campaign.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-mod-requests',
    path: '/admin/mod-requests',
    layout: 'default',
    title: 'Moderator requests',
    description: 'Requests to become a moderator.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-news-create',
    path: '/admin/news/create',
    layout: 'default',
    title: 'Write news',
    description: 'Write a news article.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-users',
    path: '/admin/users',
    layout: 'default',
    title: 'Users',
    description: 'Manage accounts and roles.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'auth-login',
    path: '/auth/login',
    layout: 'auth',
    title: 'Sign in',
    description: 'Sign in to your account.',
    serverRendered: true,
    visitorsOnly: true,
  },
  {
    name: 'auth-verify-email',
    path: '/auth/verify-email',
    layout: 'auth',
    title: 'Verify email',
    description: 'Confirm your email address.',
  },
  {
    name: 'auth-sign-up',
    path: '/auth/sign-up',
    layout: 'auth',
    title: 'Create account',
    description: 'Join the community.',
    serverRendered: true,
  },
  {
    name: 'auth-forgot-password',
    path: '/auth/forgot-password',
    layout: 'auth',
    title: 'Forgot password',
    description: 'Get a link to choose a new password.',
  },
  {
    name: 'auth-reset-password',
    path: '/auth/reset-password',
    layout: 'auth',
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
  },
  {
    name: 'auth-magic-link',
    path: '/auth/magic-link',
    layout: 'auth',
    title: 'Sign in by email',
    description: 'Sign in with a link sent to your email.',
  },
  {
    name: 'auth-provider-done',
    path: '/auth/provider-done',
    layout: 'auth',
    title: 'Signing in',
    description: 'Finishing a sign-in with another account.',
  },
  {
    name: 'auth-welcome',
    path: '/auth/welcome',
    layout: 'auth',
    title: 'Welcome',
    description: 'Choose your username.',
    requiresAuth: true,
  },
  {
    name: 'auth-change-email',
    path: '/auth/change-email',
    layout: 'auth',
    title: 'Confirm new email',
    description: 'Confirm the new email address of your account.',
  },
  {
    name: 'chat',
    path: '/chat',
    layout: 'default',
    title: 'Chat',
    description: 'Talk films in real time.',
  },
  {
    name: 'donate-checkout',
    path: '/donate/checkout/:sessionId',
    layout: 'default',
    title: 'Checkout',
    description: 'Test-mode checkout: no money moves.',
  },
  {
    name: 'donate-success',
    path: '/donate/success',
    layout: 'default',
    title: 'Thank you',
    description: 'Thank you for your donation.',
  },
  {
    name: 'donate-stop',
    path: '/donate/stop',
    layout: 'default',
    title: 'Stop a monthly gift',
    description: 'Stop a monthly donation from the link in its receipt, signed in or not.',
  },
  {
    name: 'donations',
    path: '/donations',
    layout: 'default',
    title: 'Donations',
    description: 'Support the community.',
    public: true,
  },
  {
    name: 'forum',
    path: '/forum',
    layout: 'default',
    title: 'Forum',
    description: 'Reviews, discussions and recommendations.',
    public: true,
    inSitemap: true,
  },
  {
    name: 'post-open',
    path: '/forum/post/:id',
    layout: 'default',
    title: 'Post',
    description: 'A post in the forum.',
    public: true,
  },
  {
    name: 'forum-post-edit-id',
    path: '/forum/post/edit/:id',
    layout: 'default',
    title: 'Edit post',
    description: 'Edit a post.',
    requiresAuth: true,
    requiresVerifiedEmail: true,
  },
  {
    name: 'moderator-users',
    path: '/moderator/users',
    layout: 'default',
    title: 'Moderate users',
    description: 'Find users and apply sanctions.',
    requiresAuth: true,
    requiresModerator: true,
  },
  {
    name: 'moderator-reports',
    path: '/moderator/reports',
    layout: 'default',
    title: 'Review queue',
    description: 'Reported posts and replies waiting for a moderator.',
    requiresAuth: true,
    requiresModerator: true,
  },
  {
    name: 'moderator-films',
    path: '/moderator/films',
    layout: 'default',
    title: 'Possible duplicate films',
    description: 'Films that may be one, for experienced moderators and admins to merge.',
    requiresAuth: true,
    requiresModerator: true,
    requiresPermission: 'films.edit',
  },
  {
    name: 'admin-audit',
    path: '/admin/audit',
    layout: 'default',
    title: 'Audit log',
    description: 'Every moderation and admin action.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-status',
    path: '/admin/status',
    layout: 'default',
    title: 'Status',
    description: 'The health of the services, the job queue and the backups.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-settings',
    path: '/admin/settings',
    layout: 'default',
    title: 'Site settings',
    description: 'Site name, description and forum categories.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-news',
    path: '/admin/news',
    layout: 'default',
    title: 'News articles',
    description: 'Drafts, scheduled and published news.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'admin-news-edit',
    path: '/admin/news/edit/:id',
    layout: 'default',
    title: 'Edit news',
    description: 'Edit a news article.',
    requiresAuth: true,
    requiresAdmin: true,
  },
  {
    name: 'films',
    path: '/films',
    layout: 'default',
    title: 'Films',
    description: 'Every film reviewed here, by reviews, rating, year and title.',
    public: true,
    inSitemap: true,
  },
  {
    name: 'films-id',
    path: '/films/:idSlug',
    layout: 'default',
    title: 'Film',
    description: 'A film, its readers’ ratings and its reviews.',
    public: true,
  },
  {
    name: 'news',
    path: '/news',
    layout: 'default',
    title: 'News',
    description: 'News from the community.',
    public: true,
    inSitemap: true,
  },
  {
    name: 'news-id',
    path: '/news/:id',
    layout: 'default',
    title: 'News article',
    description: 'A news article.',
    public: true,
  },
  {
    name: 'notifications',
    path: '/notifications',
    layout: 'default',
    title: 'Notifications',
    description: 'Replies, mentions and likes of your posts, newest first.',
    requiresAuth: true,
  },
  {
    name: 'search',
    path: '/search',
    layout: 'default',
    title: 'Search',
    description: 'Search posts, news and people.',
    public: true,
  },
  {
    name: 'search-category-id',
    path: '/search/:category/:id',
    layout: 'default',
    title: 'Search',
    description: 'Search results.',
    public: true,
  },
  {
    name: 'unsubscribe',
    path: '/unsubscribe',
    layout: 'default',
    title: 'Unsubscribe',
    description: 'Stop the e-mails of one type of notification.',
  },
  {
    name: 'user-profile',
    path: '/user-profile',
    layout: 'default',
    title: 'Your profile',
    description: 'Your profile and account settings.',
    requiresAuth: true,
  },
  {
    name: 'user-public',
    path: '/u/:username',
    layout: 'default',
    title: 'Profile',
    description: 'A member of the community: their reviews, replies and favourite films.',
    public: true,
  },
];

/** A path's first segment, as React Router compares it (case aside). */
const firstSegment = (path: string) => (path.split('/', 2)[1] ?? '').toLowerCase();

/**
 * Each route with the first segment it needs, or none when that segment is a parameter:
 * `matchPath` builds a regular expression on every call, so a page request tries only the
 * routes that can match (one to five), not all forty.
 */
const routeFirsts = siteRoutes.map((route) => {
  const first = firstSegment(route.path);
  return { route, first: /^:|\*/.test(first) ? undefined : first };
});

/** The route that serves `pathname`, or undefined when no page does (a 404). */
export function findSiteRoute(pathname: string): SiteRoute | undefined {
  const first = firstSegment(pathname);
  return routeFirsts.find(
    (entry) =>
      (entry.first === undefined || entry.first === first) &&
      matchPath({ path: entry.route.path, end: true }, pathname) !== null,
  )?.route;
}
