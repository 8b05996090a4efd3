/**
 * `npm run dev:idp`: a local OpenID Connect provider, so "Continue with …" can be tried without
 * any outside account. It prints the variables to start the site with, and runs until Ctrl-C.
 */
import { startIdp } from '../src/server/test/idp.js';

const site = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const port = Number(process.env.IDP_PORT ?? 4010);
const clientId = 'viewpoint-dev';
const clientSecret = 'viewpoint-dev-secret';

const idp = await startIdp({
  port,
  clientId,
  clientSecret,
  redirectUris: [`${site}/api/auth/callback/oidc`],
  accounts: [
    { sub: 'ada', email: 'ada@idp.test', emailVerified: true, name: 'Ada Film' },
    { sub: 'ben', email: 'ben@idp.test', emailVerified: false, name: 'Ben Unverified' },
  ],
});

console.log(`Test identity provider at ${idp.issuer}`);
console.log('Start the site with:');
console.log(
  `  OIDC_ISSUER=${idp.issuer} OIDC_CLIENT_ID=${clientId} OIDC_CLIENT_SECRET=${clientSecret} OIDC_NAME="Test IdP" npm start`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void idp.close().then(() => process.exit(0)));
}
