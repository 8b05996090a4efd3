/**
 * A software WebAuthn authenticator for integration tests: a virtual security key in Node that
 * answers what `navigator.credentials.create()` and `.get()` would give a page, so tests can
 * register and sign in with passkeys without a browser. ES256 (ECDSA P-256) keys, 'none'
 * attestation, resident credentials held in memory.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

export interface SoftAuthenticatorOptions {
  origin: string;
  /** Default: the origin's hostname. */
  rpId?: string;
  /** Whether the user is verified (UV flag). Default true. */
  userVerified?: boolean;
}

interface HeldCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
const ES256 = -7;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** rpIdHash ‖ flags ‖ 4-byte big-endian counter ‖ attested credential data (if any). */
function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  return Buffer.concat([
    sha256(rpId),
    Buffer.from([flags]),
    counterBytes,
    attested ?? Buffer.alloc(0),
  ]);
}

/** The public key as a COSE_Key: EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject) {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('Expected an EC public key');
  return encodeCBOR(
    new Map<number, CBORType>([
      [1, 2],
      [3, ES256],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

export function softAuthenticator(options: SoftAuthenticatorOptions) {
  const defaultRpId = options.rpId ?? new URL(options.origin).hostname;
  const defaultUserVerified = options.userVerified ?? true;
  const held: HeldCredential[] = [];

  const userFlags = (userVerified: boolean) => FLAG_UP | (userVerified ? FLAG_UV : 0);

  return {
    /** Answers navigator.credentials.create() would give for these options: 'none' attestation, a new resident credential (flags UP, UV per option, AT; BE/BS off). Remembers the credential with its user handle (options.user.id). */
    register(creation: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
      const rpId = creation.rp.id ?? defaultRpId;
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(publicKey)]);
      const authData = authenticatorData(
        rpId,
        userFlags(defaultUserVerified) | FLAG_AT,
        0,
        attested,
      );
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      held.push({ id, rpId, userHandle: creation.user.id, privateKey, counter: 0 });

      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creation.challenge, options.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
          publicKeyAlgorithm: ES256,
          publicKey: b64url(publicKey.export({ type: 'spki', format: 'der' })),
          authenticatorData: b64url(authData),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** Answers navigator.credentials.get() for these options with a credential it holds: one listed in allowCredentials, or (list empty/absent) the newest it created for options.rpId. Increments the signature counter each time. Throws when it holds none that fits. `credentialId` picks a specific one. */
    authenticate(
      request: PublicKeyCredentialRequestOptionsJSON,
      pick: { credentialId?: string; userVerified?: boolean; origin?: string } = {},
    ): AuthenticationResponseJSON {
      const rpId = request.rpId ?? defaultRpId;
      const allowed = request.allowCredentials?.map((descriptor) => descriptor.id) ?? [];
      const fits = held.filter(
        (credential) =>
          credential.rpId === rpId &&
          (allowed.length === 0 || allowed.includes(b64url(credential.id))) &&
          (pick.credentialId === undefined || b64url(credential.id) === pick.credentialId),
      );
      const credential = fits.at(-1);
      if (!credential) throw new Error(`No credential held for ${rpId} fits the request`);

      credential.counter += 1;
      const authData = authenticatorData(
        rpId,
        userFlags(pick.userVerified ?? defaultUserVerified),
        credential.counter,
      );
      const clientDataJSON = clientData(
        'webauthn.get',
        request.challenge,
        pick.origin ?? options.origin,
      );
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
        key: credential.privateKey,
        dsaEncoding: 'der',
      });

      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** Ids (base64url) of the credentials it holds, oldest first. */
    credentialIds(): string[] {
      return held.map((credential) => b64url(credential.id));
    },
  };
}
