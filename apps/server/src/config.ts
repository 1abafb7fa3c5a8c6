// Configuration from the environment, checked once at start-up (DESIGN §3).
import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import { defaultPriceTolerance, priceToleranceSchema } from '@secure-vault/shared/prices';
import { parsePreviousDataKeys, previousDataKeysProblem } from './auth/data-keys.ts';
import { ed25519PublicKeyOf, parsePreviousSigningKeys } from './auth/signing-key.ts';
import * as feed from './prices/feed-config.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
/** A whole number within bounds, or unset (an empty value too). */
const optionalInteger = (min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional());

/** An amount in US dollars above zero, whole cents, kept with two decimals ("50000.00"). */
const usdLimit = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in US dollars, such as 50000 or 2500.50')
      .refine((value) => dec(value).greaterThan(0), 'must be above 0')
      .default(fallback)
      .transform((value) => toFixedString(value, usdScale)),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    /**
     * Where LISTEN connects (realtime notices need a session of their own): PostgreSQL itself,
     * when DATABASE_URL goes through a pooler in transaction mode. Unset: DATABASE_URL.
     */
    DATABASE_LISTEN_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    /**
     * Whether the hot statements are prepared once per connection under their names. `false`
     * behind a pooler in transaction mode that does not track them (PgBouncer before 1.21).
     */
    DATABASE_PREPARED_STATEMENTS: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false']).default('true'),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    MAIL_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Secure Vault <no-reply@securevault.example>'),
    CONTACT_INBOX: z.email().default('enquiries@securevault.example'),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6).optional()),
    DATA_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (32 bytes)')
        .optional(),
    ),
    /**
     * The data keys DATA_KEY replaced (64 hex digits each, comma-separated): read, never
     * written with, until `npm run rotate:data-key` has moved everything to DATA_KEY.
     */
    DATA_KEY_PREVIOUS: z.preprocess(
      emptyToUndefined,
      z.string().transform(parsedOrIssue(parsePreviousDataKeys)).optional(),
    ),
    /**
     * The Ed25519 private key statements are signed with: PKCS#8 as PEM, or its DER in base64.
     * Unset, one is generated once into DATA_DIR/signing-key.pem.
     */
    SIGNING_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(isEd25519PrivateKey, 'must be an Ed25519 private key (PKCS#8 PEM or base64 DER)')
        .optional(),
    ),
    /**
     * The keys SIGNING_KEY replaced, comma-separated: public keys (SPKI), or the private keys,
     * whose public half alone is kept, as PEM or base64 DER. Documents they signed still verify.
     */
    SIGNING_KEY_PREVIOUS: z.preprocess(
      emptyToUndefined,
      z.string().transform(parsedOrIssue(parsePreviousSigningKeys)).optional(),
    ),
    /**
     * Whether staff must have two-factor sign-in on before any admin route answers; `passkey`:
     * and their session must have been proven with a passkey, not an authenticator code.
     */
    STAFF_2FA: z.enum(['required', 'optional', 'passkey']).default('required'),
    /**
     * The proxies in front of the server (DESIGN §4, client addresses): a hop count, or a
     * comma-separated list of addresses and ranges. Unset or `false`: none, whatever the
     * environment; the address the connection comes from is the client.
     */
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .transform((value, ctx): TrustedProxies => {
          const trusted = parseTrustedProxies(value);
          if (typeof trusted === 'string') {
            ctx.addIssue({ code: 'custom', message: trusted });
            return z.NEVER;
          }
          return trusted;
        })
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST: z.string().optional(),
    /** Whether the web app's source maps (`*.map`) are served; they are not unless asked for. */
    SERVE_SOURCE_MAPS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    /** Server processes sharing the port (main.ts, cluster.ts); PostgreSQL only. */
    WEB_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
    JOB_INTERVAL_MS: optionalInteger(0, 3_600_000),
    /** How far (a fraction, 0.005 = 0.5%) the book may move from an order's shown price. */
    PRICE_TOLERANCE: z.preprocess(emptyToUndefined, priceToleranceSchema.optional()),
    /** PRICE_FEED_URL, PRICE_FEED_INTERVAL_SECONDS, PRICE_FEED_STALE_AFTER_SECONDS (decision 029). */
    ...feed.priceFeedEnv,
    DATABASE_POOL_SIZE: optionalInteger(1, 1000),
    /** Where Prometheus scrapes /metrics (metrics/server.ts); unset: no metrics port. */
    METRICS_PORT: optionalInteger(0, 65535),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** How long a stopping process keeps serving while readiness says it stops (main.ts). */
    SHUTDOWN_DRAIN_MS: optionalInteger(0, 60_000),
    /** The most one deposit (card or bank transfer) may be, in US dollars. */
    DEPOSIT_LIMIT_USD: usdLimit('50000'),
    /** The most a customer's deposits of any 24 hours may add up to. */
    DEPOSIT_DAILY_LIMIT_USD: usdLimit('100000'),
    /** The most one withdrawal may be. */
    WITHDRAWAL_LIMIT_USD: usdLimit('50000'),
    /** The most a customer's withdrawals of any 24 hours may add up to. */
    WITHDRAWAL_DAILY_LIMIT_USD: usdLimit('100000'),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    // Both are SPKI PEM here, so the same key is the same text.
    const signingKey = env.SIGNING_KEY && ed25519PublicKeyOf(env.SIGNING_KEY)?.publicKeyPem;
    const sameAsCurrent = signingKey ? (env.SIGNING_KEY_PREVIOUS ?? []).indexOf(signingKey) : -1;
    if (sameAsCurrent !== -1) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNING_KEY_PREVIOUS'],
        message: `key ${sameAsCurrent + 1} is SIGNING_KEY's own: list the keys SIGNING_KEY replaced`,
      });
    }
    if (env.NODE_ENV === 'production' && !env.DATA_KEY) {
      ctx.addIssue({ code: 'custom', path: ['DATA_KEY'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && env.STAFF_2FA === 'optional') {
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_2FA'],
        message: 'cannot be optional in production: staff powers need a second factor',
      });
    }
    if (env.NODE_ENV === 'production' && !env.MAIL_URL) {
      // Without it mail would stay in the outbox, whose mailbox pages would hand anyone the
      // reset links and codes meant for customers.
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_URL'],
        message: 'is required in production (an smtp:// or smtps:// URL of the mail server)',
      });
    }
    for (const kind of ['DEPOSIT', 'WITHDRAWAL'] as const) {
      if (dec(env[`${kind}_LIMIT_USD`]).greaterThan(env[`${kind}_DAILY_LIMIT_USD`])) {
        ctx.addIssue({
          code: 'custom',
          path: [`${kind}_DAILY_LIMIT_USD`],
          message: `must be at least ${kind}_LIMIT_USD: one request could not be made`,
        });
      }
    }
    feed.checkPriceFeed(env, ctx);
    // Refused rather than quietly run as one process: whoever set it expects that many, and
    // PGlite is a database inside one process, which others cannot open beside it.
    if (env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'more than 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process',
      });
    }
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Where LISTEN connects: DATABASE_LISTEN_URL, else DATABASE_URL. */
  databaseListenUrl: string | undefined;
  /** Prepare the hot statements by name (off behind a transaction-mode pooler). */
  preparedStatements: boolean;
  dataDir: string;
  appUrl: string;
  mailUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  admin: { email: string; password: string } | undefined;
  dataKey: Buffer;
  /** DATA_KEY_PREVIOUS: read only (auth/data-keys.ts). */
  previousDataKeys: Buffer[];
  /** SIGNING_KEY as given (auth/signing-key.ts reads it), or undefined for the generated one. */
  signingKey: string | undefined;
  /** SIGNING_KEY_PREVIOUS's public keys, as SPKI PEM. */
  previousSigningKeys: string[];
  staff2fa: 'required' | 'optional' | 'passkey';
  /**
   * The proxies whose X-Forwarded-For entries are believed (Fastify's `trustProxy`): none
   * (false), the last n hops, or these addresses and ranges. The client is the right-most entry
   * no trusted proxy added.
   */
  trustProxy: TrustedProxies;
  logLevel: string;
  webDist: string;
  /** Serve the build's source maps, which spell out the web app's source: off by default. */
  serveSourceMaps: boolean;
  /** Server processes on the port: 1 runs in this process, more fork workers (cluster.ts). */
  webConcurrency: number;
  /**
   * PostgreSQL connections each process may open: four per core, at least 8. On two cores 8
   * served as many trades and summaries as 20, and 4 served half as many (bench/README.md).
   */
  databasePoolSize: number;
  /** How often each process runs due jobs (jobs/runner.ts); 0 runs none on a timer (tests). */
  jobIntervalMs: number;
  /** How far the book may move from an order's shown price before PRICE_CHANGED (decision 028). */
  priceTolerance: string;
  /** The price feed, polled by the job runner (decision 029). */
  priceFeed: feed.PriceFeedConfig;
  /** The metrics port and the address it listens on; undefined: none. */
  metrics: { port: number; host: string } | undefined;
  /**
   * After SIGTERM, how long the process goes on serving while /api/ready answers 503, so a
   * balancer's health check takes it out before it stops accepting: 5 s in production, else 0.
   */
  shutdownDrainMs: number;
  /**
   * The most one deposit or withdrawal may be, and what each kind's requests of any 24 hours may
   * add up to (features/banking/request-limits.ts), in US dollars with two decimals.
   */
  requestLimits: Record<'deposit' | 'withdrawal', { perRequest: string; daily: string }>;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * DATA_DIR as an absolute path, read without the rest of the configuration (which generates a
 * data key there where none is): npm runs workspace scripts inside the workspace; INIT_CWD is
 * where `npm start` was typed.
 */
export function configuredDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || './data');
}

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = configuredDataDir({ ...env, DATA_DIR: e.DATA_DIR });
  const dataKey = e.DATA_KEY ? Buffer.from(e.DATA_KEY, 'hex') : localDataKey(dataDir);
  const previousDataKeys = e.DATA_KEY_PREVIOUS ?? [];
  // Checked against the key in use, which may be the one generated into DATA_DIR.
  const keyProblem = previousDataKeysProblem(dataKey, previousDataKeys);
  if (keyProblem) {
    throw new ConfigError(`Invalid configuration:\n  DATA_KEY_PREVIOUS: ${keyProblem}`);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    dataDir,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    contactInbox: e.CONTACT_INBOX,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    dataKey,
    previousDataKeys,
    signingKey: e.SIGNING_KEY,
    previousSigningKeys: e.SIGNING_KEY_PREVIOUS ?? [],
    staff2fa: e.STAFF_2FA,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    serveSourceMaps: e.SERVE_SOURCE_MAPS === 'true',
    // One per core in production on PostgreSQL; PGlite is always one process.
    webConcurrency:
      e.WEB_CONCURRENCY ??
      (e.NODE_ENV === 'production' && e.DATABASE_URL ? os.availableParallelism() : 1),
    databasePoolSize: e.DATABASE_POOL_SIZE ?? Math.max(8, 4 * os.availableParallelism()),
    jobIntervalMs: e.JOB_INTERVAL_MS ?? 15_000,
    priceTolerance: e.PRICE_TOLERANCE ?? defaultPriceTolerance,
    priceFeed: feed.priceFeedConfigOf(e),
    metrics:
      e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
    requestLimits: {
      deposit: { perRequest: e.DEPOSIT_LIMIT_USD, daily: e.DEPOSIT_DAILY_LIMIT_USD },
      withdrawal: { perRequest: e.WITHDRAWAL_LIMIT_USD, daily: e.WITHDRAWAL_DAILY_LIMIT_USD },
    },
  };
}

/** No proxy, a number of proxy hops, or the proxies' addresses and ranges. */
export type TrustedProxies = false | number | string[];

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes a function: Fastify 5.12 no longer
 * takes a number (it would trust nothing), because a count believes whoever connects, so it is
 * right only where nothing but the proxies can reach the server (README, TRUST_PROXY).
 */
export function trustProxyOption(
  trusted: TrustedProxies,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trusted !== 'number') return trusted;
  // Hop 0 is the connection's own address, 1 the right-most X-Forwarded-For entry, and so on.
  return (_address, hop) => hop < trusted;
}

/** proxy-addr's names for the reserved ranges, which Fastify accepts beside addresses. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, or a range as address/prefix length or address/netmask (proxy-addr's forms). */
function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(mask) === 4 && isContiguousNetmask(mask);
}

/** 255.255.240.0, not 255.0.255.0: a netmask proxy-addr can turn into a prefix length. */
function isContiguousNetmask(mask: string): boolean {
  const bits = mask.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const inverted = 0xffffffff - bits;
  return (inverted & (inverted + 1)) === 0;
}

/**
 * TRUST_PROXY's value, or what is wrong with it. `true` is refused: it would believe every
 * X-Forwarded-For entry, so any caller could name its own address (rate limits, audit log).
 */
export function parseTrustedProxies(value: string): TrustedProxies | string {
  if (value === 'false') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  // A range of every address (0.0.0.0/0, ::/0) is `true` written another way.
  if (value === 'true' || entries.some((entry) => /\/0*(0|0\.0\.0\.0)$/.test(entry))) {
    return (
      `${value} would let any caller choose its own address; name the proxies instead: ` +
      'a hop count (1 behind one load balancer) or their addresses (10.0.0.0/8,192.0.2.7)'
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 100 ? (hops === 0 ? false : hops) : 'must be at most 100 hops';
  }
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return (
      `must be false, a hop count or a comma-separated list of addresses and ranges ` +
      `(10.0.0.0/8, 192.0.2.7, loopback); not ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`
    );
  }
  return entries;
}

/** A zod transform from a parser answering a value or what is wrong with the text. */
function parsedOrIssue<T>(parse: (value: string) => T | string) {
  return (value: string, ctx: z.RefinementCtx): T => {
    const parsed = parse(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  };
}

/** True when `text` is an Ed25519 private key in PKCS#8, as PEM or as base64 of its DER. */
export function isEd25519PrivateKey(text: string): boolean {
  try {
    const key = text.includes('-----BEGIN')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/** Outside production a key is generated once into DATA_DIR, so documents survive restarts. */
function localDataKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'data.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
