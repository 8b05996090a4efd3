import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process.js';

/** Debian's nginx, where `.ci/run` installs it. */
export const nginxBinary = '/usr/sbin/nginx';
export const hasNginx = existsSync(nginxBinary);

const deployDir = fileURLToPath(new URL('../../../deploy/nginx/', import.meta.url));

/** The deploy files' example addresses, replaced by the test's. */
const examplePorts = ['127.0.0.1:3001', '127.0.0.1:3002'];
const exampleRoot = '/opt/viewpoint/dist/web';

export interface RunningNginx {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  stop(): Promise<void>;
  /** What nginx wrote to its error log. */
  errors(): Promise<string>;
}

/**
 * nginx in front of the processes at `ports`, from deploy/nginx's own upstreams and locations
 * (the example ports and build folder swapped for the test's; with one port, the second
 * example process's lines left out), in a plain-HTTP server block on a free port of 127.0.0.1.
 * The configuration is checked with `nginx -t` first.
 */
export async function startNginx(options: {
  ports: readonly [number] | readonly [number, number];
  webRoot: string;
  /** Where nginx listens (a free port by default). */
  port?: number;
}): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-nginx-'));
  const port = options.port ?? (await freePort());
  // Each example process's address becomes one of the test's; an example with no process of
  // the test's has its lines left out.
  const swap = (text: string) =>
    examplePorts
      .reduce((result, example, index) => {
        const processPort = options.ports[index];
        if (processPort !== undefined) {
          return result.replaceAll(example, `127.0.0.1:${String(processPort)}`);
        }
        return result
          .split('\n')
          .filter((line) => !line.includes(example))
          .join('\n');
      }, text)
      .replaceAll(exampleRoot, options.webRoot);
  const read = (name: string) => readFile(path.join(deployDir, name), 'utf8');
  const [upstreamsFile, locationsFile] = await Promise.all([
    read('viewpoint-upstreams.conf'),
    read('viewpoint-locations.conf'),
  ]);
  if (!examplePorts.every((example) => upstreamsFile.includes(example))) {
    throw new Error(`deploy/nginx no longer names ${examplePorts.join(' and ')}: update the swap`);
  }
  if (!locationsFile.includes(exampleRoot)) {
    throw new Error(`deploy/nginx no longer serves ${exampleRoot}: update the swap`);
  }
  const upstreams = swap(upstreamsFile);
  const locations = swap(locationsFile);
  await mkdir(path.join(dir, 'temp'));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  const config = `
# Written by src/server/test/nginx.ts for one test run.
user root;
worker_processes 2;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
${upstreams}
  server {
    listen 127.0.0.1:${String(port)};
${locations}
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, config);
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file];
  const check = spawnSync(nginxBinary, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);

  const child: ChildProcess = spawn(nginxBinary, args, { stdio: 'ignore' });
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `nginx exited: ${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`,
      );
    }
    // A connection, not a request: a request would reach the processes, and nginx would leave
    // out for a while one that is not up yet.
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) throw new Error('nginx did not listen in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    errors: () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => ''),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface PlainAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One HTTP request from the local address `from` (127.0.0.2, 127.0.0.3, …: every one of them
 * reaches the loopback), so that a proxy in front sees distinct clients. The body is as sent:
 * nothing is decompressed.
 */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: from },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}
