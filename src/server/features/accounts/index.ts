/** What other features may use of accounts. */
export { endSessionsOf } from './sessions/repo.js';
