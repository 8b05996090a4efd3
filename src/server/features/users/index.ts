/** What other features may use of members: the history a moderator sees beside their content. */
export { memberCounts } from './member-history-sql.js';
export { presentMemberHistory } from './presenter.js';
