import type { AuditEntry } from '../../../shared/moderation';

const valueMax = 60;

/** A value as one short line: strings bare, empty as "—", the rest as compact JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > valueMax ? `${text.slice(0, valueMax - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * "role: user → moderator", one line per field that changed. Entries record whole snapshots or
 * single values; only what differs is worth an admin's attention.
 */
export function changeSummary(before: unknown, after: unknown): string[] {
  if (before === null && after === null) return [];
  if (!isRecord(before) && !isRecord(after)) return [`${show(before)} → ${show(after)}`];
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .map((key) => {
      if (!(key in from)) return `${key}: ${show(to[key])}`;
      if (!(key in to)) return `${key}: ${show(from[key])} → —`;
      return `${key}: ${show(from[key])} → ${show(to[key])}`;
    });
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
