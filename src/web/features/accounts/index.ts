/*
 * What the rest of the app uses of accounts: the account page links and unlinks identity
 * providers through the same popup as signing in, and adds passkeys through the same browser
 * prompt.
 */
export { createPasskey, usePasskeySupport } from './passkey-prompt';
export { startLink } from './provider-sign-in';
export { providerErrorMessage, useIdentityProviders, useProviderPopup } from './providers';
