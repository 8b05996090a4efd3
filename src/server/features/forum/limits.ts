import { memberLimit, perMinute, type RouteLimit } from '../../core/route-limits.js';

/**
 * The forum's write limits. Accounts younger than a day get stricter budgets for threads and
 * replies, since spam comes from fresh accounts; moderators and above are trusted and counted
 * only per address.
 */
const writing = { exempt: 'content.moderate', refundRefused: true } as const;

export const forumRouteLimits = {
  thread: memberLimit(
    'thread',
    'starting threads',
    { points: 1, seconds: 30 },
    {
      ...writing,
      newAccount: { points: 1, seconds: 5 * 60 },
      ip: perMinute(20),
    },
  ),
  reply: memberLimit('reply', 'replying', perMinute(10), {
    ...writing,
    newAccount: perMinute(3),
  }),
  /** Editing and deleting one's threads and replies, and a moderator's edit of others'. */
  edit: memberLimit('edit', 'editing', perMinute(20), { refundRefused: true }),
  preview: memberLimit('preview', 'previewing', perMinute(30), { exempt: 'content.moderate' }),
  react: memberLimit('react', 'reacting', perMinute(60)),
  report: memberLimit('report', 'reporting', { points: 20, seconds: 10 * 60 }),
  categories: memberLimit('categories', 'changing categories', perMinute(30)),
} satisfies Record<string, RouteLimit>;
