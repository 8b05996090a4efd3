import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process: two processes on one data directory corrupt it. The server holds
 * DATA_DIR/server.lock (its pid and address) for as long as it runs; a second server or CLI
 * finds the lock, sees the holder is alive and refuses. A lock left by a killed process (its pid
 * no longer running) is taken over.
 */
export interface LockHolder {
  pid: number;
  url?: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Viewpoint process (pid ${holder.pid}` +
        `${holder.url ? `, serving ${holder.url}` : ''}). PGlite allows one process per data ` +
        'directory: stop that process first, or use PostgreSQL (DATABASE_URL) to run several.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLockHolder(dataDir: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(
      readFileSync(path.join(dataDir, 'server.lock'), 'utf8'),
    ) as LockHolder;
    return isAlive(holder.pid) && holder.pid !== process.pid ? holder : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  update(fields: Partial<LockHolder>): void;
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  let holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() };
  const write = (flag: 'wx' | 'w') => writeFileSync(file, JSON.stringify(holder), { flag });
  try {
    write('wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const existing = readLockHolder(dataDir);
    if (existing) throw new DataDirLockedError(dataDir, existing);
    // The holder is gone: the lock is stale. Replace it.
    write('w');
  }
  let released = false;
  return {
    update(fields) {
      holder = { ...holder, ...fields };
      write('w');
    },
    release() {
      if (released) return;
      released = true;
      rmSync(file, { force: true });
    },
  };
}
