import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { softAuthenticator, type SoftAuthenticatorOptions } from './authenticator.js';

const rpID = 'localhost';
const origin = 'http://localhost:3000';

function registrationOptions() {
  return generateRegistrationOptions({ rpName: 'Viewpoint', rpID, userName: 'ada' });
}

/** A key with one credential registered and verified, and the credential as a server stores it. */
async function registered(options: Partial<SoftAuthenticatorOptions> = {}) {
  const key = softAuthenticator({ origin, ...options });
  const creation = await registrationOptions();
  const verification = await verifyRegistrationResponse({
    response: key.register(creation),
    expectedChallenge: creation.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  });
  if (!verification.registrationInfo) throw new Error('Registration did not verify');
  const credential: WebAuthnCredential = verification.registrationInfo.credential;
  return { key, creation, credential };
}

/** Verifies an assertion against a stored credential, as a server's sign-in does. */
async function verifyAssertion(
  credential: WebAuthnCredential,
  answer: (
    request: Awaited<ReturnType<typeof generateAuthenticationOptions>>,
  ) => ReturnType<ReturnType<typeof softAuthenticator>['authenticate']>,
) {
  const request = await generateAuthenticationOptions({
    rpID,
    allowCredentials: [{ id: credential.id }],
  });
  return verifyAuthenticationResponse({
    response: answer(request),
    expectedChallenge: request.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential,
    requireUserVerification: true,
  });
}

describe('softAuthenticator', () => {
  it('registers a credential that verifyRegistrationResponse accepts', async () => {
    const key = softAuthenticator({ origin });
    const creation = await registrationOptions();
    const response = key.register(creation);
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: creation.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });

    expect(verification.verified).toBe(true);
    const info = verification.registrationInfo!;
    expect(info.fmt).toBe('none');
    expect(info.credential.id).toBe(response.id);
    expect(info.credential.counter).toBe(0);
    expect(info.credential.publicKey.length).toBeGreaterThan(64);
    expect(info.userVerified).toBe(true);
    expect(info.credentialDeviceType).toBe('singleDevice');
    expect(info.credentialBackedUp).toBe(false);
    expect(key.credentialIds()).toEqual([response.id]);
  });

  it('signs assertions that verifyAuthenticationResponse accepts, with a rising counter', async () => {
    const { key, creation, credential } = await registered();

    const request = await generateAuthenticationOptions({
      rpID,
      allowCredentials: [{ id: credential.id }],
    });
    const response = key.authenticate(request);
    expect(response.id).toBe(credential.id);
    expect(response.response.userHandle).toBe(creation.user.id);
    const first = await verifyAuthenticationResponse({
      response,
      expectedChallenge: request.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential,
      requireUserVerification: true,
    });
    expect(first.verified).toBe(true);
    expect(first.authenticationInfo.newCounter).toBe(1);
    expect(first.authenticationInfo.userVerified).toBe(true);

    const second = await verifyAssertion(
      { ...credential, counter: first.authenticationInfo.newCounter },
      (next) => key.authenticate(next),
    );
    expect(second.verified).toBe(true);
    expect(second.authenticationInfo.newCounter).toBe(2);
  });

  it('answers a discoverable request (no allowCredentials) with the newest credential', async () => {
    const key = softAuthenticator({ origin });
    const older = key.register(await registrationOptions());
    const newer = key.register(await registrationOptions());
    expect(key.credentialIds()).toEqual([older.id, newer.id]);

    const request = await generateAuthenticationOptions({ rpID });
    expect(key.authenticate(request).id).toBe(newer.id);
    expect(key.authenticate(request, { credentialId: older.id }).id).toBe(older.id);
  });

  it('fails verification requiring UV when the user is not verified', async () => {
    const key = softAuthenticator({ origin, userVerified: false });
    const creation = await registrationOptions();
    await expect(
      verifyRegistrationResponse({
        response: key.register(creation),
        expectedChallenge: creation.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }),
    ).rejects.toThrow(/user could not be verified/);

    const { key: verifying, credential } = await registered();
    await expect(
      verifyAssertion(credential, (request) =>
        verifying.authenticate(request, { userVerified: false }),
      ),
    ).rejects.toThrow(/user could not be verified/);
  });

  it('fails verification for an assertion made on another origin', async () => {
    const { key, credential } = await registered();
    await expect(
      verifyAssertion(credential, (request) =>
        key.authenticate(request, { origin: 'http://evil.test:3000' }),
      ),
    ).rejects.toThrow(/Unexpected authentication response origin/);
  });

  it('fails verification for a tampered signature', async () => {
    const { key, credential } = await registered();
    const result = await verifyAssertion(credential, (request) => {
      const response = key.authenticate(request);
      // Flip the last byte (inside the DER integer s): still well-formed, no longer valid.
      const signature = Buffer.from(response.response.signature, 'base64url');
      const last = signature.length - 1;
      signature.writeUInt8(signature.readUInt8(last) ^ 0xff, last);
      return {
        ...response,
        response: { ...response.response, signature: signature.toString('base64url') },
      };
    });
    expect(result.verified).toBe(false);
  });

  it('throws when allowCredentials names only a credential it does not hold', async () => {
    const { key } = await registered();
    const request = await generateAuthenticationOptions({
      rpID,
      allowCredentials: [{ id: Buffer.alloc(16, 7).toString('base64url') }],
    });
    expect(() => key.authenticate(request)).toThrow(/No credential/);
  });
});
