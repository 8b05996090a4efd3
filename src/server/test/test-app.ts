import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import type { PageRenderer } from '../plugins/web.js';
import { loadConfig, type Config } from '../config.js';
import { createMemoryBus, createRedisBus } from '../platform/bus/bus.js';
import { openPglite, openPostgres, type Database } from '../platform/db/database.js';
import { createOutboxMailer, createSmtpMailer } from '../platform/mail/mailer.js';
import type { Platforms } from '../platform/platforms.js';
import { openPayments, type StripeApi } from '../platform/payments/payments.js';
import { openStorage } from '../platform/storage/open-storage.js';

/**
 * A real server for a test file: PGlite in memory by default; with DATABASE_URL a fresh
 * PostgreSQL database created for this test file and dropped afterwards (never the
 * developer's data); with REDIS_URL the real Redis bus and rate limiter.
 */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  platforms: Platforms;
  tempDir: string;
  /** Every query the app ran, in order (tests slice it to count a request's queries). */
  queries: string[];
  close(): Promise<void>;
}

export const webFixtureAsset = 'app-3f2a1b.js';
export const webFixtureStylesheet = 'style-9c8d7e.css';

async function writeWebFixture(webRoot: string) {
  await mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <!--app-head-->\n' +
      `    <link rel="stylesheet" crossorigin href="/assets/${webFixtureStylesheet}">\n` +
      '  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  await writeFile(path.join(webRoot, 'assets', webFixtureStylesheet), 'body{margin:0}\n');
  await writeFile(path.join(webRoot, 'assets', webFixtureAsset), 'console.log("app");\n');
  await writeFile(
    path.join(webRoot, 'assets', `${webFixtureAsset}.map`),
    JSON.stringify({ version: 3, sources: ['../../src/web/main.tsx'], mappings: '' }),
  );
  await writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(webRoot, 'build.json'), JSON.stringify({ id: 'test-build' }));
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database. `queries`
 * collects the text of every query run through it; `through` rewrites the address the pool
 * connects to (a test's cuttable proxy), while the database is made and dropped directly.
 * `kind` overrides the choice DATABASE_URL makes (PostgreSQL needs DATABASE_URL all the same);
 * `empty` leaves it unmigrated, as a new site's database is before its first start.
 */
export async function createTestDatabase(
  queries: string[] = [],
  through: (url: string) => string = (url) => url,
  options: { kind?: 'pglite' | 'postgres'; empty?: boolean } = {},
): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  const logger = { logQuery: (query: string) => void queries.push(query) };
  const serverUrl = process.env.DATABASE_URL;
  const kind = options.kind ?? (serverUrl ? 'postgres' : 'pglite');
  if (kind === 'pglite') {
    const template = options.empty ? undefined : inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    const database = await openPglite(undefined, {
      logger,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    if (!options.empty) await database.migrate();
    return { database, drop: () => database.close() };
  }
  if (!serverUrl) throw new Error('A PostgreSQL test database needs DATABASE_URL');
  const name = `viewpoint_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(through(url.toString()), { max: 5, logger });
  if (!options.empty) await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    serveWeb?: boolean;
    /** Draws public pages on the server (the web app's entry-server). */
    pageRenderer?: PageRenderer;
    /** Adds test-only routes before the app is sealed. */
    extend?: (app: FastifyInstance) => void;
    /** Where Stripe's API answers when `STRIPE_*` is set: a stand-in the test started. */
    stripeApi?: StripeApi;
    /** The app's logger, for a test that reads what is logged (silent otherwise). */
    logger?: pino.Logger;
    /** Rewrites the PostgreSQL address the app connects to (an outage test's proxy). */
    databaseThrough?: (url: string) => string;
  } = {},
): Promise<TestApp> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-test-'));
  const webRoot = path.join(tempDir, 'web');
  await writeWebFixture(webRoot);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(tempDir, 'data'),
    WEB_ROOT: webRoot,
    PUBLIC_URL: 'http://viewpoint.test',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Tests change accounts in the database directly and expect the next request to see it;
    // the session cache has its own tests (session-cache.test.ts).
    SESSION_CACHE_MS: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  const queries: string[] = [];
  const { database, drop } = await createTestDatabase(queries, options.databaseThrough);
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl) : createMemoryBus();
  const mailOptions = { from: config.mailFrom, log: logger };
  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, ...mailOptions })
    : createOutboxMailer({ dir: path.join(config.dataDir, 'mail'), ...mailOptions });
  const storage = await openStorage(config);
  const platforms: Platforms = {
    database,
    bus,
    mailer,
    storage,
    payments: openPayments(config, options.stripeApi),
    dataDirLock: undefined,
    async close() {
      await mailer.close();
      await storage.close();
      await bus.close();
      await drop();
    },
  };
  const app = await buildApp({
    config,
    platforms,
    logger: options.logger ?? logger,
    serveWeb: options.serveWeb ?? true,
    ...(options.pageRenderer ? { pageRenderer: options.pageRenderer } : {}),
    limitNamespace: `${randomBytes(6).toString('hex')}:`,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    platforms,
    tempDir,
    queries,
    async close() {
      await app.close();
      await platforms.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
