import { modRequestLimits } from '../../../shared/mod-requests.js';
import { can } from '../../../shared/permissions.js';
import { roleLabels, isRole } from '../../../shared/roles.js';
import { utcMoment } from '../../../shared/utc-time.js';
import { activeBlock, activeMute } from '../../core/viewer.js';

/** The account columns that decide whether a member may ask to become a moderator. */
export interface RequesterAccount {
  role: string;
  emailVerified: boolean;
  createdAt: Date;
  banned: boolean;
  banReason: string | null;
  banExpires: Date | null;
  mutedUntil: Date | null;
  muteReason: string | null;
  deletedAt: Date | null;
}

export type Ineligibility = { kind: 'open-request' | 'not-eligible'; reason: string };

const dayMs = 86_400_000;

/**
 * Why a member may not ask now, or null when they may: a verified member whose role may ask
 * (`mod-request.create`: plain users), with no open request, an account at least
 * `modRequestMinAccountDays` old, not blocked and not muted. Each reason tells the member what
 * to do or when to come back.
 */
export function ineligibility(
  account: RequesterAccount,
  hasOpenRequest: boolean,
  now = new Date(),
): Ineligibility | null {
  const notEligible = (reason: string): Ineligibility => ({ kind: 'not-eligible', reason });
  if (account.deletedAt) return notEligible('This account was deleted');
  if (!can(account.role, 'mod-request.create')) {
    const label = isRole(account.role) ? roleLabels[account.role].toLowerCase() : 'not a member';
    return notEligible(`Only members can ask to become moderators: your role is ${label}`);
  }
  if (hasOpenRequest) {
    return {
      kind: 'open-request',
      reason: 'You already have a request waiting for an admin’s decision',
    };
  }
  if (!account.emailVerified) return notEligible('Verify your email address first');
  const block = activeBlock(account);
  if (block) return notEligible(`Your account is blocked: ${block.reason}`);
  const mute = activeMute(account);
  if (mute) {
    return notEligible(`You are muted until ${utcMoment(mute.until)}: you can ask once it ends`);
  }
  const days = modRequestLimits.minAccountDays;
  const eligibleFrom = new Date(account.createdAt.getTime() + days * dayMs);
  if (eligibleFrom.getTime() > now.getTime()) {
    return notEligible(
      `Accounts can ask once they are ${days} days old: you can ask from ${utcMoment(eligibleFrom)}`,
    );
  }
  return null;
}
