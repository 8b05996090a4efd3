/** What other features may use of the forum. */
export {
  hideDiscussionThread,
  openDiscussionThread,
  retitleDiscussionThread,
  showDiscussionThread,
} from './threads/discussion-repo.js';
export { readThreadPreview, type ThreadPreview } from './threads/social-preview.js';
export {
  listPublicCategories,
  newestPublicThreads,
  publicThreadPages,
  publicThreadsInRange,
  type PublicThreadRow,
} from './threads/discovery-repo.js';
export { categoryById, filmReviewLinks } from './threads/repo.js';
export {
  closeReports,
  countOpenReports,
  isPurgedReply,
  isPurgedThread,
  lockReplyForModeration,
  lockThreadForModeration,
  moveThread,
  purgeReply,
  purgeThread,
  setReplyHidden,
  setThreadHidden,
  setThreadLocked,
  setThreadPinned,
  type Hiding,
  type ModeratedReply,
  type ModeratedThread,
  type ReportedItem,
} from './moderation-repo.js';
