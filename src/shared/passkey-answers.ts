import { z } from 'zod';
import { passkeyNameSchema } from './accounts.js';
import { singleLineText } from './text.js';

/**
 * The browser's answers in a passkey ceremony, as the server takes them (the web app sends what
 * `@simplewebauthn/browser` gives it as it is). Apart from accounts.ts, which visitors' pages
 * load: only the server needs these.
 */
const base64url = singleLineText()
  .min(1)
  .max(16_384)
  .regex(/^[\w-]+$/, 'base64url text');
const credentialFields = {
  id: singleLineText().min(1).max(1400),
  rawId: singleLineText().min(1).max(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: z
    .object({
      appid: z.boolean().optional(),
      credProps: z.object({ rk: z.boolean().optional() }).optional(),
      hmacCreateSecret: z.boolean().optional(),
    })
    .loose(),
};
/** A new passkey, as `navigator.credentials.create()` answers (RegistrationResponseJSON). */
export const registrationResponseSchema = z
  .object({
    ...credentialFields,
    response: z
      .object({
        clientDataJSON: base64url,
        attestationObject: base64url,
        authenticatorData: base64url.optional(),
        transports: z
          .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
          .max(10)
          .optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url.optional(),
      })
      .loose(),
  })
  .loose();
/** A passkey used, as `navigator.credentials.get()` answers (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z
  .object({
    ...credentialFields,
    response: z
      .object({
        clientDataJSON: base64url,
        authenticatorData: base64url,
        signature: base64url,
        userHandle: base64url.optional(),
      })
      .loose(),
  })
  .loose();

export const addPasskeyBody = z
  .object({ name: passkeyNameSchema, response: registrationResponseSchema })
  .strict();
export const passkeySignInBody = z.object({ response: authenticationResponseSchema }).strict();
/** The second step of a sign-in with a passkey instead of a code. */
export const passkeySecondFactorBody = z
  .object({ response: authenticationResponseSchema, trustBrowser: z.boolean().optional() })
  .strict();
