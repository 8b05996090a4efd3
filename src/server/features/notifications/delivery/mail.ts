import {
  describeNotification,
  notificationTypeLabels,
  type Notification,
  type NotificationType,
} from '../../../../shared/notifications.js';
import { utcMoment } from '../../../../shared/utc-time.js';
import { escapeHtml } from '../../../core/escape-html.js';
import type { Db } from '../../../platform/db/database.js';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer.js';
import { presentNotification } from '../presenter.js';
import {
  claimMailTopic,
  clearMail,
  pendingMail,
  mailRecipient,
  releaseMailTopic,
  type NotificationRow,
} from '../repo.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export interface NotificationMailOptions {
  db: Db;
  mailer: Mailer;
  siteName: string;
  publicUrl: URL;
  authSecret: string;
}

interface Recipient {
  id: string;
  email: string;
  name: string;
}

/** An e-mail cannot know its reader's time zone: an end is written in UTC, saying so. */
const say = (item: Notification) => describeNotification(item, { end: utcMoment, now: Date.now() });

const button =
  'background:#f59f00;color:#000;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block';

/**
 * Notification e-mails: one per thread (or room) an hour at most, or one daily digest; each
 * with a one-click unsubscribe link for its type, also in `List-Unsubscribe` (RFC 8058). A
 * notice about moderation of the member's own content or account is never folded into a
 * thread's hour: it is mailed by itself (repo.ts, its topic).
 */
export function createNotificationMail(options: NotificationMailOptions) {
  const { db, mailer, siteName, publicUrl } = options;
  const link = (path: string) => new URL(path, publicUrl).toString();

  function unsubscribeLinks(userId: string, type: NotificationType) {
    const token = encodeURIComponent(unsubscribeToken(options.authSecret, userId, type));
    return {
      page: link(`/unsubscribe?token=${token}`),
      oneClick: link(`/api/notifications/unsubscribe?token=${token}`),
    };
  }

  function compose(
    to: Recipient,
    subject: string,
    items: Notification[],
    type: NotificationType,
  ): MailMessage {
    const unsubscribe = unsubscribeLinks(to.id, type);
    const settings = link('/user-profile');
    const why = `You get these e-mails for “${notificationTypeLabels[type]}”.`;
    const text = [
      `Hello ${to.name},`,
      '',
      ...items.flatMap((item) => [
        say(item),
        ...(item.excerpt ? [`> ${item.excerpt}`] : []),
        `Open it: ${link(item.url)}`,
        '',
      ]),
      why,
      `Unsubscribe from these e-mails: ${unsubscribe.page}`,
      `All your e-mail settings: ${settings}`,
      '',
      `— ${siteName}`,
    ].join('\n');
    const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(to.name)},</p>
${items
  .map(
    (item) => `<p>${escapeHtml(say(item))}</p>
${item.excerpt ? `<blockquote style="color:#555;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(item.excerpt)}</blockquote>` : ''}
<p><a href="${escapeHtml(link(item.url))}" style="${button}">Open it</a></p>`,
  )
  .join('\n')}
<p style="color:#555;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe.page)}">Unsubscribe</a> · <a href="${escapeHtml(settings)}">All e-mail settings</a></p>
<p>— ${escapeHtml(siteName)}</p>
</body></html>`;
    return {
      to: to.email,
      subject: `${subject} — ${siteName}`,
      text,
      html,
      headers: {
        'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  async function recipient(userId: string): Promise<Recipient | null> {
    const row = await mailRecipient(db, userId);
    return row?.verified && row.deletedAt === null ? row : null;
  }

  /** Rows by topic (a thread, a room, else the notification itself), oldest topic first. */
  function byTopic(rows: NotificationRow[]) {
    const topics = new Map<string, NotificationRow[]>();
    for (const row of rows) topics.set(row.topic, [...(topics.get(row.topic) ?? []), row]);
    return topics;
  }

  /** The e-mails a member is owed now: each topic's newest news, unless mailed within the hour. */
  async function sendOwed(userId: string): Promise<void> {
    // New notifications may arrive while this runs: look again until none is owed.
    for (let round = 0; round < 5; round += 1) {
      const rows = await pendingMail(db, userId, 'email');
      if (rows.length === 0) return;
      const to = await recipient(userId);
      const visible = rows.filter((row) => row.visible);
      await clearMail(
        db,
        rows.filter((row) => !row.visible || !to).map((row) => Number(row.id)),
      );
      if (!to) return;
      for (const [topic, group] of byTopic(visible)) {
        const newest = presentNotification(group[group.length - 1] as NotificationRow);
        if (await claimMailTopic(db, userId, topic)) {
          const subject =
            group.length === 1
              ? say(newest)
              : `${group.length} new notifications about “${newest.title}”`;
          try {
            await mailer.send(compose(to, subject, [newest], newest.type));
          } catch (error) {
            await releaseMailTopic(db, userId, topic);
            throw error;
          }
        }
        await clearMail(
          db,
          group.map((row) => Number(row.id)),
        );
      }
    }
  }

  /** The daily digest: everything owed to it, in one e-mail. */
  async function sendDigest(userId: string): Promise<void> {
    const rows = await pendingMail(db, userId, 'digest');
    const to = await recipient(userId);
    const visible = rows.filter((row) => row.visible).slice(-50);
    if (to && visible.length > 0) {
      const items = visible.map(presentNotification).reverse();
      const counts = new Map<NotificationType, number>();
      for (const item of items) counts.set(item.type, (counts.get(item.type) ?? 0) + 1);
      const [mostOften] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['reply'];
      const subject = `Your daily digest: ${items.length} new notification${items.length === 1 ? '' : 's'}`;
      await mailer.send(compose(to, subject, items, mostOften));
    }
    await clearMail(
      db,
      rows.map((row) => Number(row.id)),
    );
  }

  return { sendOwed, sendDigest };
}
