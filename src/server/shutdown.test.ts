import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Starts the real server process on a free port with its own data directory. */
async function startServer() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'viewpoint-shutdown-'));
  const webRoot = path.join(dir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  // Large enough that the response is still streaming when the signal arrives.
  writeFileSync(path.join(webRoot, 'assets', 'film-reel.bin'), Buffer.alloc(32 * 1024 * 1024, 7));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is ready at (http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`server exited early:\n${output}`)));
  });
  return { child, url };
}

// Each test starts the real server from source on a fresh embedded database, which takes a while
// on a busy machine; nothing here is timed.
const startUp = { timeout: 120_000 };

describe('graceful shutdown', () => {
  it('finishes an in-flight request after SIGTERM, then exits 0', startUp, async () => {
    const { child, url } = await startServer();
    const response = await new Promise<http.IncomingMessage>((resolve) => {
      http.get(`${url}/assets/film-reel.bin`, resolve);
    });
    response.pause();
    const exited = once(child, 'exit');
    // The server says when it acts on the signal; the body is still unread then.
    const acting = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('SIGTERM received')) resolve();
      });
    });
    child.kill('SIGTERM');
    await acting;
    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    response.resume();
    await once(response, 'end');
    expect(received).toBe(32 * 1024 * 1024);
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });

  it('exits 0 on SIGINT when idle', startUp, async () => {
    const { child } = await startServer();
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });
});
