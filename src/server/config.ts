import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebRoot } from './paths.js';
import type { IdentityProviderSettings } from './features/accounts/index.js';
import type { S3Settings } from './platform/storage/s3-storage.js';
import { donationCurrencies, type DonationCurrency } from '../shared/donations.js';

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

/** A value without spaces, such as a client ID or secret. */
const optionalText = (what: string) =>
  z.preprocess(emptyAsUndefined, z.string().regex(/^\S+$/, what).max(500, what).optional());

/** A whole number of milliseconds within bounds, with a default. */
const milliseconds = (min: number, max: number, fallback: number) => {
  const expected = `a whole number of milliseconds from ${min} to ${max}`;
  return z.preprocess(
    emptyAsUndefined,
    z.coerce.number(expected).int(expected).min(min, expected).max(max, expected).default(fallback),
  );
};

const periodMs = { m: 60_000, h: 3_600_000, d: 86_400_000 };

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
  ADMIN_EMAILS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('a comma-separated list of email addresses')))
      .default([]),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[\d.:a-fA-F/, ]+)$/,
        'true, false, a hop count or a list of proxy addresses',
      )
      .default('false'),
  ),
  WEB_ROOT: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  SERVE_WEB: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], 'true or false').default('true'),
  ),
  UPLOAD_QUOTA_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('a whole number of megabytes from 1 to 1000000')
      .int('a whole number of megabytes from 1 to 1000000')
      .min(1, 'a whole number of megabytes from 1 to 1000000')
      .max(1_000_000, 'a whole number of megabytes from 1 to 1000000')
      .default(200),
  ),
  PGLITE_BUFFERS_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('a whole number of megabytes from 8 to 4096')
      .int('a whole number of megabytes from 8 to 4096')
      .min(8, 'a whole number of megabytes from 8 to 4096')
      .max(4096, 'a whole number of megabytes from 8 to 4096')
      // Chosen by measurement (decision 055): the pool is resident from the start.
      .default(32),
  ),
  FORUM_LIST_CACHE_MS: milliseconds(0, 60_000, 10_000),
  PAGE_CACHE_MS: milliseconds(0, 600_000, 30_000),
  SESSION_CACHE_MS: milliseconds(0, 60_000, 10_000),
  REQUEST_STALL_MS: milliseconds(100, 600_000, 30_000),
  REQUEST_TIMEOUT_MS: milliseconds(1_000, 3_600_000, 600_000),
  CONNECTIONS_PER_IP: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('a whole number of connections from 0 (no bound) to 100000')
      .int('a whole number of connections from 0 (no bound) to 100000')
      .min(0, 'a whole number of connections from 0 (no bound) to 100000')
      .max(100_000, 'a whole number of connections from 0 (no bound) to 100000')
      .default(256),
  ),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'http(s)'),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], 'true or false').optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_\w+$/, 'a Stripe secret key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_\w+$/, 'a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  GITHUB_CLIENT_ID: optionalText('a GitHub OAuth app client ID'),
  GITHUB_CLIENT_SECRET: optionalText('a GitHub OAuth app client secret'),
  GOOGLE_CLIENT_ID: optionalText('a Google OAuth client ID'),
  GOOGLE_CLIENT_SECRET: optionalText('a Google OAuth client secret'),
  OIDC_ISSUER: optionalUrl(['http:', 'https:'], 'OpenID Connect issuer'),
  OIDC_CLIENT_ID: optionalText('an OpenID Connect client ID'),
  OIDC_CLIENT_SECRET: optionalText('an OpenID Connect client secret'),
  OIDC_NAME: z.preprocess(
    emptyAsUndefined,
    z.string().trim().min(1).max(40, 'a name of at most 40 characters').optional(),
  ),
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  BACKUP_EVERY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,4}[mhd]$/, 'a period such as 30m, 6h or 1d (minutes, hours or days)')
      .transform((value) => Number(value.slice(0, -1)) * periodMs[value.at(-1) as 'm' | 'h' | 'd'])
      .refine((ms) => ms >= 15 * 60_000, 'a period of at least 15m')
      .optional(),
  ),
  BACKUP_KEEP: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('a whole number of backups from 1 to 1000')
      .int('a whole number of backups from 1 to 1000')
      .min(1, 'a whole number of backups from 1 to 1000')
      .max(1000, 'a whole number of backups from 1 to 1000')
      .default(7),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'a random token of at least 16 characters').optional(),
  ),
  DONATION_CURRENCY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(donationCurrencies, `one of ${donationCurrencies.join(', ')}`))
      .default('usd'),
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
  /** Addresses that become admin when verified (the first admin of a new site). */
  adminEmails: string[];
  /**
   * Fastify's trustProxy: false unless a reverse proxy sets X-Forwarded-For; a hop count or a
   * list of proxy addresses becomes a function of the address and its hop.
   */
  trustProxy: boolean | ((address: string, hop: number) => boolean);
  /** Off under `npm run dev`, where Vite serves the web app and proxies the API. */
  serveWeb: boolean;
  /** Embedded mode: PGlite in DATA_DIR, one process holding the data directory. */
  embedded: boolean;
  /** Uploaded files go to this bucket when S3_BUCKET is set, to DATA_DIR/uploads otherwise. */
  s3: S3Settings | undefined;
  /** What one user's uploads may take in total (image + thumbnail), in bytes. */
  uploadQuotaBytes: number;
  /** The embedded database's buffer pool (PostgreSQL's shared_buffers), in megabytes. */
  pgliteBuffersMb: number;
  /** How long a thread list is remembered between forum writes; 0 reads every time. */
  forumListCacheMs: number;
  /** How long a visitor's page is kept at most if no write makes it stale; 0: never kept. */
  pageCacheMs: number;
  /** How long a session check is remembered between writes; 0 reads every time. */
  sessionCacheMs: number;
  /** A request whose body makes no progress for this long is answered 408 and closed. */
  requestStallMs: number;
  /** The longest a whole request (headers and body) may take to arrive, however steadily. */
  requestTimeoutMs: number;
  /** Open connections one client address may hold (a trusted proxy: unbounded); 0: no bound. */
  connectionsPerIp: number;
  /** Stripe Checkout when both keys are set; the built-in demo checkout otherwise. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** The one currency donations are taken in. */
  donationCurrency: DonationCurrency;
  /** The identity providers members may sign in with, in the order their buttons show. */
  identityProviders: IdentityProviderSettings[];
  /** `/metrics` answers a scraper sending this bearer token; unset: it is not there at all. */
  metricsToken: string | undefined;
  /**
   * Where backups go (BACKUP_DIR, DATA_DIR/backups by default), how often the server takes one
   * itself (BACKUP_EVERY; never when unset) and how many it keeps (BACKUP_KEEP).
   */
  backups: { dir: string; everyMs: number | undefined; keep: number };
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
  const s3 = s3Settings(env);
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
    adminEmails: env.ADMIN_EMAILS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    embedded,
    s3,
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    pgliteBuffersMb: env.PGLITE_BUFFERS_MB,
    forumListCacheMs: env.FORUM_LIST_CACHE_MS,
    pageCacheMs: env.PAGE_CACHE_MS,
    sessionCacheMs: env.SESSION_CACHE_MS,
    ...requestTimeouts(env),
    connectionsPerIp: env.CONNECTIONS_PER_IP,
    stripe: stripeSettings(env),
    donationCurrency: env.DONATION_CURRENCY,
    identityProviders: identityProviders(env),
    metricsToken: env.METRICS_TOKEN,
    backups: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      everyMs: env.BACKUP_EVERY,
      keep: env.BACKUP_KEEP,
    },
  };
}

/**
 * Each provider's variables go together: a group set in part stops the start, naming the first
 * variable missing, so a typo never leaves a button that cannot work.
 */
function identityProviders(env: Env): IdentityProviderSettings[] {
  const providers: IdentityProviderSettings[] = [];
  const github = together(env, ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET']);
  if (github) {
    const { GITHUB_CLIENT_ID: clientId, GITHUB_CLIENT_SECRET: clientSecret } = github;
    providers.push({ id: 'github', name: 'GitHub', clientId, clientSecret });
  }
  const google = together(env, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  if (google) {
    const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = google;
    providers.push({ id: 'google', name: 'Google', clientId, clientSecret });
  }
  const oidc = together(env, ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME']);
  if (oidc) {
    providers.push({
      id: 'oidc',
      name: oidc.OIDC_NAME,
      clientId: oidc.OIDC_CLIENT_ID,
      clientSecret: oidc.OIDC_CLIENT_SECRET,
      issuer: oidc.OIDC_ISSUER.replace(/\/+$/, ''),
    });
  }
  return providers;
}

type ProviderVariable = `${'GITHUB' | 'GOOGLE' | 'OIDC'}_${string}` & keyof Env;

/** All of `names` when all are set, undefined when none is; a group set in part throws. */
function together<const N extends ProviderVariable>(
  env: Env,
  names: readonly N[],
): Record<N, string> | undefined {
  const values: Partial<Record<N, string>> = {};
  for (const name of names) {
    const value = env[name];
    if (typeof value === 'string') values[name] = value;
  }
  const set = names.filter((name) => values[name] !== undefined);
  if (set.length === 0) return undefined;
  const missing = names.find((name) => values[name] === undefined);
  if (missing) {
    throw new ConfigError(`Invalid configuration: ${missing} must be set when ${set[0]} is set`);
  }
  return values as Record<N, string>;
}

/** A request may stall for at most as long as it may take in all. */
function requestTimeouts(env: Env): Pick<Config, 'requestStallMs' | 'requestTimeoutMs'> {
  if (env.REQUEST_STALL_MS > env.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration: REQUEST_STALL_MS must not be longer than REQUEST_TIMEOUT_MS',
    );
  }
  return {
    requestStallMs: env.REQUEST_STALL_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
  };
}

/** Both Stripe keys or neither: a half-configured Stripe would take money it cannot record. */
function stripeSettings(env: Env): Config['stripe'] {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (secretKey === undefined && webhookSecret === undefined) return undefined;
  if (secretKey === undefined || webhookSecret === undefined) {
    const missing = secretKey === undefined ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
    const other = secretKey === undefined ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new ConfigError(`Invalid configuration: ${missing} must be set when ${other} is set`);
  }
  return { secretKey, webhookSecret };
}

/** The S3 settings go together: a bucket, and both halves of a key pair or neither. */
function s3Settings(env: Env): S3Settings | undefined {
  const invalid = (message: string) => new ConfigError(`Invalid configuration: ${message}`);
  if (env.S3_ACCESS_KEY_ID !== undefined && env.S3_SECRET_ACCESS_KEY === undefined) {
    throw invalid('S3_SECRET_ACCESS_KEY must be set when S3_ACCESS_KEY_ID is set');
  }
  if (env.S3_SECRET_ACCESS_KEY !== undefined && env.S3_ACCESS_KEY_ID === undefined) {
    throw invalid('S3_ACCESS_KEY_ID must be set when S3_SECRET_ACCESS_KEY is set');
  }
  if (env.S3_BUCKET === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE'] as const).find(
      (name) => env[name] !== undefined,
    );
    if (stray) throw invalid(`S3_BUCKET must be set when ${stray} is set`);
    return undefined;
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    // S3-compatible servers are usually addressed by path; AWS itself by virtual host.
    forcePathStyle:
      env.S3_FORCE_PATH_STYLE === undefined
        ? env.S3_ENDPOINT !== undefined
        : env.S3_FORCE_PATH_STYLE === 'true',
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

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyList(value);
}

/**
 * Proxy addresses and CIDR ranges (`10.0.0.1, 10.1.0.0/16, fd00::/8`), IPv4 ones also in their
 * IPv6 form; anything that is not an address (a forged X-Forwarded-For entry) is not a proxy.
 * One function answers both Fastify (which hop to believe) and the connection bound (whose
 * connections are a proxy's).
 */
function proxyList(value: string): (address: string) => boolean {
  const proxies = new BlockList();
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    const widest = type === 'ipv6' ? 128 : 32;
    const validPrefix =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= widest);
    if (!isIP(address) || !validPrefix) {
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY must be true, false, a hop count or a list of proxy addresses (got ${JSON.stringify(entry)})`,
      );
    }
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const kind = isIP(address);
    return kind !== 0 && proxies.check(address, kind === 6 ? 'ipv6' : 'ipv4');
  };
}
