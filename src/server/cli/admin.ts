// `npm run admin -- set-role <email> <role>` and `npm run admin -- create <email> [role]`:
// operator commands for the first admin and later role changes. On PGlite they take the data
// directory lock, so they refuse clearly while the server runs (stop it, or use PostgreSQL,
// where they work next to running servers: roles are read from the database on every request).
import { emailSchema } from '../../shared/accounts.js';
import { isRole, roles, type Role } from '../../shared/roles.js';
import { createAccountByEmail, setRoleByEmail } from '../features/accounts/index.js';
import { exitWithMessage, openScriptDatabase } from './open-database.js';

const usage = `Usage:
  npm run admin -- set-role <email> <role>     role: ${roles.join(', ')}
  npm run admin -- create <email> [role]       creates a verified account (default role: admin)`;

function parseEmail(value: string | undefined): string {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new Error(`Not an email address: ${value ?? '(missing)'}\n${usage}`);
  return parsed.data;
}

function parseRole(value: string | undefined, fallback?: Role): Role {
  const role = value ?? fallback;
  if (!isRole(role)) throw new Error(`Not a role: ${value ?? '(missing)'}\n${usage}`);
  return role;
}

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  if (command !== 'set-role' && command !== 'create') throw new Error(usage);
  const email = parseEmail(rest[0]);
  const role = command === 'set-role' ? parseRole(rest[1]) : parseRole(rest[1], 'admin');
  const { database, close } = await openScriptDatabase();
  try {
    if (command === 'set-role') {
      const before = await setRoleByEmail(database.db, email, role);
      return `${email} is now ${role} (was ${before}).`;
    }
    const { username, password } = await createAccountByEmail(database.db, email, role);
    return (
      `Created ${role} ${email} (username ${username}).\n` +
      `Temporary password: ${password}\nSign in and change it under /user-profile.`
    );
  } finally {
    await close();
  }
}

run(process.argv.slice(2))
  .then((message) => process.stdout.write(`${message}\n`))
  .catch(exitWithMessage);
