import { permissionDenied } from '../../shared/errors.js';
import { mayActOnAccount, mayActOnContent, type Ranked } from '../../shared/rank.js';
import type { Viewer } from './viewer.js';

/** Refuses an action on an account of equal or higher rank, or on one's own (shared/rank.ts). */
export function assertMayActOnAccount(viewer: Viewer, target: Ranked, message?: string): void {
  if (viewer.id === target.id) throw permissionDenied('You cannot do this to your own account');
  if (!mayActOnAccount(viewer, target)) {
    throw permissionDenied(message ?? 'You cannot act on an account of your rank or above');
  }
}

/**
 * Refuses a moderator's action (hide, restore, lock, pin, move, edit, purge) on content whose
 * author holds the viewer's rank or above; admins act on anyone's content. `author` is null once
 * the author's account is deleted.
 */
export function assertMayActOnContent(viewer: Viewer, author: Ranked | null, what: string): void {
  if (!mayActOnContent(viewer, author)) {
    throw permissionDenied(
      `This ${what} was written by a member of your rank or above: only an admin can do that`,
    );
  }
}

/** An author as a rank rule sees them: null once their account is deleted. */
export function rankedAuthor(author: {
  id: string;
  role: unknown;
  deletedAt: Date | string | null;
}): Ranked | null {
  return author.deletedAt === null ? { id: author.id, role: author.role } : null;
}
