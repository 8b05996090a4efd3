import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebRoot } from './paths.js';

/**
 * The server's whole configuration, read from the environment once at start. A bad value stops
 * the process with one line naming the variable and what it expects (see main.ts).
 */
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const optionalUrl = (protocols: string[], what: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
        `a ${what} URL (${protocols.map((p) => p + '//').join(' or ')}…)`,
      )
      .optional(),
  );

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['development', 'production', 'test'], 'one of development, production, test')
      .optional(),
  ),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('an integer between 0 and 65535')
      .int('an integer between 0 and 65535')
      .min(0, 'an integer between 0 and 65535')
      .max(65535, 'an integer between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('localhost')),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'PostgreSQL'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'Redis'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'SMTP'),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(logLevels, `one of ${logLevels.join(', ')}`).default('info'),
  ),
  SITE_NAME: z.preprocess(
    emptyAsUndefined,
    z.string().trim().min(1).max(60, 'a name of at most 60 characters').default('Viewpoint'),
  ),
  AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'a random secret of at least 32 characters').optional(),
  ),
  WEB_ROOT: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  SERVE_WEB: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], 'true or false').default('true'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof logLevels)[number];
  siteName: string;
  authSecret: string;
  webRoot: string;
  /** Off under `npm run dev`, where Vite serves the web app and proxies the API. */
  serveWeb: boolean;
  /** Embedded mode: PGlite in DATA_DIR, one process holding the data directory. */
  embedded: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into a Config, or throws a ConfigError with one readable line. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = source[name];
    throw new ConfigError(
      `Invalid configuration: ${name} must be ${issue?.message ?? 'valid'}` +
        (got === undefined ? '' : ` (got ${JSON.stringify(got)})`),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const embedded = env.DATABASE_URL === undefined;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    env: env.NODE_ENV ?? 'development',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `"${env.SITE_NAME}" <no-reply@${publicUrl.hostname}>`,
    logLevel: env.LOG_LEVEL,
    siteName: env.SITE_NAME,
    authSecret: env.AUTH_SECRET ?? embeddedAuthSecret(embedded, dataDir),
    webRoot: env.WEB_ROOT === undefined ? defaultWebRoot : path.resolve(env.WEB_ROOT),
    serveWeb: env.SERVE_WEB === 'true',
    embedded,
  };
}

/**
 * A single embedded server may keep its own secret in DATA_DIR. Several processes sharing a
 * PostgreSQL database must share one secret, so scaled mode requires AUTH_SECRET.
 */
function embeddedAuthSecret(embedded: boolean, dataDir: string): string {
  if (!embedded) {
    throw new ConfigError(
      'Invalid configuration: AUTH_SECRET must be set (a random secret of at least 32 characters) when DATABASE_URL is set',
    );
  }
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
