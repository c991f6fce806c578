// npm run bench:lottery — the lottery's two hot paths on PostgreSQL. (a) bets: CLIENTS keep-alive clients
// placing one-bet orders through the real HTTP API (served from a worker thread) for PHASE_MS: throughput
// and p99 latency. (b) settle: 100,000 bets of one 5D period (mixed bet types, about a third winning)
// across 10,000 members, set up in bulk with SQL, drawn from the period's seed; the figure is
// settlePeriod alone (decide every bet, credit every winning wallet through the ledger).
// Prints one `bench <name>: …` line per figure; exits 1 when one says FAIL.
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { sessionsRepository } from '../modules/identity/sessions.repository';
import { sessionsService } from '../modules/identity/sessions.service';
import { fundWallet } from '../modules/game-wallet/vendor-client';
import { getGame } from '../modules/lottery/engine/registry';
import { periodAt } from '../modules/lottery/engine/schedule';
import { createPeriods, drawPeriod, findPeriod } from '../modules/lottery/lottery.periods';
import { settlePeriod } from '../modules/lottery/lottery.settlement';
import { accountIdFor, HOUSE_SHARDS, houseKey } from '../modules/wallet/ledger';
import {
  BenchHttpClient,
  FIVE_D_BET_MIX,
  runBench,
  CLIENTS,
  drive,
  line,
  p99,
  perSecond,
  refusalCode,
  refusals,
  startApi,
  type BenchApi,
  type Figures,
} from './bench-support';

const BETS = Number(process.env.BENCH_LOTTERY_BETS ?? 100_000);
const MEMBERS = 10_000;
const SETTLE_GAME = '5D';

async function panalo(db: Database) {
  return db
    .selectFrom('merchant')
    .select(['id', 'currency'])
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
}

/** 100,000 accepted bets of one 5D period, written in bulk; returns the period (not drawn yet). */
async function settleSetup(db: Database) {
  const m = await panalo(db);
  const period = periodAt(getGame(SETTLE_GAME), new Date());
  await createPeriods(db, [period], new Date());
  const p = (await findPeriod(db, SETTLE_GAME, period.numero))!;
  const houses: bigint[] = [];
  for (let s = 0; s < HOUSE_SHARDS; s++)
    houses.push(await accountIdFor(db, houseKey(m.id, BigInt(s), m.currency)));
  await sql`
    insert into member (merchant_id, username, password_hash)
    select ${m.id}, 'lsettle' || g, 'bench-no-login' from generate_series(1, ${MEMBERS}::int) g`.execute(db);
  await sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, currency, balance)
    select merchant_id, 'real', 'member_wallet', id, ${m.currency}, 0
    from member where username like 'lsettle%'`.execute(db);
  // One order per member; its debit is not part of what is measured (transfer_id points nowhere).
  await sql`
    insert into lottery_order (merchant_id, member_id, book, game_code, idempotency_key, request_hash,
      total_stake, transfer_id, created_at)
    select merchant_id, id, 'real', ${SETTLE_GAME}, 'bench', 'bench', 1, 0, now()
    from member where username like 'lsettle%'`.execute(db);
  // Bet g goes to member g mod MEMBERS; its type and selection cycle through 5D's six bet types.
  await sql`
    with o as (
      select row_number() over (order by o.id) - 1 as k, o.id as order_id, o.member_id, a.id as wallet
      from lottery_order o
      join ledger_account a on a.owner_member_id = o.member_id and a.kind = 'member_wallet'
      where o.idempotency_key = 'bench'
    ), g as (
      select g, g % ${MEMBERS} as k, g % 6 as t, (g / 6) % 10 as d from generate_series(0, ${BETS - 1}::int) g
    )
    insert into lottery_bet (order_id, merchant_id, member_id, book, period_id, game_code, numero, bet_type,
      selection, amount, units, stake, wallet_account_id, house_account_id, created_at)
    select o.order_id, ${m.id}, o.member_id, 'real', ${p.id}, ${SETTLE_GAME}, ${period.numero},
      ${FIVE_D_BET_MIX}, o.wallet,
      (array[${sql.join(houses.map((h) => sql`${h}::bigint`))}])[o.member_id % ${HOUSE_SHARDS} + 1],
      now()
    from g join o on o.k = g.k`.execute(db);
  await sql`analyze`.execute(db);
  return { id: p.id, drawAt: period.drawAt };
}

/** Settles the period; the time counts only when every bet was decided (read back from the table). */
async function settlePhase(db: Database): Promise<{ ms: number; decided: number }> {
  const p = await settleSetup(db);
  await drawPeriod(db, p.id, p.drawAt);
  const t0 = performance.now();
  const out = await settlePeriod(db, p.id, p.drawAt);
  const ms = performance.now() - t0;
  const decided = await sql<{ n: string }>`
    select count(*)::text as n from lottery_bet where period_id = ${p.id} and status in ('won', 'lost')`.execute(
    db,
  );
  console.log(
    `  (settled ${out.bets} bets, ${out.transfers} winning wallets credited, ${out.paidMinor} minor units paid)`,
  );
  return { ms, decided: Number(decided.rows[0]?.n ?? 0) };
}

/** The game on sale longest from now (bets are refused once a period locks), and a one-bet order of it. */
function betGame() {
  const now = new Date();
  const candidates: [string, { betType: string; selection: string }][] = [
    ['VNLOTTO', { betType: 'lo2', selection: '23' }],
    ['JACKPOT645', { betType: 'pick6', selection: '03,11,19,27,35,44' }],
    ['WINGO5', { betType: 'number', selection: '7' }],
  ];
  const scored = candidates.map(([code, item]) => {
    const p = periodAt(getGame(code), now);
    return { code, item, numero: p.numero, left: p.lockAt.getTime() - now.getTime() };
  });
  return scored.sort((a, b) => b.left - a.left)[0]!;
}

async function betPlayers(db: Database): Promise<string[]> {
  const m = await panalo(db);
  const sessions = sessionsService(sessionsRepository(db), systemClock);
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const member = await db
      .insertInto('member')
      .values({ merchant_id: m.id, username: `lbet${i}`, password_hash: 'bench-no-login' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fundWallet(db, {
      merchantId: m.id,
      memberId: member.id,
      currency: m.currency,
      amount: 10_000_000_000n,
      key: `lbet${i}`,
    });
    const { token } = await sessions.issue({
      merchantId: m.id,
      memberId: member.id,
      device: 'bench',
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    tokens.push(token);
  }
  return tokens;
}

async function betsPhase(port: number, tokens: string[]): Promise<Figures> {
  const g = betGame();
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => BenchHttpClient.connect(port)));
  let seq = 0;
  try {
    return await drive(async (i) => {
      const body = JSON.stringify({
        gameCode: g.code,
        numero: g.numero,
        items: [{ ...g.item, amount: '1.00', units: 1 }],
      });
      const res = await clients[i]!.post(
        '/api/lottery/bets',
        {
          merchant: 'panalo',
          authorization: `Bearer ${tokens[i]!}`,
          'idempotency-key': `bench-${i}-${++seq}`,
          'content-type': 'application/json',
        },
        body,
      );
      return res.status === 200 ? null : refusalCode(res);
    });
  } finally {
    for (const c of clients) c.close();
    console.log(`  (bets on ${g.code} ${g.numero}, one bet per order)`);
  }
}

async function bench(url: string) {
  // Bets first, on a database that holds only the demo: the settle phase's 100,000-row writes would
  // otherwise leave autovacuum and checkpoint work running under the bets phase.
  let tokens: string[];
  {
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    try {
      await migrateToLatest(handle.db);
      await seedDemo(handle.db, systemClock);
      tokens = await betPlayers(handle.db);
    } finally {
      await handle.close();
    }
  }
  let bets: Figures;
  const api: BenchApi = await startApi(url);
  try {
    bets = await betsPhase(api.port, tokens);
  } finally {
    await api.close();
  }
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  let settle: { ms: number; decided: number };
  try {
    settle = await settlePhase(handle.db);
  } finally {
    await handle.close();
  }
  // A settlement that left bets undecided has not settled 100,000 bets: its time is no figure.
  line('lottery-settle-decided', settle.decided, 'bets', '=', BETS);
  line('lottery-settle-100k', settle.decided === BETS ? settle.ms : null, 'ms', '<=', 5000);
  refusals('lottery-bets', bets);
  line('lottery-bets-rate', perSecond(bets), 'bets/s', '>=', 1000);
  line('lottery-bets-p99', p99(bets), 'ms', '<=', 50);
}

runBench('lottery', bench);
