/** What other features may use of accounts. */
export { endSessionsOf } from './sessions/repo.js';

// What the app wires (app.ts, config.ts): the feature's routes and the settings it is given.
export { registerAccounts } from './accounts.js';
export type { IdentityProviderSettings } from './settings.js';
// The operator's commands (cli/admin.ts), and the password hash tests and seeds make members with.
export { createAccountByEmail, setRoleByEmail } from './operator.js';
export { hashPassword, verifyPassword } from './password-hash.js';

// What the demo seed, the benchmarks and the browser tests' seeds make content with (scripts/, e2e/).
export { insertAccount } from './repo.js';
export { sessionLifetime } from './better-auth/auth.js';
export { grantSecondFactor } from './second-factor/service.js';
export { scryptParameters } from './password-hash.js';
