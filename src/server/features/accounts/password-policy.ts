import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordPolicy, type PasswordPolicy } from '../../../shared/accounts.js';
import { invalidArgument } from '../../../shared/errors.js';

/**
 * The password policy, served to the web app (GET /api/auth/password-policy) and enforced here
 * on every password a user chooses: sign-up, reset and change.
 */
const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export const policyRules: PasswordPolicy['rules'] = [
  { id: 'min-length', description: `At least ${passwordPolicy.minLength} characters` },
  { id: 'max-length', description: `At most ${passwordPolicy.maxLength} characters` },
  { id: 'not-common', description: 'Not one of the passwords people use most' },
  { id: 'not-personal', description: 'Does not contain your email address or username' },
];

export const policyDocument: PasswordPolicy = { ...passwordPolicy, rules: policyRules };

type RuleId = PasswordPolicy['rules'][number]['id'];

/** The rules `password` breaks for this person (empty when it is acceptable). */
export function brokenRules(
  password: string,
  person: { email: string; username?: string | null },
): RuleId[] {
  const broken: RuleId[] = [];
  if (password.length < passwordPolicy.minLength) broken.push('min-length');
  if (password.length > passwordPolicy.maxLength) broken.push('max-length');
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) broken.push('not-common');
  const localPart = person.email.split('@')[0] ?? '';
  const personal = [person.email, localPart, person.username ?? '']
    .map((value) => value.toLowerCase())
    .filter((value) => value.length >= 3);
  if (personal.some((value) => lower.includes(value))) broken.push('not-personal');
  return broken;
}

/** Throws invalid-argument naming the broken rules; the client refetches the policy. */
export function assertPasswordAllowed(
  password: string,
  person: { email: string; username?: string | null },
): void {
  const broken = brokenRules(password, person);
  if (broken.length === 0) return;
  const first = policyRules.find((rule) => rule.id === broken[0]);
  throw invalidArgument(`Password does not meet the requirements: ${first?.description ?? ''}`, {
    reason: 'password-policy',
    rules: broken,
  });
}
