import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../platform/db/database.js';
import { withSnapshot } from '../platform/db/snapshot.js';
import type { Storage } from '../platform/storage/storage.js';
import { projectRoot } from '../paths.js';
import {
  backupFormat,
  backupFormatVersion,
  packBackup,
  writeEntry,
  type Manifest,
} from './archive.js';

export const viewpointVersion = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

export interface BackupSources {
  database: Database;
  storage: Storage;
  /** The secret sessions, two-factor secrets and signed links depend on. */
  authSecret: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** `viewpoint-2026-11-29T07-40-00-123Z-….tar.gz`: sorts by time; the tail keeps two apart. */
function backupName(now: Date): string {
  const stamp = now.toISOString().replaceAll(/[:.]/g, '-');
  return `viewpoint-${stamp}-${randomBytes(3).toString('hex')}.tar.gz`;
}

export const isBackupName = (name: string) =>
  /^viewpoint-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{6}\.tar\.gz$/.test(name);

/**
 * Writes one backup of the site into `dir` while it runs: the rows from one snapshot of the
 * database, then every upload (read after the snapshot, so every upload a row names is there:
 * a file is stored before its row is written), then the secret. A failure (disk full, storage
 * out of reach) leaves no file behind and throws.
 */
export async function takeBackup(sources: BackupSources, dir: string): Promise<BackupResult> {
  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(path.join(dir, '.work-'));
  try {
    const files: Manifest['files'] = [];
    const tables: Manifest['tables'] = [];
    const snapshot = await withSnapshot(sources.database, async (reader) => {
      for (const table of reader.tables) {
        let rows = 0;
        const lines = (async function* () {
          for await (const batch of reader.rowsOf(table)) {
            rows += batch.length;
            yield batch.join('\n') + '\n';
          }
        })();
        files.push(await writeEntry(work, `tables/${table.name}.jsonl`, lines));
        tables.push({ name: table.name, rows });
      }
      return { migrations: reader.migrations, sequences: reader.sequences };
    });
    for await (const key of sources.storage.list()) {
      const object = await sources.storage.get(key);
      // Removed since the listing: its row went first, so the snapshot may still name it.
      if (!object) continue;
      files.push(await writeEntry(work, `uploads/${key}`, object.body));
    }
    files.push(
      await writeEntry(work, 'secrets/auth-secret', Readable.from([sources.authSecret + '\n'])),
    );
    const now = new Date();
    const manifest: Manifest = {
      format: backupFormat,
      formatVersion: backupFormatVersion,
      createdAt: now.toISOString(),
      viewpoint: viewpointVersion,
      source: { database: sources.database.kind, storage: sources.storage.kind },
      ...snapshot,
      tables,
      files,
    };
    const file = path.join(dir, backupName(now));
    await packBackup(work, manifest, file);
    const { size } = await stat(file);
    return { file, bytes: size, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Older than any backup in progress: in scaled mode several processes share the folder. */
const leftoverAgeMs = 6 * 60 * 60_000;

/** Removes what backups cut short by a killed process left in `dir` (work folders, partial files). */
export async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (
      !name.startsWith('.work-') &&
      !(name.startsWith('.viewpoint-') && name.endsWith('.partial'))
    ) {
      continue;
    }
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > leftoverAgeMs) {
      await rm(file, { recursive: true, force: true });
    }
  }
}

/** Removes all but the newest `keep` backups in `dir` (only files named as ours). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter(isBackupName).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
