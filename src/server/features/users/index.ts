/** What other features may use of members: the history a moderator sees beside their content. */
export { memberCounts, presentMemberHistory } from './member-history.js';
