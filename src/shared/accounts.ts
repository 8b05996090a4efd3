import { z } from 'zod';
import { auditEntrySchema } from './audit-log.js';
import { memberHistorySchema } from './member-history.js';
import { roles } from './roles.js';
import { blockSchema, sessionUserSchema, userResponse } from './session.js';
import { multiLineText, pageCursorSchema, singleLineText, visibleMin } from './text.js';

export {
  blockedDetails,
  blockSchema,
  sessionResponse,
  sessionUserSchema,
  userResponse,
  type BlockInfo,
  type SessionUser,
} from './session.js';

/**
 * The accounts API contract, shared by the server (validation, OpenAPI) and the web app
 * (forms), so each rule is written once.
 */
export const passwordPolicy = {
  minLength: 10,
  maxLength: 128,
} as const;

export const emailSchema = singleLineText()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const usernameSchema = singleLineText()
  .trim()
  .check(...visibleMin(3, 'Username must be at least 3 characters'))
  .max(20, 'Username must be at most 20 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username may hold only letters, digits and _');

export const displayNameSchema = singleLineText()
  .trim()
  .check(...visibleMin(1, 'Display name is required'))
  .max(50, 'Display name must be at most 50 characters');

/** Length only; the server also refuses common passwords and ones holding the email/username. */
export const passwordSchema = singleLineText()
  .min(passwordPolicy.minLength, `Password must be at least ${passwordPolicy.minLength} characters`)
  .max(passwordPolicy.maxLength, `Password must be at most ${passwordPolicy.maxLength} characters`);

/**
 * A password as the API takes it: any printable character, spaces included, never trimmed. The
 * server's policy judges a new one; the one a member already has is checked against its hash.
 */
const passwordText = () => singleLineText().max(passwordPolicy.maxLength);
const currentPasswordSchema = passwordText().min(1);

/** Emailed links carry an opaque token; anything longer than this is not one of ours. */
export const tokenSchema = singleLineText().min(10).max(2000);

export const passwordRuleSchema = z.object({
  id: z.enum(['min-length', 'max-length', 'not-common', 'not-personal']),
  description: z.string(),
});

export const passwordPolicyResponse = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  rules: z.array(passwordRuleSchema),
});
export type PasswordPolicy = z.infer<typeof passwordPolicyResponse>;

/**
 * A password the policy refuses answers `invalid-argument` with details naming the broken
 * rules; the web app refetches the policy when it sees this (SPEC §5).
 */
export const passwordPolicyViolation = z.object({
  reason: z.literal('password-policy'),
  rules: z.array(passwordRuleSchema.shape.id),
});

export const signUpBody = z
  .object({
    name: displayNameSchema,
    username: usernameSchema,
    email: emailSchema,
    password: passwordText(),
  })
  .strict();

export const signInBody = z
  .object({ email: emailSchema, password: currentPasswordSchema })
  .strict();

export const emailBody = z.object({ email: emailSchema }).strict();
export const tokenBody = z.object({ token: tokenSchema }).strict();
export const resetPasswordBody = z
  .object({ token: tokenSchema, password: passwordText() })
  .strict();

export const updateProfileBody = z.object({ name: displayNameSchema }).strict();
export const changePasswordBody = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: passwordText(),
  })
  .strict();
export const changeEmailBody = z
  .object({ newEmail: emailSchema, password: currentPasswordSchema })
  .strict();
export const deleteAccountBody = z
  .object({ username: singleLineText().max(20), password: currentPasswordSchema })
  .strict();

/** Every answer that must not reveal whether an address has an account. */
export const emailSentResponse = z.object({ status: z.literal('email-sent') });

/** How many recovery codes a member gets, each working once. */
export const recoveryCodeCount = 10;

/** An authenticator app's code: six digits (a space in the middle is allowed, as apps show it). */
export const authenticatorCodeSchema = singleLineText().regex(
  /^\d{3} ?\d{3}$/,
  'Enter the 6-digit code from your authenticator app',
);

/** A second factor as typed: an authenticator's code, or a recovery code (`abcde-12345`). */
export const secondFactorCodeSchema = singleLineText().regex(
  /^(\d{3} ?\d{3}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/,
  'Enter the 6-digit code from your authenticator app, or a recovery code',
);

/** The second step of a sign-in whose first factor was right. */
export const secondFactorBody = z
  .object({
    code: secondFactorCodeSchema,
    /** This browser is not asked again for 30 days. */
    trustBrowser: z.boolean().optional(),
  })
  .strict();

/** A sign-in (password or emailed link) that waits for the member's second factor. */
export const secondFactorNeededResponse = z.object({
  secondFactor: z.object({ methods: z.array(z.enum(['authenticator', 'recovery-code'])) }),
});
export const signInResponse = z.union([userResponse, secondFactorNeededResponse]);
export type SignInAnswer = z.infer<typeof signInResponse>;

export const secondFactorStatusResponse = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet; null while the second factor is off. */
  recoveryCodesLeft: z.number().int().nullable(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusResponse>;

/** The password, when the account has one (a provider's newcomer may have none). */
export const secondFactorSetupBody = z
  .object({ password: currentPasswordSchema.optional() })
  .strict();
export const secondFactorSetupResponse = z.object({
  /** The otpauth:// address an authenticator app reads from the QR code. */
  uri: z.string(),
  /** The same key, to type into an app that cannot scan. */
  key: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupResponse>;
export const secondFactorConfirmBody = z.object({ code: authenticatorCodeSchema }).strict();
/** Turning the second factor off, or making new recovery codes: the password and a current factor. */
export const secondFactorChangeBody = z
  .object({ password: currentPasswordSchema.optional(), code: secondFactorCodeSchema })
  .strict();
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const activeSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  /** How the session began ("Password", "GitHub", "Emailed link, then second factor"), when known. */
  signedInWith: z.string().nullable(),
});
export const activeSessionsResponse = z.object({ sessions: z.array(activeSessionSchema) });

/** Blocking an account (experienced moderators and admins). */
export const blockAccountBody = z
  .object({
    reason: multiLineText()
      .trim()
      .check(...visibleMin(3, 'Give a reason of at least 3 characters'))
      .max(500),
    until: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();

export const setRoleBody = z.object({ role: z.enum(roles) }).strict();

/** A member as the admins' list shows them: the session's fields, their block and their figures. */
export const adminUserSchema = sessionUserSchema
  .pick({
    id: true,
    name: true,
    username: true,
    email: true,
    emailVerified: true,
    role: true,
    createdAt: true,
    mute: true,
  })
  .extend({
    block: blockSchema.nullable(),
    postCount: z.number().int(),
    commentCount: z.number().int(),
    /** Reports against the member's threads and replies, all time. */
    reportsAgainst: z.number().int(),
  });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The member list's filters (moderators: /moderator/users; admins: /admin/users). */
export const userStatuses = ['active', 'blocked', 'muted', 'unverified'] as const;
export const userSorts = ['newest', 'oldest', 'name'] as const;

export const userListQuery = z
  .object({
    q: singleLineText().trim().max(100).optional(),
    role: z.enum(roles).optional(),
    status: z.enum(userStatuses).optional(),
    sort: z.enum(userSorts).default('newest'),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export const userListResponse = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});

/**
 * A member on /moderator/users: the account, their history and the latest 50 actions taken on
 * it.
 */
export const memberHistoryResponse = z.object({
  user: adminUserSchema,
  history: memberHistorySchema,
  actions: z.array(auditEntrySchema),
});
export type MemberHistoryResponse = z.infer<typeof memberHistoryResponse>;

/** A way to sign in with an account people already have (set up by the operator). */
export const identityProviderSchema = z.object({
  id: z.enum(['github', 'google', 'oidc']),
  /** As the button reads: "Continue with {name}". */
  name: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;
export const identityProvidersResponse = z.object({
  providers: z.array(identityProviderSchema),
  /** Provider sign-in works only at this address (the one registered with each provider). */
  origin: z.string(),
});

export const identityProviderParams = z.object({ provider: identityProviderSchema.shape.id });

/** Where a provider sign-in goes afterwards: a path on this site. */
export const providerStartQuery = z
  .object({
    redirect: singleLineText().max(2000).optional(),
    /** Opened in a popup: the end page reports to the page that opened it, and closes. */
    popup: z.enum(['1']).optional(),
  })
  .strict();
export const providerLinkQuery = providerStartQuery.pick({ popup: true }).strict();

/**
 * A provider's answer, as it comes back (Better Auth checks each part). Providers add fields of
 * their own, so ones not named here are dropped rather than refused.
 */
export const providerCallbackQuery = z.object({
  code: singleLineText().max(4000).optional(),
  state: singleLineText().max(4000).optional(),
  error: singleLineText().max(200).optional(),
  error_description: singleLineText().max(2000).optional(),
  error_uri: singleLineText().max(2000).optional(),
  iss: singleLineText().max(2000).optional(),
  scope: singleLineText().max(2000).optional(),
  authuser: singleLineText().max(20).optional(),
  prompt: singleLineText().max(200).optional(),
  hd: singleLineText().max(300).optional(),
  session_state: singleLineText().max(2000).optional(),
});

export const linkedIdentitySchema = z.object({
  provider: z.string(),
  name: z.string(),
  linkedAt: z.iso.datetime({ offset: true }),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const identitiesResponse = z.object({
  /** Every provider the site offers, linked or not. */
  providers: z.array(identityProviderSchema),
  identities: z.array(linkedIdentitySchema),
  /** A password is one way in (it counts when unlinking the last provider). */
  password: z.boolean(),
});
export type Identities = z.infer<typeof identitiesResponse>;
export const redirectResponse = z.object({ url: z.string() });

/** A newcomer from a provider confirms (or changes) the username made up for them. */
export const chooseUsernameBody = z.object({ username: usernameSchema }).strict();

/**
 * Passkeys (WebAuthn): a way in without a password, and a second factor in place of a code for
 * members whose second factor is on. The browser's own JSON (from `@simplewebauthn/browser`)
 * travels as it is; the server checks every part of it (passkey-answers.ts).
 *
 * What the browser needs to create or use a passkey (WebAuthn options as JSON).
 */
export const passkeyOptionsResponse = z.object({ options: z.record(z.string(), z.unknown()) });
export const passkeyNameSchema = singleLineText()
  .min(1, 'Name this passkey')
  .max(50, 'A passkey name is at most 50 characters');
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Synced by a password manager or the platform (iCloud Keychain, Google Password Manager). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysResponse = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyResponse = z.object({ passkey: passkeySchema });
export const passkeyIdParams = z.object({ id: singleLineText().min(1).max(100) });
/** Adding a passkey: the password, when the account has one. */
export const passkeyOptionsBody = z.object({ password: currentPasswordSchema.optional() }).strict();
