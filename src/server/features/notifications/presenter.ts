import type { Notification, NotificationType } from '../../../shared/notifications.js';
import { iso } from '../../core/author.js';
import type { NotificationRow } from './repo.js';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: Number(row.id),
    type: row.type,
    actor:
      row.actor_id === null
        ? null
        : {
            username: row.actor_username,
            name: row.actor_name ?? '',
            image: row.actor_image,
          },
    othersCount: Number(row.others_count),
    title: row.title,
    excerpt: row.excerpt,
    action: row.action,
    reason: row.reason,
    subject: row.subject,
    endsAt: row.ends_at === null ? null : iso(row.ends_at),
    url: row.url,
    readAt: row.read_at === null ? null : iso(row.read_at),
    createdAt: iso(row.created_at),
  };
}

export type { NotificationType };
