import type { Author } from '../../shared/forum';
import type { ModerationTarget, PostModerationAction } from '../../shared/moderation-actions';
import { can } from '../../shared/permissions';
import { mayActOnContent, type Ranked } from '../../shared/rank';

/** What a moderator acts on: a queue item's target, or a thread or reply on its page. */
export type ModeratedItem = Pick<
  ModerationTarget,
  'type' | 'postId' | 'commentId' | 'hidden' | 'locked' | 'pinned' | 'deleted'
> & {
  /** The thread's category (where a move starts from); null for a reply. */
  categoryId: number | null;
};

/** Every action has the post's name; a reply takes only dismiss, hide, restore and purge. */
export type ModerationAction = PostModerationAction;

/** Who wrote an item, as the rank rule sees them: null once their account is deleted. */
export function rankOfAuthor(author: Author): Ranked | null {
  return author.username === null ? null : { id: author.id, role: author.role };
}

/**
 * The actions `viewer` may take on `item` by `author`. Nobody acts on content whose author holds
 * their rank or above, their own included, except admins (DESIGN.md §4). `inQueue`: dismissing
 * means "these reports are unfounded", which only makes sense where the reports are shown.
 * Purge needs the experienced rank. The server checks every one of these again.
 */
export function availableActions(
  item: ModeratedItem,
  viewer: Ranked | null | undefined,
  author: Ranked | null,
  inQueue = false,
): ModerationAction[] {
  if (!viewer || !can(viewer.role, 'content.moderate')) return [];
  if (!mayActOnContent(viewer, author)) return [];
  const actions: ModerationAction[] = [];
  if (inQueue) actions.push('dismiss');
  if (!item.deleted) actions.push(item.hidden ? 'restore' : 'hide');
  if (item.type === 'post' && !item.deleted) {
    actions.push(item.locked ? 'unlock' : 'lock', item.pinned ? 'unpin' : 'pin', 'move');
  }
  if (can(viewer.role, 'content.edit-others')) actions.push('purge');
  return actions;
}

/** Whether `viewer` may edit someone else's content by `author`: the same rank rule. */
export function mayEditContent(viewer: Ranked | null | undefined, author: Ranked | null): boolean {
  if (!viewer) return false;
  return can(viewer.role, 'content.edit-others') && mayActOnContent(viewer, author);
}

export const actionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss reports',
  hide: 'Hide',
  restore: 'Restore',
  lock: 'Lock thread',
  unlock: 'Unlock thread',
  pin: 'Pin thread',
  unpin: 'Unpin thread',
  move: 'Move thread',
  purge: 'Purge',
};

/** The toast after `action` succeeded on a post ("Post") or a reply ("Reply"). */
export function doneTitle(action: ModerationAction, noun: 'Post' | 'Reply'): string {
  switch (action) {
    case 'dismiss':
      return 'Reports dismissed';
    case 'hide':
      return `${noun} hidden`;
    case 'restore':
      return `${noun} restored`;
    case 'purge':
      return `${noun} purged`;
    case 'lock':
      return 'Thread locked';
    case 'unlock':
      return 'Thread unlocked';
    case 'pin':
      return 'Thread pinned';
    case 'unpin':
      return 'Thread unpinned';
    case 'move':
      return 'Thread moved';
  }
}
