import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../platform/db/database.js';
import { accounts, auditLog, users } from '../schema.js';
import { verifyPassword } from '../features/accounts/index.js';

/** `npm run admin -- …` on an embedded data directory, as an operator runs it. */
function admin(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function accountOf(dataDir: string, email: string) {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    const [account] = row
      ? await database.db
          .select({ hash: accounts.password })
          .from(accounts)
          .where(eq(accounts.userId, row.id))
      : [];
    const audit = row
      ? await database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.targetId, row.id))
          .orderBy(auditLog.id)
      : [];
    return { row, hash: account?.hash, audit };
  } finally {
    await database.close();
  }
}

describe('the admin command', () => {
  // Three commands, each opening the database in a process of its own: more than the default
  // 30 s on a busy 2-core machine.
  it(
    'creates a verified admin with a working temporary password, then changes its role',
    { timeout: 90_000 },
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-admin-cli-'));
      const created = admin(dir, 'create', 'Boss@Example.test');
      expect(created.status).toBe(0);
      expect(created.stdout).toContain('Created admin boss@example.test (username boss).');
      const password = /Temporary password: (\S+)/.exec(created.stdout)?.[1] ?? '';
      const account = await accountOf(dir, 'boss@example.test');
      expect(account.row).toMatchObject({ role: 'admin', emailVerified: true, username: 'boss' });
      expect(await verifyPassword({ hash: account.hash ?? '', password })).toBe(true);

      const changed = admin(dir, 'set-role', 'boss@example.test', 'moderator');
      expect(changed.status).toBe(0);
      expect(changed.stdout).toContain('boss@example.test is now moderator (was admin).');
      const after = await accountOf(dir, 'boss@example.test');
      expect(after.row?.role).toBe('moderator');
      // The operator has no account: the audit log names the site itself as the actor.
      expect(after.audit.map((entry) => [entry.actorId, entry.action, entry.after])).toEqual([
        [null, 'user.role', { role: 'admin' }],
        [null, 'user.role', { role: 'moderator' }],
      ]);
    },
  );

  it.each([
    [['promote', 'a@example.test'], 'Usage:'],
    [['set-role', 'not-an-email', 'admin'], 'Not an email address: not-an-email'],
    [['set-role', 'a@example.test', 'owner'], 'Not a role: owner'],
    [['set-role', 'nobody@example.test', 'admin'], 'No account with the email nobody@example.test'],
  ])('refuses %j with a clear message', (args, message) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-admin-cli-'));
    const result = admin(dir, ...args);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('refuses while a server holds the data directory, changing nothing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-admin-cli-'));
    writeFileSync(
      path.join(dir, 'server.lock'),
      JSON.stringify({ pid: process.pid, url: 'http://localhost:3000', startedAt: '' }),
    );
    const result = admin(dir, 'create', 'late@example.test');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is in use by another Viewpoint process');
    expect(result.stdout).not.toContain('Temporary password');
  });
});
