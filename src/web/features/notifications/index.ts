/*
 * What the rest of the app uses of notifications: the header's bell (with its live count) and
 * the settings of the account page. Both load lazily, for signed-in members only.
 */
export { NotificationBell, NotificationSettings } from './lazy-parts';
