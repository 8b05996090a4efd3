import { notFound } from '../../../shared/errors.js';
import {
  defaultDeliveries,
  deliveries,
  notificationEvents,
  notificationTypeLabels,
  notificationTypes,
  type Delivery,
  type NotificationList,
  type NotificationSettings,
  type NotificationType,
} from '../../../shared/notifications.js';
import type { Live } from '../../core/live.js';
import type { Viewer } from '../../core/viewer.js';
import type { Db } from '../../platform/db/database.js';
import { presentNotification } from './presenter.js';
import * as repo from './repo.js';
import { readUnsubscribeToken } from './delivery/unsubscribe-token.js';

const isDelivery = (value: string): value is Delivery =>
  (deliveries as readonly string[]).includes(value);

/** A member's notifications: the list, the unread count, reading, removing and settings. */
export function createNotificationService(deps: { db: Db; live: Live; authSecret: string }) {
  const { db, live } = deps;

  async function unreadCount(userId: string): Promise<number> {
    return (await repo.unreadCounts(db, [userId])).get(userId) ?? 0;
  }

  /** Tells the member's other tabs and devices the new count; answers it. */
  async function countChanged(userId: string) {
    const count = await unreadCount(userId);
    live.toMember(userId, notificationEvents.count, { unreadCount: count });
    return { unreadCount: count };
  }

  async function settingsOf(userId: string): Promise<NotificationSettings> {
    const settings: NotificationSettings = { ...defaultDeliveries };
    for (const row of await repo.readSettings(db, userId)) {
      const type = notificationTypes.find((name) => name === row.type);
      if (type && isDelivery(row.delivery)) settings[type] = row.delivery;
    }
    return settings;
  }

  return {
    unreadCount,
    countChanged,

    /**
     * Sends each new notification to its member's open pages with their unread count. Those
     * their reader may no longer see (hidden in between) are not sent.
     */
    async push(told: readonly { id: number; user_id: string }[]): Promise<void> {
      // Nothing to read for members with no open page (most of 10,000 watchers).
      const ids = told.filter((row) => live.mayBeOnline(row.user_id)).map((row) => row.id);
      const rows = await repo.rowsByIds(db, ids);
      if (rows.length === 0) return;
      const counts = await repo.unreadCounts(db, [...new Set(rows.map((row) => row.user_id))]);
      for (const row of rows) {
        live.toMember(row.user_id, notificationEvents.created, {
          notification: presentNotification(row),
          unreadCount: counts.get(row.user_id) ?? 0,
        });
      }
    },

    async list(
      viewer: Viewer,
      query: { cursor?: string | undefined; limit: number; unread?: boolean | undefined },
    ): Promise<NotificationList> {
      const beforeId = query.cursor === undefined ? null : Number.parseInt(query.cursor, 36);
      const rows = await repo.listRows(db, {
        userId: viewer.id,
        beforeId: beforeId !== null && Number.isSafeInteger(beforeId) ? beforeId : null,
        limit: query.limit + 1,
        unreadOnly: query.unread === true,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentNotification),
        nextCursor: rows.length > query.limit && last ? Number(last.id).toString(36) : null,
        unreadCount: await unreadCount(viewer.id),
      };
    },

    /** Someone else's notification is not found, as if it did not exist. */
    async markRead(viewer: Viewer, id: number) {
      if (!(await repo.markRead(db, viewer.id, id))) throw notFound('Notification');
      return countChanged(viewer.id);
    },

    async markAllRead(viewer: Viewer) {
      await repo.markAllRead(db, viewer.id);
      return countChanged(viewer.id);
    },

    async remove(viewer: Viewer, id: number) {
      if (!(await repo.removeOne(db, viewer.id, id))) throw notFound('Notification');
      return countChanged(viewer.id);
    },

    async clear(viewer: Viewer) {
      await repo.removeAll(db, viewer.id);
      return countChanged(viewer.id);
    },

    settings: (viewer: Viewer) => settingsOf(viewer.id),

    async updateSettings(viewer: Viewer, changes: Partial<NotificationSettings>) {
      const list = Object.entries(changes).flatMap(([type, delivery]) =>
        delivery ? [{ type: type as NotificationType, delivery }] : [],
      );
      await repo.writeSettings(db, viewer.id, list);
      return settingsOf(viewer.id);
    },

    /** What an e-mail's unsubscribe link switches off (the page shows it before the click). */
    async describeUnsubscribe(token: string) {
      const { userId, type } = readUnsubscribeToken(deps.authSecret, token);
      const settings = await settingsOf(userId);
      return { type, label: notificationTypeLabels[type], delivery: settings[type] };
    },

    /** One click: that type's e-mails stop; it stays in the app unless it was off already. */
    async unsubscribe(token: string) {
      const { userId, type } = readUnsubscribeToken(deps.authSecret, token);
      const settings = await settingsOf(userId);
      const delivery: Delivery = settings[type] === 'off' ? 'off' : 'app';
      await repo.writeSettings(db, userId, [{ type, delivery }]);
      return { type, label: notificationTypeLabels[type], delivery };
    },

    /** Members whose username starts with `prefix`, for the editors' `@` autocomplete. */
    async suggestMembers(prefix: string) {
      const rows = await repo.membersByPrefix(db, prefix, 8);
      return {
        members: rows.flatMap((row) =>
          row.username ? [{ username: row.username, name: row.name, image: row.image }] : [],
        ),
      };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
