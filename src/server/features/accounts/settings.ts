/** One way to sign in with an account people already have (decision 051). */
export type IdentityProviderSettings =
  | { id: 'github' | 'google'; name: string; clientId: string; clientSecret: string }
  | { id: 'oidc'; name: string; clientId: string; clientSecret: string; issuer: string };

/** What accounts is told of the site: from its configuration, passed by app.ts. */
export interface AccountSettings {
  siteName: string;
  /** The site's address: its origin is the one browsers, passkeys and providers see. */
  publicUrl: URL;
  /** Signs sessions, cookies and e-mailed tokens. */
  authSecret: string;
  /** Addresses that become admin when verified (the first admin of a new site). */
  adminEmails: string[];
  /** The identity providers members may sign in with, in the order their buttons show. */
  identityProviders: IdentityProviderSettings[];
  /** How long a session check is remembered between writes; 0 reads every time. */
  sessionCacheMs: number;
}
