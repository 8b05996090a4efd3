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

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerForum } from './forum.js';
export { liked, mentionedByEdit, replyPosted, threadStarted } from './notify-events.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { createCategoryService } from './categories/service.js';
export { createCommentService } from './replies/service.js';
export { type ThreadLive } from './replies/live-replies.js';
export { createPostService } from './threads/service.js';
export { createReactionService } from './feedback/reactions.js';
export { createForumReads } from './read-repo.js';
export { createViewCounter } from './threads/views.js';
export { createReportService } from './feedback/reports.js';
export { encodeCommentCursor } from './list-cursors.js';
