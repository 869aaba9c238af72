/**
 * Every environment variable the server reads, validated in one place.
 * Development generates its session secret into DATA_DIR so sessions survive a restart;
 * production refuses to start without real secrets, Google credentials and https, and
 * without ZATCA's API, the key that encrypts e-invoicing keys at rest and the platform's
 * seller account.
 */
import { z } from 'zod';
import path from 'node:path';
import crypto from 'node:crypto';
import { developmentMoyasar, developmentSecret, developmentVapidKeys, developmentWathqKey } from './development-settings';
import type { S3Settings } from './storage/s3';

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_REPLICA_URL: z.string().min(1).optional(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3600_000).default(10_000),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_KEY_PREFIX: z.string().default('binaa:'),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: csv,
  OWNER_EMAIL: z.string().optional().transform((v) => v?.trim().toLowerCase() || undefined),
  PLATFORM_SELLER_EMAIL: z.string().optional().transform((v) => v?.trim().toLowerCase() || undefined),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false', 'on', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_CLOCK: z.enum(['0', '1']).optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  // The ocid prefix of the open data (an ocid is the prefix, a hyphen and the project's id):
  // letters, digits and hyphens, as the prefixes the Open Contracting Partnership registers.
  OCDS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/, 'OCDS_PREFIX: letters, digits and single hyphens, like ocds-a1b2c3')
    .max(64)
    .default('ocds-binaa'),
  STANDSTILL_DAYS: z.coerce.number().int().min(0).max(60).default(5),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  VAPID_PUBLIC_KEY: z.string().regex(/^[\w-]{80,100}$/, 'VAPID_PUBLIC_KEY must be the base64url public key (npx web-push generate-vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[\w-]{40,50}$/, 'VAPID_PRIVATE_KEY must be the base64url private key').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL').optional(),
  PUSH_SERVICE_HOSTS: csv,
  EINVOICING_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'EINVOICING_KEY must be 32 random bytes in base64 (openssl rand -base64 32)')
    .optional(),
  ZATCA_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  MOYASAR_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'MOYASAR_PUBLISHABLE_KEY must be a pk_test_ or pk_live_ key').optional(),
  MOYASAR_SECRET_KEY: z.string().regex(/^sk_(test|live)_\w+$/, 'MOYASAR_SECRET_KEY must be an sk_test_ or sk_live_ key').optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().min(16, 'MOYASAR_WEBHOOK_SECRET: the secret token of the webhook set in Moyasar (16+ characters)').optional(),
  MOYASAR_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  WATHQ_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  WATHQ_API_KEY: z.string().min(8, "WATHQ_API_KEY: the consumer key of the application on Wathq's developer portal").optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: 16+ random characters (openssl rand -hex 16)').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
  SHUTDOWN_UNREADY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});

/**
 * The e-invoicing key outside production when EINVOICING_KEY is unset: derived from this
 * fixed, public text, so a development database's encrypted keys open on any machine, and
 * useless as a secret (which is why production refuses to start without its own key).
 */
const DEVELOPMENT_EINVOICING_KEY = crypto.createHash('sha256').update('binaa development e-invoicing key (public, never production)').digest();

/** The platform seller outside production: the demo seed's Binaa Market company, with the platform's tax profile. */
const DEVELOPMENT_PLATFORM_SELLER = 'billing@demo.binaa.sa';

/** Where the development ZATCA (server/modules/e-invoicing/dev-zatca.ts) is mounted. */
export const DEV_ZATCA_PREFIX = '/dev-zatca';

/** Where the development commercial register (server/modules/commercial-register/dev-wathq.ts) is mounted. */
export const DEV_WATHQ_PREFIX = '/dev-wathq';

/** Where the development Moyasar (server/modules/card-gateway/dev-moyasar/) is mounted. */
export const DEV_MOYASAR_PREFIX = '/dev-moyasar';

/**
 * Which of ZATCA's environments a base URL is (the CSR's certificate template names it):
 * its developer portal, its simulation, or production. The development ZATCA is a
 * developer portal.
 */
function zatcaEnvironmentOf(url: string | undefined): 'development' | 'simulation' | 'production' {
  if (!url || /developer-portal/i.test(url)) return 'development';
  return /simulation/i.test(url) ? 'simulation' : 'production';
}

/**
 * The push services browsers subscribe with (Chrome and Edge through FCM, Firefox,
 * Safari, older Edge through WNS). `*.` matches any subdomain. A subscription's endpoint
 * is a URL the browser hands over, so only these hosts are ever sent to.
 */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export interface Config {
  env: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  publicUrl: string;
  https: boolean;
  databaseUrl?: string;
  /** a streaming replica of DATABASE_URL (DATABASE_REPLICA_URL) for guests' reads while it is at most `maxLagMs` behind (db/replica.ts) */
  replica?: { url: string; maxLagMs: number };
  /**
   * Redis (REDIS_URL) for what several app processes must share: the rate limits'
   * counters, under keys starting with REDIS_KEY_PREFIX (default "binaa:"; apps sharing
   * one Redis each need their own). Unset: in the process's memory.
   */
  redis?: { url: string; keyPrefix: string };
  dataDir: string;
  sessionSecret: string;
  google?: { clientId: string; clientSecret: string };
  adminEmails: string[];
  ownerEmail?: string;
  /**
   * The account whose company is the platform, the seller of every plan's tax invoice
   * (PLATFORM_SELLER_EMAIL); outside production the demo seed's Binaa Market account. A
   * supplier company, as e-invoicing units are suppliers'; its unit is onboarded as any seller's.
   */
  platformSellerEmail: string;
  seedDemo: boolean;
  logLevel: string;
  /**
   * How many reverse proxies stand in front of the app, each adding the address it was
   * reached from to X-Forwarded-For. The client's address is that many entries from the
   * right; anything further left was written by the client and is not believed. 0: no
   * proxy, the socket's address, and no X-Forwarded-* header is trusted.
   */
  trustProxyHops: number;
  /** the ocid prefix of the OCDS open data: an ocid is `${ocdsPrefix}-${project id}` */
  ocdsPrefix: string;
  /** POST /api/test/clock moves the deadline calendar (browser tests; never production) */
  testClock: boolean;
  /**
   * Days an award waits, after it is made, for losing bidders' objections before it
   * becomes final (0: final at once).
   */
  standstillDays: number;
  /**
   * Where uploads and photo files are kept: an S3-compatible bucket when S3_BUCKET is set
   * (with its keys), else DATA_DIR (uploads/ for unfinished uploads, media/ for photos).
   */
  s3?: S3Settings;
  /**
   * Web Push. `vapid` is null when push is off (production without the VAPID_* variables);
   * development keeps a generated pair in DATA_DIR. `hosts`: the push services sent to.
   */
  push: { vapid: { publicKey: string; privateKey: string; subject: string } | null; hosts: string[] };
  /** the live stream's heartbeat, a comment line that keeps proxies from closing it */
  live: { heartbeatMs: number };
  /**
   * E-invoicing. `key`: AES-256-GCM key of the units' private keys and ZATCA secrets at
   * rest (EINVOICING_KEY; outside production without it, DEVELOPMENT_EINVOICING_KEY).
   * `zatcaApiUrl`: ZATCA's API base (ZATCA_API_URL); unset outside production, this
   * server's development ZATCA at `${publicUrl}/dev-zatca`, and `devZatca` is true.
   */
  einvoicing: { key: Buffer; zatcaApiUrl: string; devZatca: boolean; environment: 'development' | 'simulation' | 'production' };
  /**
   * The card gateway, Moyasar (MOYASAR_*). `apiUrl`: its API base (MOYASAR_API_URL, default
   * https://api.moyasar.com/v1); with the keys unset outside production, this server's
   * development gateway at `${publicUrl}/dev-moyasar/v1` with development keys, and `dev`
   * is true. Production refuses to start without the three keys (plans are paid for).
   */
  moyasar: { publishableKey: string; secretKey: string; webhookSecret: string; apiUrl: string; dev: boolean };
  /**
   * The commercial register, through Wathq (WATHQ_API_URL, e.g. https://api.wathq.sa/v4,
   * and WATHQ_API_KEY); both unset outside production, this server's development register
   * at `${publicUrl}/dev-wathq/v4` with a development key, and `dev` is true.
   */
  wathq: { apiUrl: string; apiKey: string; dev: boolean };
  /** GET /metrics: with `token` (METRICS_TOKEN) for a bearer of it only; without, served outside production, off in production */
  metrics: { token?: string };
  /** SIGTERM (lifecycle/shutdown.ts): unready (ready: 503) for `unreadyMs` while still accepting, then drained, all within `timeoutMs` */
  shutdown: { timeoutMs: number; unreadyMs: number };
  /** rate limits; tests lower or raise them */
  limits: { perUserPerMinute: number; loginFailuresPer15Min: number; quickSignupPerHour: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const https = publicUrl.startsWith('https://');

  if (production) {
    const missing: string[] = [];
    if (!e.SESSION_SECRET) missing.push('SESSION_SECRET (32+ random characters)');
    if (!e.GOOGLE_CLIENT_ID) missing.push('GOOGLE_CLIENT_ID');
    if (!e.GOOGLE_CLIENT_SECRET) missing.push('GOOGLE_CLIENT_SECRET');
    if (!https) missing.push('PUBLIC_URL starting with https://');
    if (!e.EINVOICING_KEY) missing.push('EINVOICING_KEY (32 random bytes, base64)');
    if (!e.ZATCA_API_URL) missing.push("ZATCA_API_URL (ZATCA's simulation or production API; the development ZATCA never runs in production)");
    if (!(e.MOYASAR_PUBLISHABLE_KEY && e.MOYASAR_SECRET_KEY && e.MOYASAR_WEBHOOK_SECRET)) {
      missing.push('MOYASAR_PUBLISHABLE_KEY, MOYASAR_SECRET_KEY and MOYASAR_WEBHOOK_SECRET (plans are paid for by card; the development gateway never runs in production)');
    }
    if (!(e.WATHQ_API_URL && e.WATHQ_API_KEY)) {
      missing.push("WATHQ_API_URL and WATHQ_API_KEY (the commercial register's API that verifies companies; the development register never runs in production)");
    }
    if (!e.PLATFORM_SELLER_EMAIL) missing.push("PLATFORM_SELLER_EMAIL (the account whose company is the platform, the seller of the plans' tax invoices)");
    if (e.TEST_CLOCK === '1') throw new ConfigError('Refusing to start in production with TEST_CLOCK=1 (it lets anyone move deadlines).');
    if (missing.length) {
      throw new ConfigError(
        `Refusing to start in production without: ${missing.join(', ')}. ` +
          'Set them in the environment (see README, Configuration).',
      );
    }
  }

  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) throw new ConfigError('DATABASE_REPLICA_URL is a replica of a Postgres primary: set DATABASE_URL too (the embedded PGlite has none).');
  if (e.SHUTDOWN_UNREADY_MS >= e.SHUTDOWN_TIMEOUT_MS) throw new ConfigError('SHUTDOWN_UNREADY_MS must be shorter than SHUTDOWN_TIMEOUT_MS.');
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_BUCKET is set without S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  }

  if (!!e.WATHQ_API_URL !== !!e.WATHQ_API_KEY) throw new ConfigError('Set WATHQ_API_URL and WATHQ_API_KEY together (or neither, for the development register).');
  const moyasarKeys = [e.MOYASAR_PUBLISHABLE_KEY, e.MOYASAR_SECRET_KEY, e.MOYASAR_WEBHOOK_SECRET].filter(Boolean).length;
  if (moyasarKeys !== 0 && moyasarKeys !== 3) throw new ConfigError('Set MOYASAR_PUBLISHABLE_KEY, MOYASAR_SECRET_KEY and MOYASAR_WEBHOOK_SECRET together (or none, for the development gateway).');
  const sessionSecret = e.SESSION_SECRET ?? developmentSecret(path.resolve(e.DATA_DIR));

  const seedDefault = !e.DATABASE_URL;
  const seedDemo = e.SEED_DEMO === undefined ? seedDefault : ['1', 'true', 'on'].includes(e.SEED_DEMO);

  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    publicUrl,
    https,
    databaseUrl: e.DATABASE_URL,
    replica: e.DATABASE_REPLICA_URL ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.REPLICA_MAX_LAG_MS } : undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    dataDir: path.resolve(e.DATA_DIR),
    sessionSecret,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
    adminEmails: e.ADMIN_EMAILS,
    testClock: e.TEST_CLOCK === '1',
    ownerEmail: e.OWNER_EMAIL,
    platformSellerEmail: e.PLATFORM_SELLER_EMAIL ?? DEVELOPMENT_PLATFORM_SELLER,
    seedDemo,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY_HOPS ?? (production ? 1 : 0),
    ocdsPrefix: e.OCDS_PREFIX,
    standstillDays: e.STANDSTILL_DAYS,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // A self-hosted endpoint (MinIO, s3rver) usually has no bucket subdomains.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['1', 'true'].includes(e.S3_FORCE_PATH_STYLE) : !!e.S3_ENDPOINT,
          }
        : undefined,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? `mailto:admin@${new URL(publicUrl).hostname}` }
          : production
            ? null
            : { ...developmentVapidKeys(path.resolve(e.DATA_DIR)), subject: e.VAPID_SUBJECT ?? 'mailto:dev@localhost' },
      hosts: e.PUSH_SERVICE_HOSTS.length ? e.PUSH_SERVICE_HOSTS : DEFAULT_PUSH_SERVICE_HOSTS,
    },
    einvoicing: {
      key: e.EINVOICING_KEY ? Buffer.from(e.EINVOICING_KEY, 'base64') : DEVELOPMENT_EINVOICING_KEY,
      zatcaApiUrl: (e.ZATCA_API_URL ?? `${publicUrl}${DEV_ZATCA_PREFIX}`).replace(/\/$/, ''),
      devZatca: !e.ZATCA_API_URL,
      environment: zatcaEnvironmentOf(e.ZATCA_API_URL),
    },
    moyasar:
      e.MOYASAR_PUBLISHABLE_KEY && e.MOYASAR_SECRET_KEY && e.MOYASAR_WEBHOOK_SECRET
        ? {
            publishableKey: e.MOYASAR_PUBLISHABLE_KEY,
            secretKey: e.MOYASAR_SECRET_KEY,
            webhookSecret: e.MOYASAR_WEBHOOK_SECRET,
            apiUrl: (e.MOYASAR_API_URL ?? 'https://api.moyasar.com/v1').replace(/\/$/, ''),
            dev: false,
          }
        : developmentMoyasar(`${publicUrl}${DEV_MOYASAR_PREFIX}/v1`, sessionSecret),
    wathq:
      e.WATHQ_API_URL && e.WATHQ_API_KEY
        ? { apiUrl: e.WATHQ_API_URL.replace(/\/$/, ''), apiKey: e.WATHQ_API_KEY, dev: false }
        : { apiUrl: `${publicUrl}${DEV_WATHQ_PREFIX}/v4`, apiKey: developmentWathqKey(sessionSecret), dev: true },
    live: { heartbeatMs: 25_000 },
    metrics: { token: e.METRICS_TOKEN },
    shutdown: { timeoutMs: e.SHUTDOWN_TIMEOUT_MS, unreadyMs: e.SHUTDOWN_UNREADY_MS },
    limits: { perUserPerMinute: 600, loginFailuresPer15Min: 10, quickSignupPerHour: 5 },
  };
}
