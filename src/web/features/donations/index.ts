/*
 * What the rest of the app uses of donations: the account page's monthly gifts, where a donor
 * stops one.
 */
export { MonthlyGifts } from './monthly-gifts';
