// npm run bench:wallet — what the API layer costs on the game wallet's debit path, on PostgreSQL.
// (a) the ceiling: the database work one bet callback does — the same prepared call of game_wallet_bet,
//     through the same repository, the same pool size and the same per-wallet lanes as the API, from
//     CLIENTS loops, with no HTTP and no service in front — on one hot wallet and on CLIENTS wallets;
// (b) the API: the vendor bet callback through real HTTP (CLIENTS keep-alive clients), the API server in a
//     worker thread as it would run in its own process, on the same wallets;
// (c) a naive reference, printed as info only: begin / update / insert / commit straight through pg, four
//     round trips per debit (what an application without a SQL function would do).
// Only bets that succeeded count; refusals get their own line. Exits 0 either way.
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { sha256Hex } from '../lib/crypto';
import { systemClock } from '../lib/clock';
import { gameWalletRepository, type SessionRow } from '../modules/game-wallet/game-wallet.repository';
import { DEMO_VENDOR, seedGameWallet } from '../modules/game-wallet/game-wallet.seed';
import { BET_LANE_WIDTH, walletLanes } from '../modules/game-wallet/game-wallet.support';
import {
  API_POOL,
  benchPlayers,
  betPhase,
  CLIENTS,
  drive,
  line,
  p99,
  perSecond,
  refusals,
  runBench,
  startApi,
  type BenchApi,
  type Figures,
} from './bench-support';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

/** The four-round-trip debit of a plain application: the naive reference (info only). */
async function naivePhase(url: string, hot: boolean): Promise<Figures> {
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
      const row = r.rows[0];
      if (!row) {
        await c.query('rollback');
        return 'insufficient_funds';
      }
      await c.query('insert into bench_entry (account_id, amount, balance_after) values ($1, -1, $2)', [
        id,
        row.balance,
      ]);
      await c.query('commit');
      return null;
    });
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/** The ceiling: game_wallet_bet as the API calls it, minus HTTP and the service around it. */
async function ceilingPhase(
  db: Database,
  sessions: SessionRow[],
  vendorId: number,
  tag: string,
): Promise<Figures> {
  const inWalletQueue = walletLanes(BET_LANE_WIDTH);
  let seq = 0;
  return drive(async (i) => {
    const s = sessions[i % sessions.length]!;
    const n = ++seq;
    const r = await inWalletQueue(s.wallet_account_id, () =>
      gameWalletRepository.betStatement(db, {
        merchantId: s.merchant_id,
        vendorId,
        vendorCode: DEMO_VENDOR.code,
        txId: `${tag}-${n}`,
        roundId: `${tag}-r${n}`,
        gameCode: 'bench-slot',
        memberId: s.member_id,
        book: s.book,
        amount: 1n,
        requestHash: sha256Hex(`${tag}-${n}`),
        walletId: s.wallet_account_id,
        houseId: s.house_account_id,
        at: new Date(),
      }),
    );
    return r.ok ? null : r.reason;
  });
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
    const setup = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    await migrateToLatest(setup.db);
    await seedDemo(setup.db, systemClock);
    await seedGameWallet(setup.db);
    const { tokens, secret } = await benchPlayers(setup.db, CLIENTS);
    const vendor = await setup.db
      .selectFrom('game_vendor')
      .innerJoin('merchant', 'merchant.id', 'game_vendor.merchant_id')
      .select('game_vendor.id')
      .where('merchant.code', '=', 'panalo')
      .where('game_vendor.code', '=', DEMO_VENDOR.code)
      .executeTakeFirstOrThrow();
    const sessions: SessionRow[] = [];
    for (const t of tokens) {
      const s = await gameWalletRepository.session(setup.db, vendor.id, sha256Hex(t));
      if (!s) throw new Error('a bench player has no game session');
      sessions.push(s);
    }
    await setup.db.schema
      .createTable('bench_account')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .execute();
    await setup.db.schema
      .createTable('bench_entry')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('account_id', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance_after', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into bench_account (id, balance) select g, 1000000000 from generate_series(1, ${CLIENTS}::int) g`.execute(
      setup.db,
    );
    await setup.close();

    const naiveHot = await quiet(url, () => naivePhase(url, true));
    const naiveSpread = await quiet(url, () => naivePhase(url, false));

    // The ceiling runs from this process with the API's pool size; the API is not running meanwhile.
    const direct = await openDatabase({ kind: 'postgres', url, poolSize: API_POOL });
    let ceilHot: Figures;
    let ceilSpread: Figures;
    try {
      ceilHot = await quiet(url, () => ceilingPhase(direct.db, sessions.slice(0, 1), vendor.id, 'ceil-hot'));
      ceilSpread = await quiet(url, () => ceilingPhase(direct.db, sessions, vendor.id, 'ceil-spread'));
    } finally {
      await direct.close();
    }

    api = await startApi(url);
    const port = api.port;
    const apiHot = await quiet(url, () => betPhase(port, tokens.slice(0, 1), secret, 'hot'));
    const apiSpread = await quiet(url, () => betPhase(port, tokens, secret, 'spread'));

    infoLine('wallet_naive_hot', perSecond(naiveHot), 'tx/s');
    infoLine('wallet_naive_spread', perSecond(naiveSpread), 'tx/s');
    infoLine('wallet_ceiling_hot', perSecond(ceilHot), 'bets/s');
    infoLine('wallet_ceiling_spread', perSecond(ceilSpread), 'bets/s');
    infoLine('wallet_api_hot', perSecond(apiHot), 'bets/s');
    infoLine('wallet_api_spread', perSecond(apiSpread), 'bets/s');
    refusals('wallet_ceiling_hot', ceilHot);
    refusals('wallet_ceiling_spread', ceilSpread);
    refusals('wallet_api_hot', apiHot);
    refusals('wallet_api_spread', apiSpread);
    line('wallet_hot_ratio', perSecond(apiHot) / perSecond(ceilHot), 'of ceiling', '>=', 0.6);
    line('wallet_spread_ratio', perSecond(apiSpread) / perSecond(ceilSpread), 'of ceiling', '>=', 0.6);
    line('wallet_p99_hot', p99(apiHot), 'ms', '<=', 50);
    line('wallet_p99_spread', p99(apiSpread), 'ms', '<=', 50);
  } finally {
    await api?.close();
  }
}

runBench('wallet', bench);
