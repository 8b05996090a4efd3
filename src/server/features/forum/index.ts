/** What other features may use of the forum. */
export { hiddenByReportsReason } from './reports.js';
export {
  hideDiscussionThread,
  openDiscussionThread,
  retitleDiscussionThread,
  showDiscussionThread,
} from './discussions.js';
export { readThreadPreview, type ThreadPreview } from './social-preview.js';
export {
  listPublicCategories,
  newestPublicThreads,
  publicThreadPages,
  publicThreadsInRange,
  type PublicThreadRow,
} from './discovery-reads.js';
