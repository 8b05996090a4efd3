/**
 * What other features may use of notifications: the viewer's reading of listed threads, the
 * author's watch and reading of a thread they start, and the notice a member gets of a
 * moderation action (recorded with core/notify.ts `notifyLater`).
 */
export { readsOf as threadReadsOf, startedThread } from './reading/repo.js';
export { moderationNotice } from './delivery/moderation-notice.js';

// What the app wires (app.ts): the feature's routes and what it runs.
export { registerNotifications } from './notifications.js';
export type { TellableEvents } from './delivery/events.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { notificationWriter } from './delivery/events.js';
