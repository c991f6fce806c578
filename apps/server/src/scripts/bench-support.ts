// Long file: what every PostgreSQL bench shares, so that each bench script stays short.
// What the PostgreSQL benchmarks (bench-wallet, bench-games) share: a scratch database, the timed driver
// loop, percentiles, the `bench <name>: …` line, the API server in a worker thread and the vendor bet
// callback client. When loaded as that worker (workerData.benchServe), this module serves the app.
import net from 'node:net';
import { createPublicKey, randomBytes } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { demoHub88 } from '../modules/hub88/hub88-setup';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { buildContext } from '../app-context';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { transactionRetries } from '../db/transaction';
import { systemClock } from '../lib/clock';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { createIpCountryLookup } from '../modules/geo/ip-country';
import { issueLaunchToken } from '../modules/game-wallet/game-launch';
import { DEMO_VENDOR } from '../modules/game-wallet/game-wallet.seed';
import { signBody, SIGNATURE_HEADER } from '../modules/game-wallet/vendor-auth';
import { fundWallet } from '../modules/game-wallet/vendor-client';
import { sessionsRepository } from '../modules/identity/sessions.repository';
import { sessionsService } from '../modules/identity/sessions.service';
import { benchHeader, benchLine, refusedLine } from '../../../../scripts/bench-lines.mjs';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
export const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const WARMUP_MS = 1_000;

/** What one operation of a phase came to: null when it succeeded, else the refusal's message key. */
export type Outcome = string | null;

export interface Figures {
  /** Operations that succeeded: the only ones in the rate and the latencies. */
  count: number;
  /** Operations refused (any answer but success), by message key. */
  refused: Map<string, number>;
  seconds: number;
  latencies: number[];
}

export const refusedCount = (f: Figures) => [...f.refused.values()].reduce((a, b) => a + b, 0);

/** The PostgreSQL server to bench on, or undefined (the caller prints its skip line). */
export function benchBaseUrl(): string | undefined {
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  return base?.startsWith('postgres') ? base : undefined;
}

const withDb = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(base: string, text: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Runs `work` on a fresh database of the server at `base`, dropped afterwards whatever happens. */
export async function withScratchDatabase(base: string, work: (url: string) => Promise<void>): Promise<void> {
  const name = `panalo_bench_${randomBytes(5).toString('hex')}`;
  await admin(base, `create database ${name}`);
  try {
    await work(withDb(base, name));
  } finally {
    // BENCH_KEEP_DATABASE=1 leaves it for a look at the plans (its name on stderr).
    if (process.env.BENCH_KEEP_DATABASE) console.error(`kept database ${name}`);
    else await admin(base, `drop database if exists ${name} with (force)`);
  }
}

/**
 * Runs `work` from CLIENTS loops for PHASE_MS (after a short warm-up). Only operations that succeeded
 * count towards the rate and the latencies; refusals are counted apart, by message key.
 */
export async function drive(
  work: (client: number) => Promise<Outcome>,
  {
    clients = CLIENTS,
    phaseMs = PHASE_MS,
    warmupMs = WARMUP_MS,
    onMeasure,
  }: { clients?: number; phaseMs?: number; warmupMs?: number; onMeasure?: () => void } = {},
): Promise<Figures> {
  const latencies: number[] = [];
  const refused = new Map<string, number>();
  let count = 0;
  let measuring = false;
  let stop = false;
  const loops = Array.from({ length: clients }, async (_, i) => {
    while (!stop) {
      const t0 = performance.now();
      const outcome = await work(i);
      if (measuring && !stop) {
        if (outcome === null) {
          count++;
          latencies.push(performance.now() - t0);
        } else refused.set(outcome, (refused.get(outcome) ?? 0) + 1);
      }
    }
  });
  await new Promise((r) => setTimeout(r, warmupMs));
  onMeasure?.();
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, phaseMs));
  stop = true;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(loops);
  return { count, refused, seconds, latencies };
}

export const perSecond = (f: Figures) => f.count / f.seconds;

/** The q-quantile (0 < q < 1) of the samples, by the nearest rank below; NaN when there are none. */
export function percentile(samples: readonly number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? Number.NaN;
}

export const p99 = (f: Figures) => percentile(f.latencies, 0.99);

/** Prints one budget line (scripts/bench-lines.mjs); a phase that measured nothing FAILs. */
export const line = benchLine;

/** Prints the refusals of a phase as their own budget line (at most 0.1 % of what it attempted). */
export function refusals(name: string, f: Figures, expected?: number) {
  const attempted = f.count + refusedCount(f);
  refusedLine(name, refusedCount(f), attempted, { expected, byCode: Object.fromEntries(f.refused) });
}

/** The server's version, as the first lines of a bench print it. */
async function serverVersion(base: string): Promise<string> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    const r = await c.query<{ v: string }>('select version() as v');
    return r.rows[0]?.v ?? 'PostgreSQL (version unknown)';
  } finally {
    await c.end();
  }
}

/**
 * A PostgreSQL bench's entry point: the header (machine, database, commit), then `bench` on a scratch
 * database; a skip line without a server.
 */
export function runBench(name: string, bench: (url: string) => Promise<void>): void {
  const base = benchBaseUrl();
  if (!base) {
    console.log(`info ${name}: skipped (set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)`);
    return;
  }
  serverVersion(base)
    .then((version) => {
      benchHeader(version);
      return withScratchDatabase(base, async (url) => {
        const before = await deadlocksOf(url);
        const retriedBefore = retriesSoFar();
        await bench(url);
        await contentionLines(name, url, before, retriedBefore);
      });
    })
    .catch((err: unknown) => {
      console.error(err);
      console.log(`bench ${name}: error (see above) FAIL`);
      process.exitCode = 1;
    });
}

/** The deadlocks PostgreSQL has counted in a database (pg_stat_database). */
async function deadlocksOf(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      'select deadlocks::text as n from pg_stat_database where datname = current_database()',
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

/** The transactions retried so far: this thread's and the API workers' that have closed. */
const retriesSoFar = () => transactionRetries.retried + workerRetries.retried;

/**
 * Contention, as every PostgreSQL bench ends (issue 47): the deadlocks PostgreSQL counted in the bench's
 * database while it ran, and the transactions the transaction helper had to retry — none, when every
 * path keeps the one lock order.
 */
async function contentionLines(name: string, url: string, deadlocksBefore: number, retriedBefore: number) {
  // Backends report their counters when their transactions end, at most once a second: let them.
  await new Promise((r) => setTimeout(r, 1_100));
  benchLine(`${name}-deadlocks`, (await deadlocksOf(url)) - deadlocksBefore, 'deadlocks', '<=', 0);
  benchLine(`${name}-retries`, retriesSoFar() - retriedBefore, 'retries', '<=', 0);
  if (transactionRetries.exhausted + workerRetries.exhausted > 0)
    benchLine(
      `${name}-retries-exhausted`,
      transactionRetries.exhausted + workerRetries.exhausted,
      'transactions',
      '<=',
      0,
    );
}

/** What the API workers retried, reported by each as it closes. */
const workerRetries = { retried: 0, exhausted: 0 };

/** The message key of a refused answer: its JSON `code`, else the HTTP status. */
export function refusalCode(res: { status: number; body: string }): string {
  try {
    return (JSON.parse(res.body) as { code?: string }).code ?? String(res.status);
  } catch {
    return String(res.status);
  }
}

/**
 * The daily rebate (DAILY-REBATE) of `day` worked out apart from the run, for the members whose username is
 * like `members`: per member, the bets' turnover per product times the level's rate, rounded down per
 * product, capped by the day's maximum, nothing under the minimum; and how many of the run's claims differ.
 */
export async function expectedPromotionRebate(
  db: Database,
  rebate: { id: bigint; reward: unknown },
  day: string,
  members: string,
) {
  const reward = rebate.reward as { rates: Record<string, number[]>; min: string; max: string };
  return sql<{ n: string; total: string; bets: string; mismatched: string }>`
      with r as (select key as product, value as rates from jsonb_each(${JSON.stringify(reward.rates)}::jsonb)),
      t as (
        select d.member_id, sum(d.bets - d.refunds) as turnover, d.product, m.vip_level
        from member_day d join member m on m.id = d.member_id
        where d.day = ${day}::date and m.username like ${members} and d.product <> ''
        group by d.member_id, d.product, m.vip_level
      ),
      a as (
        select t.member_id, sum(div(t.turnover * (r.rates ->> least(t.vip_level, jsonb_array_length(r.rates) - 1))::int, 10000))::bigint as amount
        from t join r on r.product = t.product group by t.member_id
      ),
      e as (select member_id, least(amount, ${reward.max}::bigint) as amount from a
            where least(amount, ${reward.max}::bigint) >= ${reward.min}::bigint),
      c as (select member_id, amount from promotion_claim
            where promotion_id = ${rebate.id}::bigint and period_key = ${day})
      select (select count(*) from e)::text as n, (select coalesce(sum(amount), 0) from e)::text as total,
        (select sum(bet_count) from member_day where day = ${day}::date)::text as bets,
        (select count(*) from e full join c using (member_id) where e.amount is distinct from c.amount)::text as mismatched`.execute(
    db,
  );
}

/** The demo merchant (panalo) and the secret its demo vendor signs wallet callbacks with. */
export async function demoMerchant(db: Database) {
  const merchant = await db
    .selectFrom('merchant')
    .select(['id', 'currency'])
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  const vendor = await db
    .selectFrom('game_vendor')
    .select('hmac_secret')
    .where('merchant_id', '=', merchant.id)
    .where('code', '=', DEMO_VENDOR.code)
    .executeTakeFirstOrThrow();
  return { merchant, vendorSecret: vendor.hmac_secret };
}

/**
 * A 5D bet of a generated series, its bet type and selection cycling through the game's six bet types:
 * the columns (bet_type, selection, amount, units, stake) from `g.t` (g % 6) and `g.d` ((g / 6) % 10).
 * bench:lottery's and bench:scale's periods.
 */
export const FIVE_D_BET_MIX = sql`
      (array['position', 'positionSize', 'positionParity', 'sum', 'sumSize', 'sumParity'])[g.t + 1],
      case g.t
        when 0 then (array['A','B','C','D','E'])[g.d % 5 + 1] || ':' || g.d
        when 1 then (array['A','B','C','D','E'])[g.d % 5 + 1] || ':' || (case when g.d < 5 then 'big' else 'small' end)
        when 2 then (array['A','B','C','D','E'])[g.d % 5 + 1] || ':' || (case when g.d % 2 = 0 then 'odd' else 'even' end)
        when 3 then (15 + g.d)::text
        when 4 then case when g.d < 5 then 'big' else 'small' end
        else case when g.d % 2 = 0 then 'odd' else 'even' end
      end,
      100 * (1 + g.d % 5), 1, 100 * (1 + g.d % 5)`;

/**
 * `count` members of the demo merchant named `prefix`0, `prefix`1, …, each funded with `funds` (1,000,000.00
 * unless said) and, with `sessions`, signed in (`token`: a member session's Bearer token, else null).
 */
export async function benchMembers(
  db: Database,
  count: number,
  o: { prefix: string; funds?: bigint; sessions?: boolean },
) {
  const { merchant, vendorSecret } = await demoMerchant(db);
  const sessions = sessionsService(sessionsRepository(db), systemClock);
  const device = { device: 'bench', ip: '127.0.0.1', userAgent: 'bench' };
  const members: { id: bigint; type: number; token: string | null }[] = [];
  for (let i = 0; i < count; i++) {
    const m = await db
      .insertInto('member')
      .values({ merchant_id: merchant.id, username: `${o.prefix}${i}`, password_hash: 'bench-no-login' })
      .returning(['id', 'type'])
      .executeTakeFirstOrThrow();
    await fundWallet(db, {
      merchantId: merchant.id,
      memberId: m.id,
      currency: merchant.currency,
      amount: o.funds ?? 100_000_000n,
      key: `${o.prefix}${i}`,
    });
    const token = o.sessions
      ? (await sessions.issue({ merchantId: merchant.id, memberId: m.id, ...device })).token
      : null;
    members.push({ id: m.id, type: m.type, token });
  }
  return { merchant, vendorSecret, members };
}

/** Players for the bet callback: `count` funded panalo members, each with a launch token of the demo vendor. */
export async function benchPlayers(
  db: Database,
  count: number,
  o: { vendorCode?: string; prefix?: string } = {},
): Promise<{ tokens: string[]; secret: string; memberIds: bigint[] }> {
  const { merchant, vendorSecret, members } = await benchMembers(db, count, { prefix: o.prefix ?? 'bench' });
  const tokens: string[] = [];
  for (const m of members) {
    const { token } = await issueLaunchToken(db, systemClock, {
      merchantId: merchant.id,
      memberId: m.id,
      memberType: m.type,
      currency: merchant.currency,
      vendorCode: o.vendorCode ?? DEMO_VENDOR.code,
      gameCode: null,
    });
    tokens.push(token);
  }
  return { tokens, secret: vendorSecret, memberIds: members.map((m) => m.id) };
}

/**
 * One keep-alive HTTP/1.1 connection per benchmark client, written and read directly on the socket: the
 * load generator shares the 2 cores with the API and PostgreSQL, so it should cost as little as a tool
 * like wrk would (node:http's client costs about as much CPU per request as the API's whole handler).
 * Requests on one connection go one at a time; answers carry Content-Length (Fastify always sends it).
 */
export class BenchHttpClient {
  private socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((r: { status: number; body: string }) => void) | undefined;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.tryAnswer();
    });
  }

  static connect(port: number): Promise<BenchHttpClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(new BenchHttpClient(socket)));
      socket.once('error', reject);
    });
  }

  private tryAnswer() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    const done = this.waiting;
    this.waiting = undefined;
    done({ status: Number(head.slice(9, 12)), body });
  }

  /** POSTs `body` and resolves with the answer's status and body. */
  post(
    path: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number; body: string }> {
    let head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(`${head}\r\n${body}`);
    });
  }

  /** GETs `path` and resolves with the answer's status and body. */
  get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    let head = `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(`${head}\r\n`);
    });
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * Drives the vendor bet callback through HTTP from CLIENTS keep-alive clients, client i on tokens[i % n];
 * `o` as drive's (the phase's length, a call when measuring starts).
 */
export async function betPhase(
  port: number,
  tokens: string[],
  secret: string,
  tag: string,
  o: { phaseMs?: number; onMeasure?: () => void } = {},
): Promise<Figures> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => BenchHttpClient.connect(port)));
  let seq = 0;
  try {
    return await drive(async (i) => {
      const n = ++seq;
      const body = JSON.stringify({
        token: tokens[i % tokens.length],
        txId: `${tag}-${n}`,
        roundId: `${tag}-r${n}`,
        gameCode: 'bench-slot',
        amount: '0.01',
      });
      const res = await clients[i]!.post(
        `/api/game-wallet/${DEMO_VENDOR.code}/bet`,
        {
          merchant: 'panalo',
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(secret, body),
        },
        body,
      );
      return res.status === 200 ? null : refusalCode(res);
    }, o);
  } finally {
    for (const c of clients) c.close();
  }
}

/**
 * The API's connections to PostgreSQL: as a production process has them (DATABASE_POOL_SIZE, default
 * 10), not one per benchmark client — on 2 cores, 32 backends would only take turns.
 */
export const API_POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);

/** The worker thread: the real app on the scratch database, listening on loopback. */
async function serve(url: string, hub88PublicKeyPem: string) {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: API_POOL });
  const app = await buildApp({
    ctx: buildContext(handle, {
      clock: systemClock,
      geo: createIpCountryLookup(),
      defaultMerchant: 'panalo',
      dev: false,
      // The main thread's demo Hub88 (a worker has its own module instances): it signs as Hub88.
      hub88: { ...demoHub88(), hub88PublicKey: createPublicKey(hub88PublicKeyPem) },
    }),
    logLevel: 'warn',
    rateLimitPerMinute: 10_000_000,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  parentPort?.on('message', (m) => {
    if (m === 'close')
      void app
        .close()
        .then(() => handle.close())
        .then(() => {
          parentPort?.postMessage({
            retried: transactionRetries.retried,
            exhausted: transactionRetries.exhausted,
          });
          process.exit(0);
        });
  });
  parentPort?.postMessage({ port });
}

export interface BenchApi {
  port: number;
  close(): Promise<void>;
}

/** Starts the API on `url` in a worker thread, as it would run in its own process. */
export async function startApi(url: string): Promise<BenchApi> {
  // A worker does not inherit the tsx loader: register it there, then load this file.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const hub88PublicKeyPem = demoHub88().hub88PublicKey.export({ type: 'spki', format: 'pem' }).toString();
  const worker = new Worker(boot, { eval: true, workerData: { benchServe: url, hub88PublicKeyPem } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
  });
  worker.on('message', (m: { retried?: number; exhausted?: number }) => {
    workerRetries.retried += m.retried ?? 0;
    workerRetries.exhausted += m.exhausted ?? 0;
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      }),
  };
}

if (!isMainThread) {
  const data = workerData as { benchServe?: string; hub88PublicKeyPem?: string } | null;
  if (data?.benchServe !== undefined) void serve(data.benchServe, data.hub88PublicKeyPem ?? '');
}

/** A scratch database migrated and seeded with the demo merchants, and the demo merchant's id. */
export async function openDemoDatabase(url: string) {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, systemClock);
  const merchant = await handle.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  return { handle, db: handle.db, merchantId: merchant.id };
}
