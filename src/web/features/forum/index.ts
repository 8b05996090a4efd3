/*
 * What other features may use of the forum: the replies of a thread, with their composer, so a
 * news article's comments follow the forum's rules with the forum's own components.
 */
export { Replies } from './replies';
