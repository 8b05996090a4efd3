import { invalidArgument } from '../../../../shared/errors.js';
import type { NewsStatus } from '../../../../shared/news.js';

export interface Schedule {
  status: NewsStatus;
  publishAt: Date | null;
}

/** A stored article as readers meet it: a scheduled article whose time passed is published. */
export function effectiveStatus(status: string, visible: boolean): NewsStatus {
  if (status === 'scheduled' && visible) return 'published';
  return status === 'published' || status === 'scheduled' ? status : 'draft';
}

/**
 * The status and publish time an article gets from a create or an edit. A draft has no publish
 * time; a scheduled article needs one in the future; a published one keeps the time it went
 * out, or goes out now (a past time may be given, a future one needs "scheduled").
 */
export function resolveSchedule(
  requested: { status?: NewsStatus | undefined; publishAt?: string | null | undefined },
  current: Schedule | null,
  now = new Date(),
): Schedule {
  const status = requested.status ?? current?.status ?? 'draft';
  const requestedAt =
    requested.publishAt === undefined || requested.publishAt === null
      ? requested.publishAt
      : new Date(requested.publishAt);
  if (status === 'draft') return { status, publishAt: null };
  if (status === 'scheduled') {
    const at = requestedAt === undefined ? (current?.publishAt ?? null) : requestedAt;
    if (!at) throw invalidArgument('Choose when the scheduled article goes out');
    if (at.getTime() <= now.getTime()) {
      throw invalidArgument(
        'A scheduled article needs a publish time in the future: choose a later time, or publish it now',
      );
    }
    return { status, publishAt: at };
  }
  const kept = current?.status === 'published' ? current.publishAt : null;
  const at = requestedAt ?? kept ?? now;
  if (at.getTime() > now.getTime()) {
    throw invalidArgument('To publish the article later, choose the status Scheduled');
  }
  return { status, publishAt: at };
}
