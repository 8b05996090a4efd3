import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with Node's native scrypt, in Better Auth's own format (`salt:key`, hex, the
 * salt's hex text used as the salt, NFKC-normalised password) so hashes stay interchangeable
 * with the library's. Native scrypt is several times faster than the library's JavaScript one
 * for the same cost. Cost: N=16384, r=16, p=1, 64-byte key (Better Auth's parameters).
 */
export const scryptParameters = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;

const options: ScryptOptions = {
  N: scryptParameters.N,
  r: scryptParameters.r,
  p: scryptParameters.p,
  maxmem: 128 * scryptParameters.N * scryptParameters.r * 2,
};

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, scryptParameters.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await deriveKey(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

export async function verifyPassword(options: { hash: string; password: string }) {
  const [salt, keyHex] = options.hash.split(':');
  if (!salt || !keyHex) return false;
  const key = await deriveKey(options.password, salt);
  const expected = Buffer.from(keyHex, 'hex');
  return expected.length === key.length && timingSafeEqual(expected, key);
}
