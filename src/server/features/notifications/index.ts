/** What other features may use of notifications: the viewer's reading of listed threads. */
export { readsOf as threadReadsOf } from './reading-repo.js';
