import { describe, expect, it } from 'vitest';
import { can } from '../../../shared/permissions.js';
import { roles } from '../../../shared/roles.js';
import { ineligibility, type RequesterAccount } from './eligibility.js';

const oldEnough = new Date(Date.now() - 90 * 86_400_000);
const account = (role: string): RequesterAccount => ({
  role,
  emailVerified: true,
  createdAt: oldEnough,
  banned: false,
  banReason: null,
  banExpires: null,
  mutedUntil: null,
  muteReason: null,
  deletedAt: null,
});

describe('who may ask to become a moderator', () => {
  it.each([...roles, 'unknown'])(
    'a %s is eligible exactly when the permission table lets the role ask',
    (role) => {
      const problem = ineligibility(account(role), false);
      expect(problem === null).toBe(can(role, 'mod-request.create'));
      if (problem) expect(problem.reason).toMatch(/^Only members can ask to become moderators/);
    },
  );
});
