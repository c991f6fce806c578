// Long file: one bench over one data set, its set-up and its six figures read best together.
// npm run bench:scale — ten times the data (issue 54 item 6), on PostgreSQL. Set-up (bulk SQL on a scratch
// database, timed apart): 1,000,000 members of the demo merchant in one agent tree nine levels deep
// (97,656 agents, the rest players; mobile numbers, payee names, addresses), a wallet each, 10,000,000
// ledger entries (5,000,000 two-legged transfers over the last 360 days, so thirteen monthly partitions:
// 1,000 busy players hold 1,000 transfers each, the rest about four), today's figures for a third of the
// members, a 1,000,000-bet 5D period (200,000 bettors × 5 bets) and a closed day of 2,000,000 bets of all
// 1,000,000 members queued for the house roll-up. Then:
//  - a busy player's account record page through HTTP (the page and its total checked): p95 ≤ 10 ms;
//  - the top agent's team KPIs through HTTP (bettors checked against the raw rows): p95 ≤ 50 ms;
//  - the console's member search through HTTP (username, mobile, name, address): p95 ≤ 20 ms;
//  - settling the 1,000,000-bet period (every bet decided): ≤ 10 s;
//  - the daily rebate (DAILY-REBATE) over the 1,000,000 members (every payment checked): ≤ 60 s;
//  - the agents' rebate run over the same day (every bet priced, beneficiaries paid): ≤ 60 s.
// Each figure's statements are saved with EXPLAIN (ANALYZE, BUFFERS) in bench-scale-plans/ (the runs from
// a rehearsal rolled back just before them; BENCH_SCALE_PLANS=0 skips that). Exits 1 when a line FAILs.
import { sql } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { buildApp } from '../app';
import { buildContext } from '../app-context';
import { openDatabase, type Database } from '../db/database';
import { systemClock } from '../lib/clock';
import { createIpCountryLookup } from '../modules/geo/ip-country';
import { computeRebateDay, settleRebateDay } from '../modules/agents/rebate-run';
import { getGame } from '../modules/lottery/engine/registry';
import { periodAt } from '../modules/lottery/engine/schedule';
import { createPeriods, drawPeriod, findPeriod } from '../modules/lottery/lottery.periods';
import { settlePeriod } from '../modules/lottery/lottery.settlement';
import { runPromotionRebateDay } from '../modules/promotions/rebate-run';
import { rollUpHouse } from '../modules/wallet/house-rollup';
import { makeLedgerPartitions } from '../modules/wallet/ledger-partitions';
import { accountIdFor, HOUSE_SHARDS, houseKey } from '../modules/wallet/ledger';
import { BANK_CLEARING } from '../modules/deposits/deposit-credit';
import {
  BenchHttpClient,
  expectedPromotionRebate,
  FIVE_D_BET_MIX,
  line,
  openDemoDatabase,
  percentile,
  runBench,
  startApi,
} from './bench-support';
import { explainReads, rehearse, savePlans } from './bench-explain';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

const MEMBERS = Number(process.env.BENCH_SCALE_MEMBERS ?? 1_000_000);
const TRANSFERS = Number(process.env.BENCH_SCALE_ENTRIES ?? 10_000_000) / 2;
const LOTTERY_BETS = Number(process.env.BENCH_SCALE_LOTTERY_BETS ?? 1_000_000);
const BETS_EACH = 5;
const BUSY = 1_000;
const LEVELS = Number(process.env.BENCH_SCALE_LEVELS ?? 9);
const BRANCH = 5;
/** The agents of the eight upper levels (97,656); the ninth holds the players. */
const AGENTS = (BRANCH ** (LEVELS - 1) - 1) / (BRANCH - 1);
const SAMPLES = 200;
const PLANS = process.env.BENCH_SCALE_PLANS !== '0';
const GAME = '5D';
const PRODUCTS = ['slots', 'lottery', 'live', 'fishing'];
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** The tree, level by level: member g of a level joins member g mod (size of the level above) of it. */
async function buildTree(db: Database, merchantId: number) {
  let prev = 0;
  let made = 0;
  for (let level = 1; level <= LEVELS; level++) {
    const n = level === LEVELS ? MEMBERS - made : BRANCH ** (level - 1);
    await sql`
      insert into member (merchant_id, username, password_hash, type, upline_id, vip_level, country_dialing_code,
        mobile_num, payee_name, register_ip, created_at)
      select ${merchantId}::int, 'sc' || ${level}::int || '_' || g, 'bench-no-login',
        ${level === LEVELS ? MEMBER_TYPE.PLAYER : MEMBER_TYPE.AGENT}::int, p.id, g % 6, '63',
        (9000000000 + ${level}::bigint * 100000000 + g)::text, 'Payee ' || ${level}::int || ' ' || g,
        (10 + ${level}::int) || '.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256,
        now() - interval '400 days'
      from generate_series(0, ${n - 1}::int) g
      left join (select id, row_number() over (order by id) - 1 as k from member
                 where username like ${`sc${level - 1}\\_%`}) p on p.k = g % greatest(${prev}::int, 1)`.execute(
      db,
    );
    prev = n;
    made += n;
  }
  // Rates: 7.80 % lottery and 2.00 % slots at the top, a step less per level (players hold none).
  await sql`
    insert into member_rebate (merchant_id, member_id, product, rate_bp, updated_at, updated_by)
    select m.merchant_id, m.id, p.product,
      p.top - p.step * (length(m.path) - length(replace(m.path, '/', '')) - 2), now(), 'bench'
    from member m cross join (values ('lottery', 780, 80), ('slots', 200, 20)) p(product, top, step)
    where m.username like 'sc%' and m.type = ${MEMBER_TYPE.AGENT}`.execute(db);
  // Every member in one numbered list (k), busy players first, with the wallet opened for each.
  await sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, currency, balance)
    select merchant_id, 'real', 'member_wallet', id, 'PHP', 0 from member where username like 'sc%'`.execute(
    db,
  );
  await sql`
    create unlogged table bench_member as
    select row_number() over (order by (m.username like 'sc9\\_%') desc, m.id desc) - 1 as k, m.id, a.id as wallet
    from member m join ledger_account a on a.owner_member_id = m.id and a.kind = 'member_wallet'
    where m.username like 'sc%'`.execute(db);
  await sql`create unique index on bench_member (k)`.execute(db);
}

/**
 * TRANSFERS two-legged transfers over the last 360 days, in time order: every fifth belongs to one of the
 * BUSY busy players, the rest to the others; a member's first is a deposit (100.00 from bank clearing),
 * then bets of 30.00 to the member's house shard and deposits alternate, so no wallet goes below zero.
 * Wallet entries carry the balance after them; the accounts' balances are the sums.
 */
async function buildLedger(db: Database, merchantId: number) {
  const houses: bigint[] = [];
  for (let s = 0; s < HOUSE_SHARDS; s++)
    houses.push(await accountIdFor(db, houseKey(merchantId, BigInt(s), 'PHP')));
  const clearing = await accountIdFor(db, {
    merchantId,
    book: 'real',
    kind: 'payment_clearing',
    ref: BANK_CLEARING,
    currency: 'PHP',
  });
  await makeLedgerPartitions(db, new Date(Date.now() - 400 * DAY_MS), new Date(Date.now() + 90 * DAY_MS));
  await sql`
    create unlogged table bench_plan as
    with t as (
      select t, case when t % 5 = 0 then (t / 5) % ${BUSY}::int
                     else ${BUSY}::int + (t::bigint * 7919) % (${MEMBERS - BUSY}::int) end as k
      from generate_series(0, ${TRANSFERS - 1}::int) t
    )
    select t.t, m.id as member_id, m.wallet,
      case when row_number() over (partition by t.k order by t.t) % 2 = 1 then 10000 else -3000 end as amount,
      now() - interval '360 days' + (t.t::float8 / ${TRANSFERS}::int) * interval '359 days' as at
    from t join bench_member m on m.k = t.k`.execute(db);
  const base = await sql<{
    id: string;
  }>`select coalesce(max(id), 0)::text as id from ledger_transfer`.execute(db);
  const b = BigInt(base.rows[0]!.id) + 1n;
  await sql`
    insert into ledger_transfer (id, merchant_id, book, kind, reference, created_by, created_at)
    overriding system value
    select ${b}::bigint + t, ${merchantId}::int, 'real', case when amount > 0 then 'deposit' else 'bet' end,
      case when amount > 0 then 'deposit:bench-' || t end, 'bench', at
    from bench_plan order by t`.execute(db);
  await sql`select setval(pg_get_serial_sequence('ledger_transfer', 'id'), (select max(id) from ledger_transfer))`.execute(
    db,
  );
  const houseArray = sql.raw(`array[${houses.join(',')}]::bigint[]`);
  await sql`
    insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
    select transfer_id, account_id, amount, balance_after, at from (
      select ${b}::bigint + t as transfer_id, t, 1 as leg, wallet as account_id, amount,
        sum(amount) over (partition by wallet order by t) as balance_after, at
      from bench_plan
      union all
      select ${b}::bigint + t, t, 2, case when amount > 0 then ${clearing}::bigint
        else (${houseArray})[1 + member_id % ${HOUSE_SHARDS}::int] end, -amount, null, at
      from bench_plan
    ) e order by t, leg`.execute(db);
  await sql`
    update ledger_account a set balance = s.balance
    from (select account_id, sum(amount) as balance from ledger_entry group by account_id) s
    where a.id = s.account_id`.execute(db);
  await sql`drop table bench_plan`.execute(db);
}

/** Today's figures for a third of the members (the team KPI reads their roll-up), and who is online. */
async function todaysFigures(db: Database, merchantId: number, today: string) {
  await sql`
    insert into member_day (merchant_id, member_id, day, product, bets, bet_count, wins, refunds, deposits,
      deposit_count)
    select ${merchantId}::int, m.id, ${today}::date, case when m.k % 2 = 0 then 'lottery' else 'slots' end,
      1000 + (m.k * 7) % 50000, 1 + m.k % 9, (m.k * 11) % 45000, 0,
      case when m.k % 10 = 0 then 10000 else 0 end, case when m.k % 10 = 0 then 1 else 0 end
    from bench_member m where m.k % 3 = 0`.execute(db);
  // A tenth of them signed in today: a thousand a statement, as sign-ins come one by one (each moves the
  // same ancestors' rows of today, and one statement moving a row a hundred thousand times walks an
  // ever longer chain of its versions).
  for (let k = 0; k < MEMBERS; k += 10_000)
    await sql`
      update member set last_login_at = now()
      where id in (select id from bench_member where k >= ${k}::int and k < ${k + 10_000}::int and k % 10 = 0)`.execute(
      db,
    );
}

/** A 1,000,000-bet 5D period: 200,000 bettors, five bets each across the game's six bet types. */
async function lotteryPeriod(db: Database, merchantId: number) {
  const houses: bigint[] = [];
  for (let s = 0; s < HOUSE_SHARDS; s++)
    houses.push(await accountIdFor(db, houseKey(merchantId, BigInt(s), 'PHP')));
  const period = periodAt(getGame(GAME), new Date());
  await createPeriods(db, [period], new Date());
  const p = (await findPeriod(db, GAME, period.numero))!;
  const bettors = LOTTERY_BETS / BETS_EACH;
  // One order per bettor; its debit is not part of what is measured (transfer_id points nowhere).
  await sql`
    insert into lottery_order (merchant_id, member_id, book, game_code, idempotency_key, request_hash,
      total_stake, transfer_id, created_at)
    select ${merchantId}::int, m.id, 'real', ${GAME}, 'bench-' || m.k, 'bench', 1, 0, now()
    from bench_member m where m.k >= ${BUSY}::int and m.k < ${BUSY + bettors}::int`.execute(db);
  await sql`
    with o as (
      select m.k - ${BUSY}::int as k, o.id as order_id, o.member_id, m.wallet
      from lottery_order o join bench_member m on m.id = o.member_id
      where o.idempotency_key like 'bench-%'
    ), g as (
      select g, g % ${bettors}::int as k, g % 6 as t, (g / 6) % 10 as d from generate_series(0, ${LOTTERY_BETS - 1}::int) g
    )
    insert into lottery_bet (order_id, merchant_id, member_id, book, period_id, game_code, numero, bet_type,
      selection, amount, units, stake, wallet_account_id, house_account_id, created_at)
    select o.order_id, ${merchantId}::int, o.member_id, 'real', ${p.id}, ${GAME}, ${period.numero},
      ${FIVE_D_BET_MIX}, o.wallet,
      (array[${sql.join(houses.map((h) => sql`${h}::bigint`))}])[o.member_id % ${HOUSE_SHARDS} + 1], now()
    from g join o on o.k = g.k`.execute(db);
  return { id: p.id, drawAt: period.drawAt };
}

/** Two bets of every member on `day`, in the house queue as the bet path leaves them, rolled up. */
async function closedDay(db: Database, merchantId: number, day: string) {
  const shards: bigint[] = [];
  for (let s = 0; s < HOUSE_SHARDS; s++)
    shards.push(await accountIdFor(db, houseKey(merchantId, BigInt(s), 'PHP')));
  await sql`
    insert into house_pending (account_id, amount, member_id, kind, product, at)
    select (${sql.raw(`array[${shards.join(',')}]::bigint[]`)})[1 + m.id % ${HOUSE_SHARDS}::int],
      10000 + (m.k * 31 + j * 17) % 50000, m.id, 'bet',
      (${sql.raw(`array[${PRODUCTS.map((p) => `'${p}'`).join(',')}]`)})[1 + (m.k + j) % ${PRODUCTS.length}::int],
      ${day}::date + ((m.k * 2 + j) % 86000) * interval '1 second'
    from bench_member m cross join generate_series(0, 1) j`.execute(db);
  while ((await rollUpHouse(db)) > 0);
}

/** A session for each member, as sign-in makes one (its token's hash stored; a prefix of 20 or more characters, as the token rule asks); returns the tokens. */
async function sessions(db: Database, merchantId: number, members: readonly bigint[], prefix: string) {
  await sql`
    insert into member_session (merchant_id, member_id, token_hash, kind, created_at, expires_at, last_seen_at,
      idle_minutes)
    select ${merchantId}::int, m, encode(sha256(convert_to(${prefix} || m::text, 'UTF8')), 'hex'), 'session',
      now(), now() + interval '1 day', now(), 600
    from unnest(${members.map(String)}::bigint[]) m`.execute(db);
  return members.map((m) => `${prefix}${m}`);
}

/** `count` sequential calls; only answers `check` accepts are timed (the rest are counted as wrong). */
async function timed(count: number, call: (i: number) => Promise<boolean>) {
  const ms: number[] = [];
  let wrong = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    if (await call(i)) ms.push(performance.now() - t0);
    else wrong++;
  }
  return { ms, wrong };
}

function budget(name: string, r: { ms: number[]; wrong: number }, max: number) {
  infoLine(`${name.replace(/-p95$/, '')}-p50`, percentile(r.ms, 0.5), 'ms');
  line(name, r.ms.length > 0 && r.wrong === 0 ? percentile(r.ms, 0.95) : Number.NaN, 'ms', '<=', max);
  if (r.wrong > 0) console.log(`bench ${name}-wrong: ${r.wrong} wrong or refused answers (budget = 0) FAIL`);
}

/** The statements one request runs, explained on the bench's data (an in-process app hears them). */
async function explainRequest(
  url: string,
  name: string,
  figure: string,
  path: string,
  authorization: string,
) {
  const heard: { sql: string; parameters: readonly unknown[] }[] = [];
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2, onQuery: (q) => heard.push(q) });
  try {
    const app = await buildApp({
      ctx: buildContext(handle, {
        clock: systemClock,
        geo: createIpCountryLookup(),
        defaultMerchant: 'panalo',
        dev: false,
      }),
      logLevel: 'warn',
    });
    await app.inject({ method: 'GET', url: path, headers: { merchant: 'panalo', authorization } });
    heard.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: path,
      headers: { merchant: 'panalo', authorization },
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    await app.close();
    savePlans(name, figure, await explainReads(url, heard));
  } finally {
    await handle.close();
  }
}

runBench('scale', async (url) => {
  const { handle, db, merchantId } = await openDemoDatabase(url);
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    const m = await db
      .selectFrom('merchant')
      .select(['id', 'currency', 'settings'])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const today = isoDay(now);
    const closed = isoDay(now - 2 * DAY_MS);
    let t0 = performance.now();
    await buildTree(db, m.id);
    infoLine('scale-setup-members', seconds(t0), 's');
    t0 = performance.now();
    await buildLedger(db, m.id);
    infoLine('scale-setup-ledger', seconds(t0), 's');
    t0 = performance.now();
    await todaysFigures(db, m.id, today);
    infoLine('scale-setup-figures', seconds(t0), 's');
    t0 = performance.now();
    const period = await lotteryPeriod(db, m.id);
    infoLine('scale-setup-lottery', seconds(t0), 's');
    t0 = performance.now();
    await closedDay(db, m.id, closed);
    infoLine('scale-setup-closed-day', seconds(t0), 's');
    t0 = performance.now();
    await sql`vacuum (analyze)`.execute(db);
    // The set-up's gigabytes written out now, not by a checkpoint in the middle of the timed reads.
    await sql`checkpoint`
      .execute(db)
      .catch(() => infoLine('scale-checkpoint', 'not allowed for this role (the reads may meet one)'));
    infoLine('scale-setup-vacuum', seconds(t0), 's');
    const size = await sql<{ members: string; entries: string; months: string; bets: string; bytes: string }>`
      select (select count(*) from member where merchant_id = ${m.id})::text as members,
        (select count(*) from ledger_entry)::text as entries,
        (select count(*) from pg_inherits where inhparent = 'ledger_entry'::regclass)::text as months,
        (select count(*) from lottery_bet where period_id = ${period.id})::text as bets,
        pg_size_pretty(pg_database_size(current_database())) as bytes`.execute(db);
    const s = size.rows[0]!;
    infoLine(
      'scale-data',
      `${s.members} members, ${s.entries} ledger entries in ${s.months} partitions, ${s.bets} bets in the period, database ${s.bytes}`,
    );

    // The reads, through HTTP, one at a time.
    // The busy players, with their entries: all of them, and those of the last 30 days (the merchant's days).
    const monthFrom = isoDay(now - 29 * DAY_MS);
    const busy = await sql<{ id: bigint; wallet: bigint; n: string; month: string }>`
      with tz as (select merchant_time_zone(settings) as tz from merchant where id = ${m.id})
      select m.id, m.wallet, (select count(*) from ledger_entry e where e.account_id = m.wallet)::text as n,
        (select count(*) from ledger_entry e where e.account_id = m.wallet
          and e.created_at >= ${monthFrom}::date::timestamp at time zone tz.tz
          and e.created_at < (${today}::date + 1)::timestamp at time zone tz.tz)::text as month
      from bench_member m, tz where m.k < 50 order by m.k`.execute(db);
    const recordTokens = await sessions(
      db,
      m.id,
      busy.rows.map((r) => r.id),
      'bench-scale-record-session-',
    );
    const top = await db
      .selectFrom('member')
      .select('id')
      .where('username', '=', 'sc1_0')
      .executeTakeFirstOrThrow();
    const [topToken] = await sessions(db, m.id, [top.id], 'bench-scale-agent-session-');
    const ops = await db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', m.id)
      .where('username', '=', 'ops01')
      .executeTakeFirstOrThrow();
    const [opsToken] = await sessions(db, m.id, [ops.id], 'bench-scale-staff-session-');
    const bettors = await sql<{ n: number }>`
      with a as (select path from member where id = ${top.id})
      select count(distinct d.member_id)::int as n from a, member_day d join member m on m.id = d.member_id
      where d.day = ${today}::date and d.bet_count > 0 and m.path > a.path and m.path < left(a.path, -1) || '0'`.execute(
      db,
    );
    api = await startApi(url);
    const client = await BenchHttpClient.connect(api.port);
    const get = async (path: string, token: string) => {
      const res = await client.get(path, { merchant: 'panalo', authorization: `Bearer ${token}` });
      return res.status === 200 ? (JSON.parse(res.body) as { value: unknown }).value : undefined;
    };
    const recordPath = (i: number) =>
      i % 2 === 0
        ? '/api/cashier/transactions?page=1&pageSize=20'
        : `/api/cashier/transactions?page=1&pageSize=20&from=${monthFrom}&to=${today}`;
    const record = async (i: number) => {
      const who = i % busy.rows.length;
      const v = (await get(recordPath(i), recordTokens[who]!)) as
        { list: unknown[]; total: number } | undefined;
      // The total must be the member's entries counted here: the whole history's, or the 30 days'.
      return (
        v !== undefined &&
        v.list.length === Math.min(20, v.total) &&
        v.total === Number(i % 2 === 0 ? busy.rows[who]!.n : busy.rows[who]!.month)
      );
    };
    await timed(20, record);
    budget('scale-account-record-p95', await timed(SAMPLES, record), 10);

    const kpiPath = `/api/agent/team/kpi?startDate=${today}&endDate=${today}&size=0`;
    const kpi = async () => {
      const v = (await get(kpiPath, topToken!)) as { footer: { teamBetMemberCount: number } } | undefined;
      return v?.footer.teamBetMemberCount === bettors.rows[0]!.n;
    };
    await timed(10, kpi);
    budget('scale-team-kpi-p95', await timed(SAMPLES / 2, kpi), 50);
    infoLine(
      'scale-team-kpi-bettors',
      `${bettors.rows[0]!.n} bettors today in the top agent's team of ${MEMBERS - 1}`,
    );

    const ways = ['username', 'mobile', 'name', 'ip'] as const;
    const searchFor = (i: number) => {
      const g = Math.floor(Math.random() * (MEMBERS - AGENTS));
      const by = ways[i % ways.length]!;
      const q =
        by === 'username'
          ? `sc${LEVELS}_${g}`
          : by === 'mobile'
            ? `0${9_000_000_000 + LEVELS * 100_000_000 + g}`
            : by === 'name'
              ? `payee ${LEVELS} ${g}`
              : `${10 + LEVELS}.${Math.floor(g / 65536) % 256}.${Math.floor(g / 256) % 256}.${g % 256}`;
      return {
        path: `/api/ops/members?by=${by}&q=${encodeURIComponent(q)}&pageSize=20`,
        username: `sc${LEVELS}_${g}`,
      };
    };
    const search = async (i: number) => {
      const { path, username } = searchFor(i);
      const v = (await get(path, opsToken!)) as { list: { username: string }[] } | undefined;
      return v?.list.some((x) => x.username === username) ?? false;
    };
    await timed(40, search);
    budget('scale-member-search-p95', await timed(SAMPLES * 2, search), 20);
    client.close();
    await api.close();
    api = null;

    if (PLANS) {
      await explainRequest(
        url,
        'account-record',
        "a busy player's account record page",
        recordPath(0),
        `Bearer ${recordTokens[0]}`,
      );
      await explainRequest(url, 'team-kpi', "the top agent's team KPIs", kpiPath, `Bearer ${topToken}`);
      for (let i = 0; i < ways.length; i++)
        await explainRequest(
          url,
          `member-search-${ways[i]}`,
          `member search by ${ways[i]}`,
          searchFor(i).path,
          `Bearer ${opsToken}`,
        );
    }

    // The runs: each rehearsed (plans) and rolled back, then timed.
    await drawPeriod(db, period.id, period.drawAt);
    if (PLANS)
      savePlans(
        'lottery-settle',
        'settling the 1,000,000-bet period',
        await rehearse(url, (trx) => settlePeriod(trx, period.id, period.drawAt)),
      );
    t0 = performance.now();
    const settled = await settlePeriod(db, period.id, period.drawAt);
    const settleSeconds = seconds(t0);
    const decided = await sql<{ n: string }>`
      select count(*)::text as n from lottery_bet where period_id = ${period.id} and status in ('won', 'lost')`.execute(
      db,
    );
    infoLine(
      'scale-lottery-settled',
      `${settled.bets} bets, ${settled.transfers} winning wallets credited, ${formatAmount(settled.paidMinor)} PHP`,
    );
    line(
      'scale-lottery-settle-1m-bets',
      Number(decided.rows[0]!.n) === LOTTERY_BETS ? settleSeconds : Number.NaN,
      's',
      '<=',
      10,
    );

    const rebate = await db
      .selectFrom('promotion')
      .select(['id', 'code', 'reward', 'texts', 'wagering_multiplier_tenths'])
      .where('merchant_id', '=', m.id)
      .where('code', '=', 'DAILY-REBATE')
      .executeTakeFirstOrThrow();
    const runMerchant = { id: m.id, currency: m.currency, tz: 'UTC' };
    if (PLANS)
      savePlans(
        'daily-rebate',
        'the daily rebate over 1,000,000 members',
        await rehearse(url, (trx) => runPromotionRebateDay(trx, runMerchant, rebate, closed, new Date())),
      );
    t0 = performance.now();
    const run = await runPromotionRebateDay(db, runMerchant, rebate, closed, new Date());
    const rebateSeconds = seconds(t0);
    const want = (await expectedPromotionRebate(db, rebate, closed, 'sc%')).rows[0]!;
    const rightRebate =
      want.mismatched === '0' && BigInt(want.total) === run.amount && !run.busy && run.claims > 0;
    infoLine(
      'scale-daily-rebate-paid',
      `${run.claims} members paid ${formatAmount(run.amount)} PHP over ${want.bets} bets; ${want.mismatched} differ from the sums worked out apart`,
    );
    line('scale-daily-rebate-1m-members', rightRebate ? rebateSeconds : Number.NaN, 's', '<=', 60);

    const merchantDay = { id: m.id, currency: m.currency, settings: m.settings, tz: 'UTC' };
    if (PLANS)
      savePlans(
        'agent-rebate-run',
        "the agents' rebate run over the same day",
        await rehearse(url, async (trx) => {
          await computeRebateDay(trx, merchantDay, closed, new Date());
          await settleRebateDay(trx, merchantDay, closed, new Date());
        }),
      );
    t0 = performance.now();
    await computeRebateDay(db, merchantDay, closed, new Date());
    const agentRun = await settleRebateDay(db, merchantDay, closed, new Date());
    const agentSeconds = seconds(t0);
    const paid = await sql<{ bets: string; paid: string | null; n: string }>`
      select (select sum(bet_count) from member_day where day = ${closed}::date)::text as bets,
        (select sum(paid) from rebate_settlement where day = ${closed}::date)::text as paid,
        (select count(*) from rebate_settlement where day = ${closed}::date)::text as n`.execute(db);
    const p = paid.rows[0]!;
    infoLine(
      'scale-agent-rebate-paid',
      `${formatAmount(BigInt(p.paid ?? '0'))} PHP in ${p.n} settlements over ${p.bets} bets`,
    );
    line(
      'scale-agent-rebate-run-1m-members',
      Number(p.bets) === MEMBERS * 2 && agentRun.settled > 0 && !agentRun.busy ? agentSeconds : Number.NaN,
      's',
      '<=',
      60,
    );
  } finally {
    await api?.close();
    await handle.close();
  }
});
