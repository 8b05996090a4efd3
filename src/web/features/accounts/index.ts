/*
 * What the rest of the app uses of accounts: the account page links and unlinks identity
 * providers through the same popup as signing in.
 */
export { startLink } from './provider-sign-in';
export { providerErrorMessage, useIdentityProviders, useProviderPopup } from './providers';
