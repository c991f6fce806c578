// npm run bench:wallet — the game wallet's debit path against the database's own ceiling, on PostgreSQL.
// (a) raw: a single-row debit + insert transaction driven straight through pg by 32 connections, on one
//     hot row and on 32 rows; (b) the API: the vendor bet callback through real HTTP (32 keep-alive
//     clients), on one hot wallet and on 32 wallets. The API server runs in a worker thread, as it would
//     run in its own process. Prints one `bench <name>: …` line per figure; exits 0 either way.
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { seedGameWallet } from '../modules/game-wallet/game-wallet.seed';
import {
  runBench,
  benchPlayers,
  betPhase,
  CLIENTS,
  drive,
  line,
  p99,
  perSecond,
  startApi,
  type BenchApi,
  type Figures,
} from './bench-support';

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

/**
 * Runs a phase from a quiet database: the rows and dead row versions of the phases before it are vacuumed
 * and analysed first, so no autovacuum they triggered takes CPU from this one.
 */
async function quiet<T>(url: string, phase: () => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('vacuum (analyze)');
  } finally {
    await c.end();
  }
  return phase();
}

async function bench(url: string) {
  let api: BenchApi | undefined;
  try {
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, systemClock);
    await seedGameWallet(handle.db);
    const db = handle.db;
    const { tokens, secret } = await benchPlayers(db, CLIENTS);
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

    const rawHot = await quiet(url, () => rawPhase(url, true));
    const rawSpread = await quiet(url, () => rawPhase(url, false));

    api = await startApi(url);
    const port = api.port;
    const apiHot = await quiet(url, () => betPhase(port, tokens.slice(0, 1), secret, 'hot'));
    const apiSpread = await quiet(url, () => betPhase(port, tokens, secret, 'spread'));

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
    await api?.close();
  }
}

runBench('wallet', bench);
