/** What other features may use of accounts. */
export { endSessionsOf } from './session-repo.js';
