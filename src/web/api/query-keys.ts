/**
 * Every TanStack Query key of the web app, in one place, so invalidations cannot drift from
 * the queries they target.
 */
export const queryKeys = {
  site: ['site'] as const,
  session: ['session'] as const,
  passwordPolicy: ['password-policy'] as const,
  identityProviders: ['identity-providers'] as const,
  identities: ['account', 'identities'] as const,
  activeSessions: ['account', 'sessions'] as const,
  /** Whether the member's second factor is on, and their recovery codes left. */
  secondFactor: ['account', 'second-factor'] as const,
  /** The member's passkeys, each a way in without a password. */
  passkeys: ['account', 'passkeys'] as const,
  adminUsers: ['admin', 'users'] as const,
  userHistory: (userId: string) => ['admin', 'users', userId, 'history'] as const,
  /** The moderators' review queue (reported posts and replies). */
  reviewQueue: ['moderation', 'reports'] as const,
  categories: ['forum', 'categories'] as const,
  /** Every thread list; a list's own key adds its filters. */
  posts: ['forum', 'posts'] as const,
  postList: (filters: Record<string, string | undefined>) =>
    ['forum', 'posts', 'list', filters] as const,
  post: (id: number) => ['forum', 'post', id] as const,
  comments: (postId: number) => ['forum', 'post', postId, 'comments'] as const,
  revisions: (postId: number) => ['forum', 'post', postId, 'revisions'] as const,
  /** How far the signed-in viewer read a thread, and whether they watch it. */
  reading: (postId: number) => ['forum', 'post', postId, 'reading'] as const,
  categoryWatch: (categoryId: number) => ['forum', 'category-watch', categoryId] as const,
  /** The editors' `@` suggestions for the typed letters. */
  memberSuggestions: (prefix: string) => ['users', 'suggest', prefix] as const,
  commentRevisions: (commentId: number) => ['forum', 'comment', commentId, 'revisions'] as const,
  authorComments: (username: string) => ['forum', 'comments', 'author', username] as const,
  profile: (username: string) => ['profiles', username] as const,
  /**
   * A member's reviews (a diary and their rating spread): under `posts`, so whatever changes
   * threads, a review among them, refreshes it too.
   */
  profileReviews: (username: string) => ['forum', 'posts', 'reviews-of', username] as const,
  ownProfile: ['account', 'profile'] as const,
  uploads: ['account', 'uploads'] as const,
  adminStats: ['admin', 'stats'] as const,
  adminStatus: ['admin', 'status'] as const,
  /** Every audit list; a list's own key adds its filters. */
  auditLog: ['admin', 'audit'] as const,
  auditList: (filters: Record<string, string | undefined>) => ['admin', 'audit', filters] as const,
  /** Every mod request query: the admin lists and the requester's own. */
  modRequests: ['mod-requests'] as const,
  modRequestList: (status: string) => ['mod-requests', 'list', status] as const,
  myModRequest: ['mod-requests', 'mine'] as const,
  myReports: ['reports', 'mine'] as const,
  /** Every news query: public lists, the admin list and articles. */
  news: ['news'] as const,
  newsList: ['news', 'list'] as const,
  /** The article the home page shows: the featured one, or the newest. */
  leadArticle: ['news', 'lead'] as const,
  adminNewsList: ['news', 'admin'] as const,
  newsArticle: (id: number) => ['news', 'article', id] as const,
  /** Every chat query: rooms, each room's messages, the unread total. */
  chat: ['chat'] as const,
  /** Every room list; a list's own key says whether it holds archived rooms. */
  chatRooms: ['chat', 'rooms'] as const,
  chatRoomList: (archived: boolean) => ['chat', 'rooms', archived ? 'all' : 'active'] as const,
  /** Every room's history; one room's key adds its id. */
  chatHistories: ['chat', 'messages'] as const,
  chatMessages: (roomId: number) => ['chat', 'messages', roomId] as const,
  chatUnread: ['chat', 'unread'] as const,
  /** Every notification list; a list's own key says whether it holds only the unread ones. */
  notificationLists: ['notifications', 'list'] as const,
  notificationList: (filter: 'all' | 'unread') => ['notifications', 'list', filter] as const,
  /** The bell's number. */
  notificationUnread: ['notifications', 'unread'] as const,
  notificationSettings: ['notifications', 'settings'] as const,
  /** What an e-mail's unsubscribe link would switch off. */
  unsubscribeLink: (token: string) => ['notifications', 'unsubscribe', token] as const,
  /** The donations page, a checkout's state, and the admins' lists, totals and campaign. */
  donationsPage: ['donations', 'page'] as const,
  donationStatus: (sessionId: string) => ['donations', 'status', sessionId] as const,
  demoCheckout: (sessionId: string) => ['donations', 'demo', sessionId] as const,
  /** The signed-in member's monthly gifts, and the one a receipt's stop link names. */
  monthlyGifts: ['donations', 'monthly'] as const,
  monthlyGiftLink: (token: string) => ['donations', 'monthly-link', token] as const,
  /** Every admin donations list; a list's own key adds its filters. */
  adminDonations: ['donations', 'admin'] as const,
  adminDonationList: (filters: Record<string, string | undefined>) =>
    ['donations', 'admin', filters] as const,
  donationMonths: ['donations', 'months'] as const,
  campaignSettings: ['donations', 'campaign'] as const,
  /** A page of search results; the quick search's hits; where a result lives now. */
  search: (params: Record<string, string | undefined>) => ['search', 'results', params] as const,
  quickSearch: (q: string) => ['search', 'quick', q] as const,
  openResult: (category: string, id: string) => ['search', 'open', category, id] as const,
};

/**
 * The films' keys, under one `['films', …]` root: writing, editing, hiding or deleting a review
 * refreshes every film page that counts it with `filmKeys.all`.
 */
export const filmKeys = {
  /** Every film query: the index, each film's page, the picker's suggestions, the duplicates. */
  all: ['films'] as const,
  index: (params: Record<string, string>) => ['films', 'index', params] as const,
  /** Every page (sort, page number) of one film. */
  filmPages: (id: number) => ['films', 'film', id] as const,
  film: (id: number, params: Record<string, string>) => ['films', 'film', id, params] as const,
  suggestions: (q: string) => ['films', 'suggest', q] as const,
  duplicates: ['films', 'duplicates'] as const,
};
