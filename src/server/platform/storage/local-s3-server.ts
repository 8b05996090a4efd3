import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from './s3-storage.js';

export interface LocalS3Server {
  settings: S3Settings;
  stop(): Promise<void>;
}

/**
 * For tests: a real S3-compatible server (the `s3rver` package) in its own process, on a free
 * port, keeping its objects in a temporary folder, with `bucket` created. Not a mock of our code:
 * the S3 storage talks HTTP to it exactly as it would to a bucket.
 */
export async function startLocalS3Server(bucket = 'viewpoint-test'): Promise<LocalS3Server> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-s3-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const args = ['-d', dir, '-a', '127.0.0.1', '-p', '0', '--silent', '--configure-bucket', bucket];
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 15_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on [^\s:]+:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited with ${code}: ${output}`));
      });
    });
    return {
      settings: {
        bucket,
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        // s3rver's fixed credentials; it checks request signatures against them.
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      async stop() {
        child.kill('SIGTERM');
        await exited;
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
