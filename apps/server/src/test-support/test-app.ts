import type { FileStore } from '../lib/file-store';
import type { ReadDatabase } from '../db/read-replica';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { fixedClock } from '../lib/clock';
import { createIpCountryLookup, type IpCountryLookup } from '../modules/geo/ip-country';
import { buildContext } from '../app-context';
import type { Messaging } from '../modules/messaging/messaging';
import { openTestDatabase, TEST_NOW } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ReturnType<typeof fixedClock>;
  /** inject with the JSON body parsed. */
  request<T = unknown>(
    opts: InjectOptions,
  ): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

let sharedGeo: IpCountryLookup | undefined;

/** The real app on a fresh database (PGlite or PostgreSQL, by project), with a fixed clock at TEST_NOW. */
export async function createTestApp(
  opts: {
    webDist?: string | null;
    adminDist?: string | null;
    rateLimitPerMinute?: number;
    merchantCacheMs?: number;
    /** Session reads reused for this long (ms); off unless a test is about it. */
    sessionCacheMs?: number;
    /** Delivery adapters; the development outbox (readable by the test) when omitted. */
    messaging?: Messaging;
    /** Development tools (the outbox page); on unless a test needs production behaviour. */
    dev?: boolean;
    /** Where uploads go; a temporary folder when omitted. */
    files?: FileStore;
    /** Wraps the reads that may be a moment old (a test that watches which routes use them). */
    reads?: (reads: ReadDatabase) => ReadDatabase;
  } = {},
): Promise<TestApp> {
  const handle = await openTestDatabase();
  const clock = fixedClock(TEST_NOW);
  sharedGeo ??= createIpCountryLookup();
  const ctx: AppContext = buildContext(handle, {
    clock,
    geo: sharedGeo,
    defaultMerchant: 'panalo',
    merchantCacheMs: opts.merchantCacheMs ?? 0,
    sessionCacheMs: opts.sessionCacheMs ?? 0,
    ...(opts.messaging ? { messaging: opts.messaging } : {}),
    ...(opts.files ? { files: opts.files } : {}),
    dev: opts.dev ?? true,
  });
  if (opts.reads) ctx.reads = opts.reads(ctx.reads);
  const app = await buildApp({
    ctx,
    logLevel: 'silent',
    webDist: opts.webDist ?? null,
    adminDist: opts.adminDist ?? null,
    rateLimitPerMinute: opts.rateLimitPerMinute ?? 10_000,
  });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    async request<T>(o: InjectOptions) {
      const res = await app.inject(o);
      const type = String(res.headers['content-type'] ?? '');
      return {
        status: res.statusCode,
        body: (type.includes('json') ? res.json() : res.body) as T,
        headers: res.headers,
      };
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
