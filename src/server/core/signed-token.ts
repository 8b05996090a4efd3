import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link's token that names what it acts on and is signed with the site's secret, so it works
 * without signing in and cannot be forged for anything else. `purpose` keeps a token made for
 * one kind of link from opening another.
 */
const sign = (secret: string, purpose: string, body: string) =>
  createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');

export function signedToken(secret: string, purpose: string, value: string): string {
  const body = Buffer.from(value).toString('base64url');
  return `${body}.${sign(secret, purpose, body)}`;
}

/** The value a token names, or null when it was not signed for `purpose` with this secret. */
export function readSignedToken(secret: string, purpose: string, token: string): string | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Buffer.from(body, 'base64url').toString();
}
