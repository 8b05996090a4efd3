import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Database } from '../platform/db/database.js';
import { isEmptyDatabase, loadRows } from '../platform/db/snapshot.js';
import { contentTypeOfKey, type Storage } from '../platform/storage/storage.js';
import { BackupRefusedError, readSecret, unpackBackup, type Manifest } from './archive.js';

export interface RestoreTarget {
  /** Empty: no table, no migration. */
  database: Database;
  /** Empty: no object. None: the uploads stay where they are (a move that keeps the folder). */
  storage: Storage | undefined;
}

export interface RestoreResult {
  manifest: Manifest;
  /** The backup's secret: the restored site must run with it. */
  authSecret: string;
}

const rowBatch = 500;

async function* jsonLines(file: string | undefined): AsyncGenerator<string[]> {
  if (file === undefined) return;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length === rowBatch) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Refuses a target that holds anything: a restore never mixes two sites. */
export async function assertEmptyTarget(target: RestoreTarget, name: string): Promise<void> {
  if (!(await isEmptyDatabase(target.database.db))) {
    throw new BackupRefusedError(
      `${name} is not empty: restore into an empty database (nothing was changed)`,
    );
  }
  if (!target.storage) return;
  for await (const key of target.storage.list()) {
    throw new BackupRefusedError(
      `The ${target.storage.kind === 's3' ? 'bucket' : 'uploads folder'} of ${name} is not empty (it holds ${key}): restore into an empty one (nothing was changed)`,
    );
  }
}

/**
 * Restores `file` into an empty target: every entry is checked before anything is written;
 * the database is migrated to the backup's level, its rows loaded in one transaction, then
 * migrated forward to this version (unless `atItsLevel`: the upgrade test leaves that to the
 * server's start); then the uploads are stored. `name` says which target in the messages.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  name: string,
  options: { atItsLevel?: boolean } = {},
): Promise<RestoreResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-restore-'));
  try {
    const manifest = await unpackBackup(file, work);
    await assertEmptyTarget(target, name);
    const level = manifest.migrations.at(-1)?.when;
    if (level !== undefined) await target.database.migrate({ upTo: level });
    const tables = new Set(manifest.tables.map((t) => t.name));
    await loadRows(target.database, {
      sequences: manifest.sequences,
      rowsOf: (table) =>
        jsonLines(tables.has(table) ? path.join(work, 'tables', `${table}.jsonl`) : undefined),
    });
    if (!options.atItsLevel) await target.database.migrate();
    for (const entry of manifest.files) {
      if (!target.storage || !entry.path.startsWith('uploads/')) continue;
      const key = entry.path.slice('uploads/'.length);
      await target.storage.put(
        key,
        await readFile(path.join(work, entry.path)),
        contentTypeOfKey(key) ?? 'application/octet-stream',
      );
    }
    return { manifest, authSecret: await readSecret(work) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
