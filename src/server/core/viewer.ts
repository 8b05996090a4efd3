import { permissionDenied } from '../../shared/errors.js';
import type { Role } from '../../shared/roles.js';

/** The signed-in member behind a request, as the session check found them. */
export interface Viewer {
  id: string;
  sessionId: string;
  name: string;
  username: string | null;
  email: string;
  emailVerified: boolean;
  role: Role | null;
  image: string | null;
  createdAt: Date;
  /** A moderator's mute in force: nothing public from them until it ends. */
  mute: ActiveMute | null;
  /** Every way in asks this member for a second factor (decision 050). */
  secondFactor: boolean;
}

export interface ActiveMute {
  reason: string;
  until: Date;
}

/** A mute counts until its end; an ended one needs no clean-up. */
export function activeMute(user: {
  mutedUntil?: Date | string | null;
  muteReason?: string | null;
}): ActiveMute | null {
  if (!user.mutedUntil) return null;
  const until = new Date(user.mutedUntil);
  if (until.getTime() <= Date.now()) return null;
  return { reason: user.muteReason ?? 'No reason given', until };
}

export function presentMute(mute: ActiveMute | null) {
  return mute && { reason: mute.reason, until: mute.until.toISOString() };
}

/** The answer to a muted member's public write: why, and until when (mutedDetails in shared). */
export function mutedError(mute: ActiveMute) {
  return permissionDenied('A moderator muted you: you can read, but not write, until it ends', {
    muted: presentMute(mute),
  });
}

/**
 * A mute silences everything public: threads, replies, edits, chat, uploads, profile text and
 * avatar. Reading, reacting and reporting stay allowed. The mute ends by itself at its time.
 */
export function assertNotMuted(viewer: Viewer): void {
  if (viewer.mute && viewer.mute.until.getTime() > Date.now()) throw mutedError(viewer.mute);
}

export interface ActiveBlock {
  reason: string;
  until: Date | null;
}

/** A block counts until its end date; an expired one is lifted lazily. */
export function activeBlock(user: {
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: Date | string | null;
}): ActiveBlock | null {
  if (!user.banned) return null;
  const until = user.banExpires ? new Date(user.banExpires) : null;
  if (until && until.getTime() <= Date.now()) return null;
  return { reason: user.banReason ?? 'No reason given', until };
}

export function blockedError(block: ActiveBlock) {
  return permissionDenied('Your account is blocked', {
    blocked: { reason: block.reason, until: block.until?.toISOString() ?? null },
  });
}
