import type { AuditAction, AuditEntry, AuditTargetType } from '../../../shared/audit-log';
import { isRole, roleLabels } from '../../../shared/roles';
import { formatDateTime } from '../../components/format-time';

/** Every audited action in a few words, for filters and short lists. */
export const auditActionLabels: Record<AuditAction, string> = {
  'report.dismiss': 'Reports dismissed',
  'post.hide': 'Thread hidden',
  'post.restore': 'Thread restored',
  'post.lock': 'Thread locked',
  'post.unlock': 'Thread unlocked',
  'post.pin': 'Thread pinned',
  'post.unpin': 'Thread unpinned',
  'post.move': 'Thread moved',
  'post.purge': 'Thread deleted for good',
  'post.edit': 'Thread edited by a moderator',
  'comment.hide': 'Reply hidden',
  'comment.restore': 'Reply restored',
  'comment.purge': 'Reply deleted for good',
  'comment.edit': 'Reply edited by a moderator',
  'user.mute': 'Muted',
  'user.unmute': 'Unmuted',
  'user.block': 'Blocked',
  'user.unblock': 'Unblocked',
  'user.role': 'Role changed',
  'user.identity-link': 'Sign-in account linked',
  'user.identity-unlink': 'Sign-in account unlinked',
  'mod-request.approve': 'Moderator request approved',
  'mod-request.reject': 'Moderator request rejected',
  'news.create': 'Article written',
  'news.update': 'Article changed',
  'news.delete': 'Article deleted',
  'category.create': 'Category added',
  'category.update': 'Category changed',
  'category.reorder': 'Categories reordered',
  'site.update': 'Site settings changed',
  'chat-message.hide': 'Chat message hidden',
  'chat-message.restore': 'Chat message restored',
  'chat-room.create': 'Chat room added',
  'chat-room.update': 'Chat room changed',
  'donation-message.hide': 'Donor message hidden',
  'donation-message.restore': 'Donor message restored',
  'campaign.update': 'Campaign changed',
  'film.update': 'Film details changed',
  'film.merge': 'Films merged',
};

/** What each kind of target is called in the product. */
export const auditTargetNames: Record<AuditTargetType, string> = {
  user: 'member',
  post: 'thread',
  comment: 'reply',
  'mod-request': 'moderator request',
  news: 'article',
  category: 'category',
  site: 'site',
  'chat-message': 'chat message',
  'chat-room': 'chat room',
  donation: 'donation',
  campaign: 'campaign',
  film: 'film',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One field of a recorded snapshot (`before` or `after`), when the entry holds it. */
function field(snapshot: unknown, key: string): unknown {
  return isRecord(snapshot) ? snapshot[key] : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function roleName(value: unknown): string {
  return typeof value === 'string' && isRole(value) ? roleLabels[value].toLowerCase() : 'no role';
}

/** "until 3 Mar 2025, 14:05", or nothing for an open-ended sanction. */
function until(sanction: unknown): string {
  const end = text(field(sanction, 'until'));
  return end ? ` until ${formatDateTime(end)}` : '';
}

/** The names of the fields that differ between two snapshots, in words. */
function changedFields(before: unknown, after: unknown, names: Record<string, string>): string[] {
  return Object.entries(names)
    .filter(([key]) => JSON.stringify(field(before, key)) !== JSON.stringify(field(after, key)))
    .map(([, name]) => name);
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const articleFields = {
  title: 'title',
  summary: 'summary',
  publishAt: 'publication time',
  featured: 'featured mark',
  coverUploadId: 'cover',
  coverAlt: 'cover description',
};

function describeArticle(before: unknown, after: unknown, title: string): string {
  const was = field(before, 'status');
  const now = field(after, 'status');
  if (before === null || before === undefined) {
    if (now === 'published') return `Published the article ‘${title}’`;
    if (now === 'scheduled') return `Scheduled the article ‘${title}’${publishTime(after)}`;
    return `Wrote the draft ‘${title}’`;
  }
  if (was !== now) {
    if (now === 'published') return `Published the article ‘${title}’`;
    if (now === 'scheduled') return `Scheduled the article ‘${title}’${publishTime(after)}`;
    return `Unpublished the article ‘${title}’`;
  }
  const fields = changedFields(before, after, articleFields);
  return fields.length > 0
    ? `Changed the ${list(fields)} of the article ‘${title}’`
    : `Saved the article ‘${title}’ unchanged`;
}

function publishTime(snapshot: unknown): string {
  const at = text(field(snapshot, 'publishAt'));
  return at ? ` for ${formatDateTime(at)}` : '';
}

function describeCategory(before: unknown, after: unknown, name: string): string {
  const oldName = text(field(before, 'name'));
  if (oldName && oldName !== name) return `Renamed the category ‘${oldName}’ to ‘${name}’`;
  const archived = field(after, 'archived');
  if (field(before, 'archived') !== archived) {
    return archived ? `Archived the category ‘${name}’` : `Reopened the category ‘${name}’`;
  }
  return `Changed the description of the category ‘${name}’`;
}

/** Entries written before moves recorded the categories' names say less, but still read. */
function describeMove(before: unknown, after: unknown, title: string): string {
  const from = text(field(before, 'categoryName'));
  const to = text(field(after, 'categoryName'));
  if (from && to) return `Moved the thread ‘${title}’ from ‘${from}’ to ‘${to}’`;
  if (to) return `Moved the thread ‘${title}’ to ‘${to}’`;
  return `Moved the thread ‘${title}’ to another category`;
}

function describeSite(before: unknown, after: unknown): string {
  const fields = changedFields(before, after, { name: 'name', description: 'description' });
  const newName = text(field(after, 'name'));
  if (fields.length === 1 && fields[0] === 'name' && newName) {
    return `Renamed the site to ‘${newName}’`;
  }
  return fields.length > 0 ? `Changed the site’s ${list(fields)}` : 'Saved the site settings';
}

/**
 * What an entry did, as a sentence an admin reads at a glance: "Blocked Ann until 1 Dec 2030,
 * 10:00", "Changed Ann's role from user to moderator", "Published the article ‘X’". The reason
 * is shown beside it.
 */
export function describeEntry(entry: AuditEntry): string {
  const { before, after, target } = entry;
  const label = target.label || `${target.type} ${target.id}`;
  switch (entry.action) {
    case 'report.dismiss':
      return `Dismissed the reports on ‘${label}’`;
    case 'post.hide':
      return `Hid the thread ‘${label}’`;
    case 'post.restore':
      return `Restored the thread ‘${label}’`;
    case 'post.lock':
      return `Locked the thread ‘${label}’`;
    case 'post.unlock':
      return `Unlocked the thread ‘${label}’`;
    case 'post.pin':
      return `Pinned the thread ‘${label}’`;
    case 'post.unpin':
      return `Unpinned the thread ‘${label}’`;
    case 'post.move':
      return describeMove(before, after, label);
    case 'post.purge':
      return `Deleted the thread ‘${label}’ for good`;
    case 'post.edit': {
      const fields = changedFields(before, after, {
        title: 'title',
        body: 'text',
        bodySource: 'text',
        tags: 'tags',
        filmTitle: 'film',
        rating: 'rating',
        categoryId: 'category',
      });
      return fields.length > 0
        ? `Edited the ${list([...new Set(fields)])} of the thread ‘${label}’`
        : `Edited the thread ‘${label}’`;
    }
    case 'comment.hide':
      return `Hid the reply ‘${label}’`;
    case 'comment.restore':
      return `Restored the reply ‘${label}’`;
    case 'comment.purge':
      return `Deleted the reply ‘${label}’ for good`;
    case 'comment.edit':
      return `Edited the reply ‘${label}’`;
    case 'user.mute':
      return `Muted ${label}${until(field(after, 'mute'))}`;
    case 'user.unmute':
      return `Unmuted ${label}`;
    case 'user.block':
      return `Blocked ${label}${until(field(after, 'block'))}`;
    case 'user.unblock':
      return `Unblocked ${label}`;
    case 'user.role':
      return `Changed ${label}’s role from ${roleName(field(before, 'role'))} to ${roleName(field(after, 'role'))}`;
    case 'user.identity-link':
      return `Linked ${providerName(field(after, 'provider'))} to ${label}’s account`;
    case 'user.identity-unlink':
      return `Unlinked ${providerName(field(before, 'provider'))} from ${label}’s account`;
    case 'mod-request.approve':
      return `Approved ${label}’s request to become a moderator`;
    case 'mod-request.reject':
      return `Turned down ${label}’s request to become a moderator`;
    case 'news.create':
    case 'news.update':
      return describeArticle(before, after, label);
    case 'news.delete':
      return `Deleted the article ‘${label}’`;
    case 'category.create':
      return `Added the category ‘${label}’`;
    case 'category.update':
      return describeCategory(before, after, label);
    case 'category.reorder':
      return 'Reordered the forum’s categories';
    case 'site.update':
      return describeSite(before, after);
    case 'chat-message.hide':
      return `Hid the chat message ‘${label}’`;
    case 'chat-message.restore':
      return `Restored the chat message ‘${label}’`;
    case 'chat-room.create':
      return `Added the chat room ‘${label}’`;
    case 'chat-room.update':
      return `Changed the chat room ‘${label}’`;
    case 'donation-message.hide':
      return `Hid the donor message of ‘${label}’`;
    case 'donation-message.restore':
      return `Restored the donor message of ‘${label}’`;
    case 'campaign.update':
      return `Changed the campaign ‘${label}’`;
    case 'film.update': {
      const fields = changedFields(before, after, {
        title: 'title',
        year: 'year',
        originalTitle: 'original title',
        director: 'director',
        posterUrl: 'poster',
      });
      return fields.length > 0
        ? `Changed the ${list(fields)} of the film ‘${label}’`
        : `Changed the film ‘${label}’`;
    }
    case 'film.merge':
      return `Merged the film ‘${label}’ into ‘${text(field(after, 'title')) ?? 'another film'}’`;
  }
}

/** A sign-in provider as the audit entry names it (its name was kept with it). */
function providerName(value: unknown): string {
  return typeof value === 'string' && value.length > 0 ? value : 'a sign-in account';
}

/** Where the target lives in the app, when it has a page of its own. */
export function targetPath(target: AuditEntry['target']): string | null {
  const id = encodeURIComponent(target.id);
  switch (target.type) {
    case 'post':
      return `/forum/post/${id}`;
    case 'news':
      return `/news/${id}`;
    case 'mod-request':
      return '/admin/mod-requests';
    case 'category':
    case 'site':
      return '/admin/settings';
    case 'chat-message':
    case 'chat-room':
      return '/chat';
    case 'donation':
    case 'campaign':
      return '/admin/donations';
    case 'film':
      return `/films/${id}`;
    case 'user':
    case 'comment':
      return null;
  }
}

/** The audit log filtered to one target: every action ever taken on it. */
export function targetHistoryPath(target: AuditEntry['target']): string {
  const params = new URLSearchParams({ targetType: target.type, targetId: target.id });
  return `/admin/audit?${params.toString()}`;
}
