import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import { z } from 'zod';

/**
 * The embedded database belongs to the one server process holding the data directory, so
 * `npm run backup` asks that process to take the backup: over a Unix socket in the data
 * directory (`DATA_DIR/control.sock`), which only the directory's owner can reach and no
 * network can. One request: `POST /backup` with `{ "dir": "<folder>" }`.
 */
export const controlSocketName = 'control.sock';

const askSchema = z.object({ dir: z.string().min(1).optional() });
const answerSchema = z.union([
  z.object({ file: z.string(), bytes: z.number() }),
  z.object({ error: z.string() }),
]);

export interface ControlSocket {
  close(): Promise<void>;
}

export async function serveControlSocket(
  socketPath: string,
  backup: (dir: string | undefined) => Promise<{ file: string; bytes: number }>,
): Promise<ControlSocket> {
  // A socket file left by a killed server would stop the listen; the data-directory lock
  // already proved no other server is alive here.
  await rm(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/backup') {
      answer(404, { error: 'Only POST /backup is served here' });
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let ask: z.infer<typeof askSchema>;
      try {
        ask = askSchema.parse(JSON.parse(Buffer.concat(chunks).toString() || '{}'));
      } catch {
        answer(400, { error: 'The request must be JSON: { "dir": "<folder>" }' });
        return;
      }
      backup(ask.dir).then(
        (result) => answer(200, result),
        (error: unknown) =>
          answer(500, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/** Asks the server holding the data directory for a backup; throws its error as one line. */
export async function askForBackup(
  socketPath: string,
  dir: string | undefined,
): Promise<{ file: string; bytes: number }> {
  const text = await new Promise<string>((resolve, reject) => {
    const request = http.request(
      {
        socketPath,
        path: '/backup',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString()));
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(new Error(`The running server did not answer on ${socketPath}: ${error.message}`)),
    );
    request.end(JSON.stringify(dir === undefined ? {} : { dir }));
  });
  const answer = answerSchema.parse(JSON.parse(text));
  if ('error' in answer) throw new Error(`The backup failed: ${answer.error}`);
  return answer;
}
