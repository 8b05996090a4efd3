import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, contentTypeOfKey, isStorageKey, type Storage } from './storage.js';

const tempPrefix = '.tmp-';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Older than any write in progress: several processes may share the folder in scaled mode. */
const staleTempAgeMs = 60 * 60 * 1000;

async function removeStaleTempFiles(dir: string) {
  const names = (await readdir(dir)).filter((name) => name.startsWith(tempPrefix));
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > staleTempAgeMs) await rm(file, { force: true });
  }
}

/**
 * Files in one folder (DATA_DIR/uploads). Each object is written to a temporary file, flushed to
 * disk and renamed into place, so a crash leaves either the whole file or none; temporary files
 * a crash left behind are removed when the folder is opened.
 */
export async function openDiskStorage(dir: string): Promise<Storage> {
  await mkdir(dir, { recursive: true });
  await removeStaleTempFiles(dir);

  // The key is validated first, so the joined path is always a direct child of `dir`.
  const fileOf = (key: string) => path.join(dir, key);

  return {
    kind: 'disk',
    async put(key, body, contentType) {
      assertStorageKey(key, contentType);
      const temp = path.join(dir, `${tempPrefix}${randomUUID()}`);
      const handle = await open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temp, fileOf(key));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      assertStorageKey(key);
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Size and stream come from the same open file, even if the key is replaced meanwhile.
      try {
        const { size } = await handle.stat();
        const contentType = contentTypeOfKey(key) ?? 'application/octet-stream';
        return { body: handle.createReadStream(), size, contentType };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async *list() {
      for (const name of await readdir(dir)) if (isStorageKey(name)) yield name;
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(fileOf(key), { force: true });
    },
    async ping() {
      await access(dir, constants.R_OK | constants.W_OK);
    },
    close: () => Promise.resolve(),
  };
}
