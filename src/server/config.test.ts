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
