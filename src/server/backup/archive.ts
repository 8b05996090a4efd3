import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { knownMigrations } from '../platform/db/migrations.js';

/**
 * A backup is one gzipped tar: `manifest.json` first (what the copy holds, and the size and
 * SHA-256 of every other entry), then `tables/<table>.jsonl` (one row per line, as
 * `platform/db/snapshot.ts` reads them), `uploads/<key>` and `secrets/auth-secret`. A reader
 * checks the manifest before anything else and every entry against it (decision 053).
 */
export const backupFormat = 'viewpoint-backup';
export const backupFormatVersion = 1;

const entryPath =
  /^(tables\/[a-z0-9_]+\.jsonl|uploads\/[a-z0-9]+(\.[a-z0-9]+){0,3}|secrets\/auth-secret)$/;

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  formatVersion: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  /** The version of Viewpoint that wrote it. */
  viewpoint: z.string(),
  source: z.object({ database: z.enum(['pglite', 'postgres']), storage: z.enum(['disk', 's3']) }),
  migrations: z.array(z.object({ tag: z.string(), when: z.number().int() })),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string().nullable() })),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z0-9_]+$/), rows: z.number().int() })),
  files: z.array(
    z.object({
      path: z.string().regex(entryPath),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A backup that cannot be used: the one line says why; nothing has been changed. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

/** Counts and hashes what flows through. */
function measure() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Writes `source` to `file` under the backup's work folder, measuring it. */
export async function writeEntry(
  work: string,
  entry: string,
  source: AsyncIterable<string | Uint8Array>,
): Promise<Manifest['files'][number]> {
  const file = path.join(work, entry);
  await mkdir(path.dirname(file), { recursive: true });
  const measured = measure();
  await pipeline(source, measured.stream, createWriteStream(file, { mode: 0o600 }));
  return { path: entry, ...measured.result() };
}

/**
 * Packs the manifest and the entries written under `work` into `target`, which appears whole
 * or not at all: the tar is written beside it under a temporary name, flushed to disk, then
 * renamed. The file is readable by its owner only: it holds the site's secret.
 */
export async function packBackup(work: string, manifest: Manifest, target: string): Promise<void> {
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  try {
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const add = async (name: string, size: number, body: Readable | Buffer) => {
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name, size, mode: 0o600 }, (error) =>
          error ? reject(error) : resolve(),
        );
        if (Buffer.isBuffer(body)) entry.end(body);
        else body.on('error', reject).pipe(entry);
      });
    };
    const manifestText = Buffer.from(JSON.stringify(manifest, null, 2));
    await add('manifest.json', manifestText.length, manifestText);
    for (const file of manifest.files) {
      await add(file.path, file.size, createReadStream(path.join(work, file.path)));
    }
    pack.finalize();
    await written;
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** A tar entry's chunks, which tar-stream (streamx) types as unknown: they are bytes. */
async function* bytesOf(entry: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  for await (const chunk of entry) {
    if (!(chunk instanceof Uint8Array))
      throw new Error('A tar entry gave something else than bytes');
    yield chunk;
  }
}

/** The manifest's own checks, then the migrations: a newer version's backup is refused. */
async function checkManifest(text: string, file: string): Promise<Manifest> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefusedError(`${file} is not a Viewpoint backup: its manifest is not JSON`);
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== backupFormat) {
    throw new BackupRefusedError(`${file} is not a Viewpoint backup: its manifest names no backup`);
  }
  if (typeof format.formatVersion === 'number' && format.formatVersion > backupFormatVersion) {
    throw new BackupRefusedError(
      `${file} was written by a newer Viewpoint (backup format ${format.formatVersion}; this one reads ${backupFormatVersion}): upgrade first`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupRefusedError(
      `${file} has a damaged manifest (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`,
    );
  }
  const known = new Map((await knownMigrations()).map((step) => [step.when, step.tag]));
  const newer = parsed.data.migrations.find((step) => known.get(step.when) !== step.tag);
  if (newer) {
    throw new BackupRefusedError(
      `${file} was written by a newer Viewpoint (${parsed.data.viewpoint}): its database has migration ${newer.tag}, which this version does not know; upgrade first`,
    );
  }
  return parsed.data;
}

/**
 * Reads a backup into `work` and returns its manifest, having checked every entry's size and
 * SHA-256 and that none is missing or extra. Anything wrong throws a BackupRefusedError saying
 * what, before a caller has changed anything.
 */
export async function unpackBackup(file: string, work: string): Promise<Manifest> {
  const size = await stat(file).then(
    (info) => info.size,
    () => {
      throw new BackupRefusedError(`${file} cannot be read: no such file`);
    },
  );
  if (size === 0) throw new BackupRefusedError(`${file} is empty`);
  let manifest: Manifest | undefined;
  const seen = new Set<string>();
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (
          name !== 'manifest.json' ||
          entry.header.size === undefined ||
          entry.header.size > 50e6
        ) {
          throw new BackupRefusedError(`${file} is not a Viewpoint backup: no manifest first`);
        }
        const chunks: Uint8Array[] = [];
        for await (const chunk of bytesOf(entry)) chunks.push(chunk);
        manifest = await checkManifest(Buffer.concat(chunks).toString('utf8'), file);
        continue;
      }
      const expected = manifest.files.find((f) => f.path === name);
      if (!expected || seen.has(name)) {
        throw new BackupRefusedError(`${file} holds ${name}, which its manifest does not list`);
      }
      const got = await writeEntry(work, name, bytesOf(entry));
      if (got.size !== expected.size || got.sha256 !== expected.sha256) {
        throw new BackupRefusedError(
          `${file} is damaged: ${name} does not match its checksum (the file was changed or corrupted)`,
        );
      }
      seen.add(name);
    }
  })().catch((error: unknown) => {
    extract.destroy(error as Error);
    throw error;
  });
  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), reading]);
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupRefusedError(`${file} is truncated or damaged: ${reason}`);
  }
  if (!manifest) throw new BackupRefusedError(`${file} is not a Viewpoint backup: it is empty`);
  const missing = manifest.files.find((f) => !seen.has(f.path));
  if (missing) {
    throw new BackupRefusedError(`${file} is truncated: ${missing.path} is missing`);
  }
  return manifest;
}

/** The site's secret as the backup holds it. */
export async function readSecret(work: string): Promise<string> {
  return (await readFile(path.join(work, 'secrets', 'auth-secret'), 'utf8')).trim();
}
