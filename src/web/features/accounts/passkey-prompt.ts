import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

/** The server's WebAuthn options, as `passkeyOptionsResponse` carries them. */
type PasskeyOptions = Record<string, unknown>;

const neverChanges = () => () => {};

/**
 * Whether this browser can create and use passkeys. No in the server's render and while the
 * page hydrates, so both draw the same page; the browser's own answer follows at once.
 */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(neverChanges, browserSupportsWebAuthn, () => false);
}

const passkeyCancelledMessage = 'Passkey request cancelled or timed out.';

/**
 * What the browser's prompt ended with, in words a member can act on. Closing the prompt, or
 * letting it run out of time, is the member's choice rather than a failure.
 */
function promptError(error: unknown, refusedDevice?: string): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') {
    return new Error(passkeyCancelledMessage, { cause: error });
  }
  if (refusedDevice && error.name === 'InvalidStateError') {
    return new Error(refusedDevice, { cause: error });
  }
  return error;
}

/*
 * The options travel from the server as they are (`passkeyOptionsResponse` only says they are
 * an object); the browser checks every part of them before it prompts.
 */

/** The browser's prompt to create a passkey for this account; its answer goes to the server. */
export async function createPasskey(options: PasskeyOptions): Promise<RegistrationResponseJSON> {
  try {
    return await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw promptError(error, 'This device already holds a passkey for your account.');
  }
}

/** The browser's prompt to sign the server's challenge with one of the member's passkeys. */
export async function authenticateWithPasskey(
  options: PasskeyOptions,
): Promise<AuthenticationResponseJSON> {
  try {
    return await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    throw promptError(error);
  }
}
