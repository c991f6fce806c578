import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseTarget } from './db/database';
import type { S3Settings } from './lib/file-store';
import { HUB88_DEFAULT_TOKEN_TTL_SECONDS, type Hub88Settings } from './modules/hub88/hub88-setup';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  // A streaming replica for the reads that may be a moment old (issue 54), and the lag above which they
  // go to the primary instead.
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).default(5_000),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  ADMIN_DIST: z.string().default(path.join(repoRoot, 'apps/admin/dist')),
  DEFAULT_MERCHANT: z.string().default('panalo'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Panalo <no-reply@panalo.localhost>'),
  NODE_ENV: z.string().default('development'),
  DEV_TOOLS: z.enum(['0', '1']).optional(),
  PAYSIM: z.enum(['0', '1']).optional(),
  PAYSIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PAYSIM_CHAOS: z.enum(['0', '1']).default('0'),
  PAYSIM_CALLBACK_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  VENDORSIM: z.enum(['0', '1']).optional(),
  VENDORSIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  VENDORSIM_CALLBACK_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Uploaded files in an S3-compatible bucket instead of DATA_DIR/uploads (all five, or none).
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Hub88 (modules/hub88): all four of URL, operator id and both key files, or none (the demo's Hub88).
  HUB88_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  HUB88_OPERATOR_ID: z.coerce.number().int().positive().optional(),
  HUB88_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  HUB88_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  HUB88_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(HUB88_DEFAULT_TOKEN_TTL_SECONDS),
  // Sanctions/PEP screening list (id,list,name,birth_date,source); the demo's fictitious list when absent.
  SCREENING_LIST_FILE: z.string().min(1).optional(),
  // The phone-verification service's published keys (Firebase Authentication's when absent).
  PHONE_VERIFY_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseTarget;
  /** Where uploaded files are kept (DATA_DIR/uploads) unless s3 is set. */
  uploadsDir: string;
  /** An S3-compatible bucket for uploaded files (S3_* settings), or null: DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** The phone-verification service's published keys; Firebase Authentication's when undefined. */
  phoneJwksUrl: string | undefined;
  trustProxy: boolean | string;
  logLevel: string;
  webDist: string | null;
  /** The operator console (apps/admin/dist), served at /admin/. */
  adminDist: string | null;
  defaultMerchant: string;
  rateLimitPerMinute: number;
  seed: 'demo' | 'none';
  /** SMTP server for e-mail; without it e-mail goes to the development outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Development conveniences such as the outbox page: on unless NODE_ENV=production (DEV_TOOLS overrides). */
  devTools: boolean;
  /**
   * The PaySim payment simulator on loopback: on with the development tools unless PAYSIM says otherwise.
   * callbackBaseUrl is where it reaches our API (default http://127.0.0.1:<our port>).
   */
  paysim: { enabled: boolean; port: number; chaos: boolean; callbackBaseUrl: string | undefined };
  /** Where the simulators keep their books across restarts (DATA_DIR/simulators). */
  simulatorsDir: string;
  /** The sanctions/PEP list file (SCREENING_LIST_FILE), or undefined: the demo's. */
  screeningList: string | undefined;
  /**
   * The game vendor simulator (PSIM) on loopback, hosting the demo vendors' games: on with the development
   * tools unless VENDORSIM says otherwise. callbackBaseUrl is where it reaches our API.
   */
  vendorSim: { enabled: boolean; port: number; callbackBaseUrl: string | undefined };
  /** Hub88's settings; null: the demo's Hub88 (the simulator, with keys made at start). */
  hub88: Hub88Settings | null;
}

/** The Hub88 settings when any is given; a partial set is a configuration error. */
function hub88Of(e: z.infer<typeof env>): Hub88Settings | null {
  const given = [e.HUB88_API_URL, e.HUB88_OPERATOR_ID, e.HUB88_PUBLIC_KEY_FILE, e.HUB88_PRIVATE_KEY_FILE];
  if (given.every((v) => v === undefined)) return null;
  if (!e.HUB88_API_URL || !e.HUB88_OPERATOR_ID || !e.HUB88_PUBLIC_KEY_FILE || !e.HUB88_PRIVATE_KEY_FILE) {
    throw new Error(
      'Invalid configuration:\n  HUB88_*: HUB88_API_URL, HUB88_OPERATOR_ID, HUB88_PUBLIC_KEY_FILE and HUB88_PRIVATE_KEY_FILE go together',
    );
  }
  return {
    apiUrl: e.HUB88_API_URL,
    operatorId: e.HUB88_OPERATOR_ID,
    publicKeyFile: e.HUB88_PUBLIC_KEY_FILE,
    privateKeyFile: e.HUB88_PRIVATE_KEY_FILE,
    tokenTtlSeconds: e.HUB88_TOKEN_TTL_SECONDS,
  };
}

/** The S3 settings when the bucket is named; a partial set is a configuration error, not a silent fallback. */
function s3Of(e: z.infer<typeof env>): S3Settings | null {
  if (!e.S3_BUCKET && !e.S3_ENDPOINT) return null;
  if (!e.S3_BUCKET || !e.S3_ENDPOINT || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration:\n  S3_*: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          ...(e.DATABASE_READ_URL
            ? { readUrl: e.DATABASE_READ_URL, maxReadLagMs: e.DATABASE_READ_MAX_LAG_MS }
            : {}),
        }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) },
    uploadsDir: path.join(path.resolve(e.DATA_DIR), 'uploads'),
    simulatorsDir: path.join(path.resolve(e.DATA_DIR), 'simulators'),
    screeningList: e.SCREENING_LIST_FILE ? path.resolve(e.SCREENING_LIST_FILE) : undefined,
    s3: s3Of(e),
    phoneJwksUrl: e.PHONE_VERIFY_JWKS_URL,
    trustProxy: e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    adminDist: e.ADMIN_DIST,
    defaultMerchant: e.DEFAULT_MERCHANT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    seed: e.SEED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devTools: e.DEV_TOOLS === undefined ? e.NODE_ENV !== 'production' : e.DEV_TOOLS === '1',
    paysim: {
      enabled: e.PAYSIM === undefined ? e.NODE_ENV !== 'production' : e.PAYSIM === '1',
      port: e.PAYSIM_PORT,
      chaos: e.PAYSIM_CHAOS === '1',
      callbackBaseUrl: e.PAYSIM_CALLBACK_BASE_URL,
    },
    vendorSim: {
      enabled: e.VENDORSIM === undefined ? e.NODE_ENV !== 'production' : e.VENDORSIM === '1',
      port: e.VENDORSIM_PORT,
      callbackBaseUrl: e.VENDORSIM_CALLBACK_BASE_URL,
    },
    hub88: hub88Of(e),
  };
}
