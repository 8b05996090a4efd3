import { isRole, rankOf } from './roles.js';

/** Who is acted on: an account, or the author of a piece of content (null once deleted). */
export interface Ranked {
  id: string;
  role: unknown;
}

/**
 * The rank rule for actions on an account (DESIGN.md §4): nobody acts on an equal or higher
 * rank, except that admins act on other admins; nobody acts on themselves.
 */
export function mayActOnAccount(actor: Ranked, target: Ranked): boolean {
  if (actor.id === target.id || !isRole(actor.role)) return false;
  if (actor.role === 'admin') return true;
  return rankOf(actor.role) > rankOf(target.role);
}

/**
 * The same rule for content: nobody hides, restores, locks, pins, moves, edits or purges content
 * whose author has an equal or higher rank (their own included), except admins, who act on
 * anyone's content. A deleted author's content has no rank left to protect it.
 */
export function mayActOnContent(actor: Ranked, author: Ranked | null): boolean {
  if (!isRole(actor.role)) return false;
  if (actor.role === 'admin' || author === null) return true;
  return rankOf(actor.role) > rankOf(author.role);
}
