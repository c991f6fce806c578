// npm run bench:wallet — the game wallet's debit path against the database's own ceiling, on PostgreSQL.
// (a) raw: a single-row debit + insert transaction driven straight through pg by 32 connections, on one
//     hot row and on 32 rows; (b) the API: the vendor bet callback through real HTTP (32 keep-alive
//     clients), on one hot wallet and on 32 wallets. The API server runs in a worker thread, as it would
//     run in its own process. Prints one `bench <name>: …` line per figure; exits 0 either way.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { buildContext } from '../app-context';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { createIpCountryLookup } from '../modules/geo/ip-country';
import { issueLaunchToken } from '../modules/game-wallet/game-launch';
import { DEMO_VENDOR, seedGameWallet } from '../modules/game-wallet/game-wallet.seed';
import { signBody, SIGNATURE_HEADER } from '../modules/game-wallet/vendor-auth';
import { fundWallet } from '../modules/game-wallet/vendor-client';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const WARMUP_MS = 1_000;

interface Figures {
  count: number;
  seconds: number;
  latencies: number[];
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

/** Runs `work` from CLIENTS loops for PHASE_MS (after a short warm-up) and counts what completed. */
async function drive(work: (client: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let count = 0;
  let measuring = false;
  let stop = false;
  const loops = Array.from({ length: CLIENTS }, async (_, i) => {
    while (!stop) {
      const t0 = performance.now();
      await work(i);
      if (measuring && !stop) {
        count++;
        latencies.push(performance.now() - t0);
      }
    }
  });
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, PHASE_MS));
  stop = true;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(loops);
  return { count, seconds, latencies };
}

const perSecond = (f: Figures) => f.count / f.seconds;
function p99(f: Figures) {
  const s = [...f.latencies].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? Number.NaN;
}

async function rawPhase(url: string, hot: boolean): Promise<Figures> {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  try {
    return await drive(async (i) => {
      const c = clients[i]!;
      const id = hot ? 1 : i + 1;
      await c.query('begin');
      const r = await c.query<{ balance: string }>(
        'update bench_account set balance = balance - 1 where id = $1 and balance >= 1 returning balance',
        [id],
      );
      await c.query('insert into bench_entry (account_id, amount, balance_after) values ($1, -1, $2)', [
        id,
        r.rows[0]?.balance ?? 0,
      ]);
      await c.query('commit');
    });
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

async function apiPhase(port: number, tokens: string[], secret: string, tag: string): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  let seq = 0;
  const failures = new Map<string, number>();
  const post = (path: string, body: string, signature: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            merchant: 'panalo',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            [SIGNATURE_HEADER]: signature,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (res.statusCode !== 200) {
              const code =
                (JSON.parse(Buffer.concat(chunks).toString()) as { code?: string }).code ??
                String(res.statusCode);
              failures.set(code, (failures.get(code) ?? 0) + 1);
            }
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
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
      await post(`/api/game-wallet/${DEMO_VENDOR.code}/bet`, body, signBody(secret, body));
    });
  } finally {
    agent.destroy();
    if (failures.size > 0) console.log(`  (${tag}: refused ${JSON.stringify(Object.fromEntries(failures))})`);
  }
}

/** The worker thread: the real app on the scratch database, listening on loopback. */
async function serve(url: string) {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: CLIENTS });
  const app = await buildApp({
    ctx: buildContext(handle, {
      clock: systemClock,
      geo: createIpCountryLookup(),
      defaultMerchant: 'panalo',
      dev: false,
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
        .then(() => process.exit(0));
  });
  parentPort?.postMessage({ port });
}

function line(name: string, value: number, unit: string, op: '>=' | '<=', budget: number) {
  const pass = op === '>=' ? value >= budget : value <= budget;
  const shown = unit === '%' || unit === 'ms' ? value.toFixed(1) : value.toFixed(0);
  console.log(`bench ${name}: ${shown} ${unit} (budget ${op} ${budget} ${unit}) ${pass ? 'PASS' : 'FAIL'}`);
}

async function main() {
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base?.startsWith('postgres')) {
    console.log('bench wallet: skipped (set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const name = `panalo_bench_${randomBytes(5).toString('hex')}`;
  await admin(base, `create database ${name}`);
  const url = withDb(base, name);
  let worker: Worker | undefined;
  try {
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, systemClock);
    await seedGameWallet(handle.db);
    const db = handle.db;
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
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const m = await db
        .insertInto('member')
        .values({ merchant_id: merchant.id, username: `bench${i}`, password_hash: 'bench-no-login' })
        .returning(['id', 'type'])
        .executeTakeFirstOrThrow();
      await fundWallet(db, {
        merchantId: merchant.id,
        memberId: m.id,
        currency: merchant.currency,
        amount: 100_000_000n,
        key: `bench${i}`,
      });
      const { token } = await issueLaunchToken(db, systemClock, {
        merchantId: merchant.id,
        memberId: m.id,
        memberType: m.type,
        currency: merchant.currency,
        vendorCode: DEMO_VENDOR.code,
        gameCode: null,
      });
      tokens.push(token);
    }
    await db.schema
      .createTable('bench_account')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('bench_entry')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('account_id', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance_after', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into bench_account (id, balance) select g, 1000000000 from generate_series(1, ${CLIENTS}::int) g`.execute(
      db,
    );
    await handle.close();

    const rawHot = await rawPhase(url, true);
    const rawSpread = await rawPhase(url, false);

    // A worker does not inherit the tsx loader: register it there, then load this file.
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    worker = new Worker(boot, { eval: true, workerData: { url } });
    const port = await new Promise<number>((resolve, reject) => {
      worker!.once('message', (m: { port: number }) => resolve(m.port));
      worker!.once('error', reject);
    });
    const apiHot = await apiPhase(port, tokens.slice(0, 1), vendor.hmac_secret, 'hot');
    const apiSpread = await apiPhase(port, tokens, vendor.hmac_secret, 'spread');

    line('wallet_raw_hot', perSecond(rawHot), 'tx/s', '>=', 0);
    line('wallet_raw_spread', perSecond(rawSpread), 'tx/s', '>=', 0);
    line('wallet_api_hot', perSecond(apiHot), 'tx/s', '>=', 0);
    line('wallet_api_spread', perSecond(apiSpread), 'tx/s', '>=', 0);
    line('wallet_hot_ratio', (100 * perSecond(apiHot)) / perSecond(rawHot), '%', '>=', 80);
    line('wallet_spread_ratio', (100 * perSecond(apiSpread)) / perSecond(rawSpread), '%', '>=', 50);
    line('wallet_p99_hot', p99(apiHot), 'ms', '<=', 50);
    line('wallet_p99_spread', p99(apiSpread), 'ms', '<=', 50);
    line('wallet_p99', Math.max(p99(apiHot), p99(apiSpread)), 'ms', '<=', 50);
  } finally {
    if (worker) {
      const w = worker;
      await new Promise<void>((resolve) => {
        w.once('exit', () => resolve());
        w.postMessage('close');
      });
    }
    await admin(base, `drop database if exists ${name} with (force)`);
  }
}

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error(err);
    console.log('bench wallet: error (see above)');
  });
} else {
  void serve((workerData as { url: string }).url);
}
