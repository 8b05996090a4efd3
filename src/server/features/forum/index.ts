/** What other features may use of the forum. */
export { hiddenByReportsReason } from './reports.js';
export {
  hideDiscussionThread,
  openDiscussionThread,
  retitleDiscussionThread,
  showDiscussionThread,
} from './discussion-repo.js';
export { readThreadPreview, type ThreadPreview } from './social-preview.js';
export {
  listPublicCategories,
  newestPublicThreads,
  publicThreadPages,
  publicThreadsInRange,
  type PublicThreadRow,
} from './discovery-repo.js';
export { categoryById } from './post-repo.js';
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
