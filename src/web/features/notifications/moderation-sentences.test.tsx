import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../shared/notifications';
import { json, sessionOf, stubApi } from '../../test/fake-api';
import { buildNotification, buildUser } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

// The reader lives in New York: an end is written in their time zone, not the server's (UTC).
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

const readerZone = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});

const ann = buildUser();
// A mute of one hour, set a moment ago: "in 1 hour", not "in 60 minutes".
const inOneHour = new Date(Date.now() + 3_600_000).toISOString();
const yesterday = new Date(Date.now() - 26 * 3_600_000).toISOString();

/** A moderation notice: the site speaks (no actor), about Ann's content or account. */
const notice = (id: number, overrides: Partial<Notification>) =>
  buildNotification(id, {
    type: 'moderation',
    actor: null,
    excerpt: null,
    title: '',
    subject: null,
    url: '/user-profile',
    ...overrides,
  });

async function sentences(items: Notification[]): Promise<string[]> {
  stubApi({
    ...sessionOf(ann),
    'GET /api/notifications': () => json({ items, nextCursor: null, unreadCount: items.length }),
    'GET /api/notifications/unread-count': () => json({ unreadCount: items.length }),
  });
  renderRoute('/notifications');
  const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });
  return within(list)
    .getAllByRole('link')
    .map((link) => (link.querySelector('p')?.textContent ?? '').replace(/^Unread: /, ''));
}

describe('moderation notices on the notifications page', () => {
  it('tells a mute as a sentence, its end in the reader’s time zone and how far off', async () => {
    const [told] = await sentences([
      notice(1, { action: 'muted', reason: 'Cool off: repeated chat spam', endsAt: inOneHour }),
    ]);
    expect(told).toBe(
      `You are muted until ${readerZone.format(new Date(inOneHour))} (in 1 hour): Cool off: repeated chat spam`,
    );
    expect(told).not.toMatch(/GMT|UTC|your post|“”/);
  });

  it('reads every kind of notice as a proper sentence', async () => {
    const told = await sentences([
      notice(1, { action: 'muted', reason: 'Spoilers', endsAt: yesterday }),
      notice(2, { action: 'blocked', reason: 'Spam accounts', endsAt: inOneHour }),
      notice(3, { action: 'blocked', reason: 'Threats' }),
      notice(4, { action: 'hidden', reason: 'Off topic', subject: 'thread', title: 'Noir' }),
      notice(5, { action: 'hidden', reason: 'Rude', subject: 'reply', title: 'Noir' }),
      notice(6, {
        action: 'hidden',
        reason: 'Spam',
        subject: 'chat_message',
        title: 'General',
      }),
      notice(7, {
        action: 'hidden_for_review',
        reason: 'Hidden pending review after reports from 3 members',
        subject: 'chat_message',
        title: 'General',
      }),
      notice(8, { action: 'restored', subject: 'chat_message', title: 'General' }),
      notice(9, { action: 'locked', reason: 'Heated', subject: 'thread', title: 'Noir' }),
      notice(10, { action: 'unlocked', subject: 'thread', title: 'Noir' }),
      buildNotification(11, { type: 'mod_request', actor: null, action: 'approved' }),
      buildNotification(12, {
        type: 'mod_request',
        actor: null,
        action: 'rejected',
        reason: 'Too new',
      }),
    ]);
    expect(told).toEqual([
      `You were muted until ${readerZone.format(new Date(yesterday))} (yesterday): Spoilers`,
      `Your account is blocked until ${readerZone.format(new Date(inOneHour))} (in 1 hour): Spam accounts`,
      'Your account is blocked: Threats',
      'A moderator hid your thread “Noir”: Off topic',
      'A moderator hid your reply in “Noir”: Rude',
      'A moderator hid your message in the chat room “General”: Spam',
      'Members reported your message in the chat room “General”: it is hidden until a moderator reviews it',
      'A moderator restored your message in the chat room “General”',
      'A moderator locked your thread “Noir”: Heated',
      'A moderator unlocked your thread “Noir”',
      'Your moderator request was approved',
      'Your moderator request was not approved: Too new',
    ]);
  });
});
