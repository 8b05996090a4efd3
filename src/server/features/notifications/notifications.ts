import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notifyJobKind } from '../../core/notify.js';
import type { Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import {
  digestJobKind,
  mailJobKind,
  notificationWriter,
  type FanOut,
  type TellableEvents,
} from './delivery/events.js';
import { createNotificationMail } from './delivery/mail.js';
import { createReadingService } from './reading/service.js';
import { registerNotificationRoutes } from './routes.js';
import { createNotificationService } from './service.js';

export interface NotificationOptions {
  db: Db;
  mailer: Mailer;
  siteName: string;
  publicUrl: URL;
  authSecret: string;
  /** Batches and pauses of a fan-out (events.ts): small with pauses on PGlite. */
  fanOut: FanOut;
  /** The events other features record that notifications tells of, as they declare them. */
  events: TellableEvents;
}

const memberJob = z.object({ userId: z.string() });

/**
 * Notifications: the events other features record (core/notify.ts) become notifications in a
 * durable job, reach the member's open pages over the live channel, and their e-mails follow
 * in jobs of their own; plus the member's list, settings, watching and reading places.
 */
export function registerNotifications(app: FastifyInstance, options: NotificationOptions): void {
  const { db } = options;
  const notifications = createNotificationService({
    db,
    live: app.live,
    authSecret: options.authSecret,
  });
  const mail = createNotificationMail(options);
  const writeNotifications = notificationWriter(options.events);

  app.jobs.register(notifyJobKind, async (payload, context) => {
    await writeNotifications(
      db,
      payload,
      context,
      (told) => notifications.push(told),
      options.fanOut,
    );
  });
  app.jobs.register(mailJobKind, (payload) => mail.sendOwed(memberJob.parse(payload).userId));
  app.jobs.register(digestJobKind, (payload) => mail.sendDigest(memberJob.parse(payload).userId));

  const reading = createReadingService(db, (userId) => notifications.countChanged(userId));
  registerNotificationRoutes(app, { notifications, reading });
}
