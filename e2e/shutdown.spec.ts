import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, startServer, type RunningServer } from './support/server';

/**
 * Graceful shutdown of the production process, which operators and orchestrators rely on: on
 * SIGTERM it stops accepting connections, lets in-flight responses finish, closes idle keep-alive
 * connections and exits 0 well within its 10 s budget. This spec runs its own server, since it
 * stops it.
 */
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

/** The biggest file of the web build: its download is still streaming when the signal lands. */
function largestAsset(): { urlPath: string; size: number } {
  const dir = path.join(repoRoot, 'dist/web/assets');
  // Source maps are built for error reports but never served.
  const files = readdirSync(dir)
    .filter((name) => !name.endsWith('.map'))
    .map((name) => ({
      name,
      size: statSync(path.join(dir, name)).size,
    }));
  const biggest = files.sort((a, b) => b.size - a.size)[0];
  if (!biggest) throw new Error('dist/web/assets is empty');
  return { urlPath: `/assets/${biggest.name}`, size: biggest.size };
}

function request(url: string, agent: http.Agent | false): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, resolve).on('error', reject);
  });
}

async function readBody(response: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Resolves once a new TCP connection to `port` is refused (the server stopped listening). */
async function refusesConnections(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes in-flight responses, drops idle keep-alive connections and exits 0', async () => {
    const server = await startServer();
    servers.push(server);
    const { child, baseURL, port } = server;

    // A finished request on a keep-alive connection, which then sits idle.
    const keepAlive = new http.Agent({ keepAlive: true });
    const site = await request(`${baseURL}/api/site`, keepAlive);
    expect(site.statusCode).toBe(200);
    expect(site.headers.connection).toBe('keep-alive');
    const idleSocket = site.socket;
    expect(JSON.parse((await readBody(site)).toString('utf8'))).toMatchObject({
      name: 'Viewpoint',
    });
    const idleClosed = once(idleSocket, 'close');

    // A download in flight: headers received, body not read yet.
    const asset = largestAsset();
    const download = await request(baseURL + asset.urlPath, false);
    expect(download.statusCode).toBe(200);
    download.pause();

    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    // The server stops listening at once; the download is still open.
    expect(await refusesConnections(port, 5_000)).toBe(true);

    // The download still completes, byte for byte.
    const body = await readBody(download);
    expect(body.length).toBe(asset.size);

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    await idleClosed;
    keepAlive.destroy();

    await expect(fetch(`${baseURL}/healthz`)).rejects.toThrow();
  });
});
