// npm run bench:contracts — agent contract settlements on PostgreSQL (issue 17 "Proof").
// Set-up (bulk SQL on a scratch database): a tree of 100,000 members 8 levels deep under one top agent
// (19,531 agents, 80,469 players); the first 10,000 agents (top-down) hold an active daily salary and an
// active dividend contract, each tier table at or below its upline's; a third of the members play on
// each day of the first half of a month (member_day, as the roll-up leaves it). Then, timed from the
// call to the last payment (the run's own code: figures over the tree, one settlement per contract,
// each paid through the ledger):
//  - one day of daily salaries: 10,000 contracts (≤ 30 s);
//  - one half-month of dividends: 10,000 contracts (≤ 30 s).
// A run counts only when every contract of the period has its settlement. Then a red envelope rain of
// the top agent for its team: 10,000 members (sessions as a login leaves them) claim through the HTTP
// API (the app in a worker thread, CLIENTS keep-alive connections) for 60 s, member after member, each up
// to its limit: successful claims per second (≥ 500) and their p99 (≤ 50 ms); refusals on their own
// line. The ledger's invariants after all of it, and the rain's sums (claimed + returned = budget).
// Prints the header and one line per figure; exits 1 when one says FAIL.
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { periodAt } from '../modules/contracts/periods';
import { settleContractPeriod, settlingMerchants } from '../modules/contracts/settlement';
import { checkLedger } from '../modules/wallet/ledger-check';
import { hashPassword } from '../modules/identity/passwords';
import { fundWallet } from '../modules/game-wallet/vendor-client';
import { endRain } from '../modules/rain/rain.service';
import {
  BenchHttpClient,
  CLIENTS,
  drive,
  line,
  p99,
  perSecond,
  refusalCode,
  refusals,
  runBench,
  startApi,
} from './bench-support';
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

const RAIN_MEMBERS = 10_000;
const RAIN_ENVELOPES = 100_000;
const RAIN_PER_MEMBER = RAIN_ENVELOPES / RAIN_MEMBERS;
const RAIN_PHASE_MS = Number(process.env.BENCH_RAIN_MS ?? 60_000);

/** A red envelope rain of the top agent for its team, claimed over HTTP by 10,000 members. */
async function rain(db: Database, url: string, merchantId: number) {
  const agent = await db
    .selectFrom('member')
    .select('id')
    .where('username', '=', 'ct1_0')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('member')
    .set({ payment_password_hash: await hashPassword('135790') })
    .where('id', '=', agent.id)
    .execute();
  await fundWallet(db, {
    merchantId,
    memberId: agent.id,
    currency: 'PHP',
    amount: 100_000_000n,
    key: 'rain-bench',
  });
  // Sessions as a login leaves them (the token's hash), for the agent and 10,000 members of its team.
  const { rows } = await sql<{ id: string }>`
    with picked as (
      select id from member where username like 'ct8\_%' order by id limit ${RAIN_MEMBERS}::int)
    insert into member_session (merchant_id, member_id, token_hash, kind, created_at, expires_at, last_seen_at)
    select ${merchantId}::int, id, encode(sha256(convert_to('rain-bench-session-' || id, 'UTF8')), 'hex'), 'session', now(),
      now() + interval '1 day', now()
    from (select id from picked union all select ${agent.id}::bigint) s
    returning member_id::text as id`.execute(db);
  // Members who play have a wallet; a member's very first money makes one (a few more round trips).
  await sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency)
    select ${merchantId}::int, 'real', 'member_wallet', member_id, '', 'PHP' from member_session
    where token_hash <> '' on conflict do nothing`.execute(db);
  const tokens = rows
    .map((r) => `rain-bench-session-${r.id}`)
    .filter((t) => t !== `rain-bench-session-${agent.id}`);
  await sql`analyze`.execute(db);

  const api = await startApi(url);
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => BenchHttpClient.connect(api.port)));
  try {
    const headers = (token: string) => ({
      merchant: 'panalo',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    });
    const minutes = Math.ceil((RAIN_PHASE_MS + 30_000) / 60_000);
    const scheduled = await clients[0]!.post(
      '/api/agent/rains',
      { ...headers(`rain-bench-session-${agent.id}`), 'idempotency-key': 'bench-rain-1' },
      JSON.stringify({
        budget: '500000.00',
        envelopes: RAIN_ENVELOPES,
        minAmount: '0.01',
        minutes,
        perMember: RAIN_PER_MEMBER,
        paymentPassword: '135790',
      }),
    );
    if (scheduled.status !== 200) throw new Error(`rain not scheduled: ${scheduled.body}`);
    const rainId = (JSON.parse(scheduled.body) as { value: { id: string } }).value.id;
    infoLine(
      'contract-rain-setup',
      `${tokens.length} members with a session and a wallet, ${RAIN_ENVELOPES} envelopes, ${RAIN_PER_MEMBER} each, ${CLIENTS} connections`,
    );

    let k = 0;
    const f = await drive(
      async (i) => {
        const n = k++;
        const body = JSON.stringify({ claim: Math.floor(n / tokens.length) + 1 });
        const res = await clients[i]!.post(
          `/api/rains/${rainId}/claim`,
          headers(tokens[n % tokens.length]!),
          body,
        );
        return res.status === 200 ? null : refusalCode(res);
      },
      { phaseMs: RAIN_PHASE_MS },
    );
    line('contract-rain-claims-per-second', perSecond(f), 'claims/s', '>=', 500);
    line('contract-rain-claim-p99', p99(f), 'ms', '<=', 50);
    refusals('contract-rain-claims', f);
    const claimants = await sql<{ n: number }>`
      select count(distinct member_id)::int as n from rain_envelope where rain_id = ${rainId}::bigint
        and member_id is not null`.execute(db);
    infoLine('contract-rain-claimants', claimants.rows[0]!.n, 'members');

    // The end: the rest returns to the agent; claimed + returned is the budget, to the cent.
    const r = await db
      .selectFrom('rain')
      .select(['ends_at', 'budget'])
      .where('id', '=', BigInt(rainId))
      .executeTakeFirstOrThrow();
    await endRain(db, BigInt(rainId), new Date(r.ends_at.getTime() + 1), { status: 'finished' });
    const sums = await sql<{ claimed: string; returned: string; held: string }>`
      select (select coalesce(sum(amount), 0) from rain_envelope e
                where e.rain_id = ${rainId}::bigint and e.transfer_id is not null)::text as claimed,
        (select returned from rain where id = ${rainId}::bigint)::text as returned,
        (select coalesce(sum(balance), 0) from ledger_account where kind = 'held')::text as held`.execute(db);
    const s = sums.rows[0]!;
    const off = r.budget - BigInt(s.claimed) - BigInt(s.returned) + BigInt(s.held);
    line('contract-rain-sum-mismatch', Number(off < 0n ? -off : off), 'minor units', '<=', 0);
  } finally {
    for (const c of clients) c.close();
    await api.close();
  }
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
    await rain(db, url, m.id);
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
  } finally {
    await handle.close();
  }
});
