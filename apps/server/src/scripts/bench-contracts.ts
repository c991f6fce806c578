// npm run bench:contracts — agent contract settlements on PostgreSQL (issue 17 "Proof").
// Set-up (bulk SQL on a scratch database): a tree of 100,000 members 8 levels deep under one top agent
// (19,531 agents, 80,469 players); the first 10,000 agents (top-down) hold an active daily salary and an
// active dividend contract, each tier table at or below its upline's; a third of the members play on
// each day of the first half of a month (member_day, as the roll-up leaves it). Then, timed from the
// call to the last payment (the run's own code: figures over the tree, one settlement per contract,
// each paid through the ledger):
//  - one day of daily salaries: 10,000 contracts (≤ 30 s);
//  - one half-month of dividends: 10,000 contracts (≤ 30 s).
// A run counts only when every contract of the period has its settlement. Prints the header and one
// line per figure; exits 0 either way.
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { periodAt } from '../modules/contracts/periods';
import { settleContractPeriod, settlingMerchants } from '../modules/contracts/settlement';
import { checkLedger } from '../modules/wallet/ledger-check';
import { line, runBench } from './bench-support';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

const MEMBERS = 100_000;
const LEVELS = 8;
const BRANCH = 5;
const CONTRACTS = 10_000;
const MONTH = '2026-03';

async function buildTree(db: Database, merchantId: number) {
  let prev = 0;
  let made = 0;
  for (let level = 1; level <= LEVELS; level++) {
    const n = level === LEVELS ? MEMBERS - made : BRANCH ** (level - 1);
    await sql`
      insert into member (merchant_id, username, password_hash, type, upline_id, created_at)
      select ${merchantId}::int, 'ct' || ${level}::int || '_' || g, 'bench-no-login',
        ${level === LEVELS ? 0 : 1}::int, p.id, now() - interval '90 days'
      from generate_series(0, ${n - 1}::int) g
      left join (select id, row_number() over (order by id) - 1 as k from member
                 where username like ${`ct${level - 1}\\_%`}) p on p.k = g % greatest(${prev}::int, 1)`.execute(
      db,
    );
    prev = n;
    made += n;
  }
}

/** Active contracts of a kind for the first CONTRACTS agents, rates falling a step per level. */
async function contracts(
  db: Database,
  merchantId: number,
  staffId: bigint,
  kind: string,
  top: number,
  step: number,
) {
  await sql`
    insert into contract (merchant_id, member_id, kind, version, upline_id, offered_by_staff, scope, tiers, cap,
      status, offered_at, decided_at)
    select m.merchant_id, m.id, ${kind}, 1, m.upline_id,
      case when m.upline_id is null then ${staffId}::bigint end, 'all',
      jsonb_build_array(
        jsonb_build_object('turnover', '0', 'active', 0,
          'rate', ${top}::int - ${step}::int * (length(m.path) - length(replace(m.path, '/', '')) - 2)),
        jsonb_build_object('turnover', '100000000', 'active', 50,
          'rate', ${top}::int + ${step}::int - ${step}::int * (length(m.path) - length(replace(m.path, '/', '')) - 2))),
      null, 'active', timestamptz '${sql.raw(MONTH)}-01' - interval '7 days', timestamptz '${sql.raw(MONTH)}-01' - interval '7 days'
    from (select * from member where username like 'ct%' and type = 1 order by id limit ${CONTRACTS}::int) m`.execute(
    db,
  );
}

async function figures(db: Database) {
  await sql`
    insert into member_day (merchant_id, member_id, day, product, bets, bet_count, wins, refunds, deposits,
      deposit_count)
    select m.merchant_id, m.id, date '${sql.raw(MONTH)}-01' + d, case when (m.id + d) % 2 = 0 then 'lottery' else 'slots' end,
      1000 + (m.id * 7 + d * 13) % 50000, 1 + (m.id + d) % 9, (m.id * 11 + d * 3) % 45000, 0,
      case when (m.id + d) % 10 = 0 then 10000 else 0 end, case when (m.id + d) % 10 = 0 then 1 else 0 end
    from member m cross join generate_series(0, 14) d
    where m.username like 'ct%' and (m.id + d) % 3 = 0`.execute(db);
  // A settled database: what autovacuum would do after the bulk load is done before the clock starts.
  await sql`vacuum analyze`.execute(db);
}

runBench('contracts', async (url) => {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemo(db, systemClock);
    const [m] = (await settlingMerchants(db)).filter((x) => x.id === 1);
    if (!m) throw new Error('no demo merchant');
    const staff = await db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', m.id)
      .where('type', '>=', 90)
      .executeTakeFirstOrThrow();
    let t0 = performance.now();
    await buildTree(db, m.id);
    await contracts(db, m.id, staff.id, 'daily_salary', 150, 10);
    await contracts(db, m.id, staff.id, 'dividend', 3000, 200);
    await figures(db);
    infoLine('contract-setup', `${MEMBERS} members, ${CONTRACTS} agents × 2 contracts, 15 days of figures`);
    infoLine('contract-setup-time', (performance.now() - t0) / 1000, 's');

    const settle = async (kind: 'daily_salary' | 'dividend', at: string) => {
      const p = periodAt(kind, Date.parse(at), m.tz);
      const now = new Date(p.end + 5 * 3_600_000);
      t0 = performance.now();
      let firstChunk = 0;
      const r = await settleContractPeriod(db, m, kind, p, now, {
        afterChunk: () => {
          firstChunk ||= performance.now() - t0;
        },
      });
      const seconds = (performance.now() - t0) / 1000;
      infoLine(`contract-${kind}-first-chunk`, firstChunk / 1000, 's');
      const rows = await sql<{ n: number; paid: number; amount: string }>`
        select count(*)::int as n, count(*) filter (where status = 'paid')::int as paid,
          coalesce(sum(amount), 0)::text as amount
        from contract_settlement where kind = ${kind} and period_key = ${p.key}`.execute(db);
      const x = rows.rows[0]!;
      infoLine(`contract-${kind}-settlements`, `${x.n} written, ${x.paid} paid, ${x.amount} minor units`);
      if (r.busy || r.waiting) infoLine(`contract-${kind}-refused`, r.busy ? 'busy' : 'waiting');
      return x.n === CONTRACTS ? seconds : Number.NaN;
    };
    line(
      'contract-daily-salary-10k-agents',
      await settle('daily_salary', `${MONTH}-03T12:00:00Z`),
      's',
      '<=',
      30,
    );
    line(
      'contract-dividend-half-month-10k-agents',
      await settle('dividend', `${MONTH}-10T12:00:00Z`),
      's',
      '<=',
      30,
    );
    // The money's invariants (the bench wrote member_day itself, so figures are not compared to entries).
    const check = await checkLedger(db);
    const problems =
      check.unbalancedTransfers.length +
      check.driftedAccounts.length +
      check.negativeWallets.length +
      check.brokenRunningBalances.length +
      check.duplicateKeys.length +
      check.orphanEntries.length;
    line('contract-ledger-problems', problems, '', '<=', 0);
    infoLine('contract-rain', 'red envelope rain not built yet (issue 17 stays open)');
  } finally {
    await handle.close();
  }
});
