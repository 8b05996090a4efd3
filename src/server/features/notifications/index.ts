/**
 * What other features may use of notifications: the viewer's reading of listed threads, and the
 * author's watch and reading of a thread they start.
 */
export { readsOf as threadReadsOf, startedThread } from './reading-repo.js';
