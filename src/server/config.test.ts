import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'viewpoint-config-'));

describe('configuration from the environment', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      embedded: true,
      siteName: 'Viewpoint',
      logLevel: 'info',
      databaseUrl: undefined,
      redisUrl: undefined,
    });
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
  });

  it('generates AUTH_SECRET once in embedded mode and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it('requires AUTH_SECRET when DATABASE_URL is set', () => {
    const dataDir = tempDir();
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/viewpoint' }),
    ).toThrow(/AUTH_SECRET must be set/);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer between 0 and 65535 \(got "abc"\)/],
    ['PORT', '70000', /PORT must be an integer between 0 and 65535/],
    ['DATABASE_URL', 'mysql://db/x', /DATABASE_URL must be a PostgreSQL URL/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL must be a Redis URL/],
    ['PUBLIC_URL', 'example.com', /PUBLIC_URL must be a http\(s\) URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of fatal, error, warn, info/],
    ['AUTH_SECRET', 'short', /AUTH_SECRET must be a random secret of at least 32 characters/],
  ])('names %s and what it expects when given %j', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(message);
  });

  it.each([
    ['UPLOAD_QUOTA_MB', '0', /UPLOAD_QUOTA_MB must be a whole number of megabytes from 1 to/],
    ['UPLOAD_QUOTA_MB', 'lots', /UPLOAD_QUOTA_MB must be a whole number of megabytes/],
    [
      'PGLITE_BUFFERS_MB',
      '4',
      /PGLITE_BUFFERS_MB must be a whole number of megabytes from 8 to 4096/,
    ],
    ['S3_BUCKET', 'My_Bucket', /S3_BUCKET must be a bucket name \(3 to 63 lowercase/],
    ['S3_ENDPOINT', 'minio:9000', /S3_ENDPOINT must be a http\(s\) URL/],
    ['S3_FORCE_PATH_STYLE', 'yes', /S3_FORCE_PATH_STYLE must be true or false/],
  ])('names %s and what it expects when given %j', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'media', [name]: value })).toThrow(
      message,
    );
  });

  it('keeps uploads in DATA_DIR with a 200 MB quota unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.s3).toBeUndefined();
    expect(config.uploadQuotaBytes).toBe(200 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: tempDir() }).pgliteBuffersMb).toBe(32);
    expect(loadConfig({ DATA_DIR: tempDir(), PGLITE_BUFFERS_MB: '128' }).pgliteBuffersMb).toBe(128);
    expect(loadConfig({ DATA_DIR: tempDir(), UPLOAD_QUOTA_MB: '5' }).uploadQuotaBytes).toBe(
      5 * 1024 * 1024,
    );
  });

  it('reads the S3 settings, addressing an S3-compatible endpoint by path', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'viewpoint-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'viewpoint-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const aws = loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'media', S3_REGION: 'eu-west-3' });
    expect(aws.s3).toMatchObject({
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
    });
    const virtualHost = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'https://s3.example.test',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(virtualHost.s3?.forcePathStyle).toBe(false);
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET must be set when S3_ENDPOINT is set'],
    [
      { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' },
      'S3_SECRET_ACCESS_KEY must be set when S3_ACCESS_KEY_ID is set',
    ],
    [
      { S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' },
      'S3_ACCESS_KEY_ID must be set when S3_SECRET_ACCESS_KEY is set',
    ],
  ])('refuses S3 settings that do not go together: %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(
      `Invalid configuration: ${message}`,
    );
  });

  it('times requests out after 30 s without progress or 10 minutes in all, and bounds connections per address', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      requestStallMs: 30_000,
      requestTimeoutMs: 600_000,
      connectionsPerIp: 256,
    });
  });

  it.each([
    [
      { REQUEST_STALL_MS: 'soon' },
      'REQUEST_STALL_MS must be a whole number of milliseconds from 100 to 600000',
    ],
    [
      { REQUEST_TIMEOUT_MS: '500' },
      'REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 3600000',
    ],
    [
      { REQUEST_STALL_MS: '60000', REQUEST_TIMEOUT_MS: '30000' },
      'REQUEST_STALL_MS must not be longer than REQUEST_TIMEOUT_MS',
    ],
    [
      { CONNECTIONS_PER_IP: '-1' },
      'CONNECTIONS_PER_IP must be a whole number of connections from 0 (no bound) to 100000',
    ],
    [{ TRUST_PROXY: '10.0.0.0/40' }, 'TRUST_PROXY must be true, false, a hop count or a list'],
  ])('refuses request limits that cannot hold: %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(
      `Invalid configuration: ${message}`,
    );
  });

  it('keeps backups in DATA_DIR/backups, seven of them, and takes none itself unless told how often', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).backups).toEqual({
      dir: path.join(dataDir, 'backups'),
      everyMs: undefined,
      keep: 7,
    });
    const set = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: '/srv/backups',
      BACKUP_EVERY: '6h',
      BACKUP_KEEP: '30',
    });
    expect(set.backups).toEqual({ dir: '/srv/backups', everyMs: 6 * 3_600_000, keep: 30 });
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY: '1d' }).backups.everyMs).toBe(86_400_000);
  });

  it.each([
    [{ BACKUP_EVERY: 'daily' }, 'BACKUP_EVERY must be a period such as 30m, 6h or 1d'],
    [{ BACKUP_EVERY: '5m' }, 'BACKUP_EVERY must be a period of at least 15m'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP must be a whole number of backups from 1 to 1000'],
  ])('refuses a backup setting it cannot follow: %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(
      `Invalid configuration: ${message}`,
    );
  });

  it('trusts the listed proxy addresses and ranges, also as IPv4 in IPv6 form, and nothing else', () => {
    const { trustProxy } = loadConfig({
      DATA_DIR: tempDir(),
      TRUST_PROXY: '127.0.0.1, 10.1.0.0/16, fd00::/8',
    });
    if (typeof trustProxy !== 'function') throw new Error('a list of proxies is a function');
    const trusted = ['127.0.0.1', '::ffff:127.0.0.1', '10.1.200.3', 'fd12::1'];
    const strangers = ['10.2.0.1', '192.0.2.1', '2001:db8::1', 'not-an-address', ''];
    expect(trusted.map((address) => trustProxy(address, 0))).toEqual(trusted.map(() => true));
    expect(strangers.map((address) => trustProxy(address, 0))).toEqual(strangers.map(() => false));
  });

  it('stops the start on a half-set identity provider group, naming the variable missing', () => {
    const base = { AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tempDir() };
    expect(() => loadConfig({ ...base, GITHUB_CLIENT_ID: 'abc' })).toThrow(
      new ConfigError(
        'Invalid configuration: GITHUB_CLIENT_SECRET must be set when GITHUB_CLIENT_ID is set',
      ),
    );
    expect(() =>
      loadConfig({
        ...base,
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
      }),
    ).toThrow('OIDC_NAME must be set when OIDC_ISSUER is set');
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'id.example' })).toThrow(
      /^Invalid configuration: OIDC_ISSUER must be/,
    );
    const both = loadConfig({ ...base, GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' });
    expect(both.identityProviders).toEqual([
      { id: 'google', name: 'Google', clientId: 'g', clientSecret: 's' },
    ]);
  });

  it('stops the server with one line and exit code 1 on a bad value', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: tempDir(), DATABASE_URL: '', REDIS_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "eighty")',
    );
  });
});
