import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../platform/db/database.js';
import { tableChecksums } from '../platform/db/snapshot.js';
import {
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.js';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, against a real server
 * process: the embedded site is backed up by its running server (over the control socket),
 * restored into another data directory and served from there.
 */
const run = promisify(execFile);

async function command(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `src/server/cli/${name}-command.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', S3_BUCKET: '', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-backup-cli-'));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

async function categoriesOf(server: ServerProcess) {
  return (await fetch(`${server.url}/api/forum/categories`)).json() as Promise<unknown>;
}

// The embedded site's commands do not reach PostgreSQL: its pass runs them once, without it.
describe.skipIf(process.env.DATABASE_URL)('an embedded site', () => {
  let server: ServerProcess;
  const source = () => path.join(tempDir, 'source');
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: source() });
  }, 120_000);
  afterAll(async () => {
    await server.stop();
  });

  let file: string;
  it('is backed up by its running server, the path on the last line', async () => {
    const result = await command('backup', [], { DATA_DIR: source() });
    expect(result.code).toBe(0);
    file = lastLine(result.stdout);
    expect(file).toMatch(new RegExp(`^${source()}/backups/viewpoint-.*\\.tar\\.gz$`));
    expect(existsSync(file)).toBe(true);
  });

  it('says why when the server cannot write the backup, leaving no file', async () => {
    const blocked = path.join(tempDir, 'not-a-folder');
    await writeFile(blocked, 'a file where the folder should be');
    const result = await command('backup', ['--dir', path.join(blocked, 'backups')], {
      DATA_DIR: source(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The backup failed: .*(ENOTDIR|not a directory)/);
    expect(server.output()).toMatch(/backup failed/);
  });

  it('is not restored over while its server runs', async () => {
    const result = await command('restore', [file], { DATA_DIR: source() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/in use by another Viewpoint process/);
  });

  // A command that builds a database from nothing, then a server that opens it: more than the
  // default 30 s on a busy 2-core machine.
  it(
    'restores into an empty data directory, which then serves the same site',
    { timeout: 90_000 },
    async () => {
      const target = path.join(tempDir, 'target');
      const result = await command('restore', [file], { DATA_DIR: target });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Restored the backup of .* into /);
      expect((await readdir(target)).sort()).toEqual(['auth-secret', 'db', 'uploads']);
      const restored = await startServerProcess({ DATA_DIR: target });
      try {
        expect(await categoriesOf(restored)).toEqual(await categoriesOf(server));
      } finally {
        await restored.stop();
      }
      const again = await command('restore', [file], { DATA_DIR: target });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds a site .*nothing was changed/);
    },
  );

  it('is backed up without a server too, and a scheduled server takes its own', async () => {
    await server.stop();
    const direct = await command('backup', ['--dir', path.join(tempDir, 'direct')], {
      DATA_DIR: source(),
    });
    expect(direct.code).toBe(0);
    expect(existsSync(lastLine(direct.stdout))).toBe(true);

    const scheduledDir = path.join(tempDir, 'scheduled');
    server = await startServerProcess({
      DATA_DIR: source(),
      BACKUP_DIR: scheduledDir,
      BACKUP_EVERY: '1d',
    });
    // The work folder appears first; the backup is there once its file is renamed into place.
    const written = async () =>
      (await readdir(scheduledDir).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.tar.gz'),
      );
    for (let i = 0; i < 400 && (await written()).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await written()).toHaveLength(1);
  }, 90_000);
});

describe.runIf(process.env.DATABASE_URL)('a PostgreSQL site', () => {
  it('is backed up by the command and restored into an empty database', async () => {
    const serverUrl = process.env.DATABASE_URL ?? '';
    const source = await createPostgresDatabase(serverUrl);
    const target = await createPostgresDatabase(serverUrl);
    const secret = 'a-postgres-site-secret-of-enough-length-0123456789';
    try {
      const server = await startServerProcess({
        DATABASE_URL: source.url,
        AUTH_SECRET: secret,
        DATA_DIR: path.join(tempDir, 'pg-source'),
      });
      const backup = await command('backup', [], {
        DATABASE_URL: source.url,
        AUTH_SECRET: secret,
        DATA_DIR: path.join(tempDir, 'pg-source'),
      });
      await server.stop();
      expect(backup.code).toBe(0);
      const restore = await command('restore', [lastLine(backup.stdout)], {
        DATABASE_URL: target.url,
        AUTH_SECRET: '',
        DATA_DIR: path.join(tempDir, 'pg-target'),
      });
      expect(restore.code).toBe(0);
      expect(lastLine(restore.stdout)).toBe(`AUTH_SECRET=${secret}`);
      const [a, b] = [await openPostgres(source.url), await openPostgres(target.url)];
      try {
        expect(await tableChecksums(b)).toEqual(await tableChecksums(a));
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
