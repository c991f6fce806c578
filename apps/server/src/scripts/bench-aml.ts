// Long file: one bench from its planted day to its figures (set-up, the timed scan, the bet phases beside it) reads best in one place.
// npm run bench:aml — the anti-money-laundering rules over a day of 1,000,000 transactions (issue 53
// "Proof"), on PostgreSQL.
// Set-up (bulk SQL on a scratch database, not timed): the demo merchant with 10,000 players (a real
// wallet and a pending-withdrawal account each, funded the day before), one day of 1,000,000 ledger
// transfers spread evenly over the day and over the players — 100,000 deposits (₱100–₱1,000), 30,000
// withdrawal requests (₱100–₱300), 20,000 transfers to another player (₱100–₱1,000) and 850,000 bets
// (₱60–₱150, every deposit followed by enough of them that no withdrawal is "little play") — and no
// shared card, device or payee name among them: the day holds no pattern of its own. Planted on
// dedicated members, each tripping one rule: covered deposits and a covered withdrawal, structuring,
// low play, pass-through chains, accounts behind one card, one device, one payee name; and near misses
// that must open nothing (just below the threshold, 30 % of play, 79.99 % passed on, an hour and a
// minute later, two accounts on one device or one payee name). The previous day is scanned already
// (the cursor stands before the day).
// Timed: one scan of the merchant (`amlService.scan`, default settings) over the whole day, 2 minutes
// after its end. Budget ≤ 30 s; the cases opened must be exactly the ones planted.
// Then the bet path: the vendor bet callback through real HTTP (as bench:wallet measures it), alone and
// while the monitor (in a worker thread: its own event loop, the same cores and database) scans the
// day's last hour every 2 s — 30 times its cadence, 60 times a minute's money each time: the p99 beside
// it ≤ 1.5 × the p99 alone. Scans back to back (a core of the two taken) are printed for information.
// BENCH_AML_TRANSFERS scales the day down while developing; BENCH_AML_BET_MS sets each bet phase.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { amlService } from '../modules/aml/aml.service';
import { accountIdFor, houseKey } from '../modules/wallet/ledger';
import {
  benchPlayers,
  betPhase,
  CLIENTS,
  line,
  openDemoDatabase,
  p99,
  perSecond,
  refusals,
  runBench,
  startApi,
  type BenchApi,
  type Figures,
} from './bench-support';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

const TRANSFERS = Number(process.env.BENCH_AML_TRANSFERS ?? 1_000_000);
const BET_MS = Number(process.env.BENCH_AML_BET_MS ?? 4_000);
const PLAYERS = 10_000;
const DAY = '2026-06-15';
const START = Date.parse(`${DAY}T00:00:00Z`);
const DAY_MS = 86_400_000;
/** The day's transfers are spread over its first 86,399 seconds. */
const SPAN_MS = DAY_MS - 1000;
/** The scan: 2 minutes after the day's end (past the minute a transfer may still be committing). */
const NOW = new Date(START + DAY_MS + 120_000);
const SCAN_BUDGET_S = 30;
const P99_RATIO_BUDGET = 1.5;
const MOVE_KINDS = ['deposit', 'withdrawal_hold', 'transfer_to_downline', 'transfer_upline'];

const at = (hours: number, minutes = 0) => new Date(START + hours * 3_600_000 + minutes * 60_000);
/** Pesos to minor units. */
const php = (pesos: number) => BigInt(Math.round(pesos * 100));

// ---- The planted patterns: members, their links, their money ----

interface PlantedMember {
  user: string;
  payee?: string;
  /** A bank card's hash; `removed` when the member has removed it since. */
  card?: { hash: string; removed: boolean };
  device?: string;
}

/** Who money comes from or goes to: the merchant's accounts, or a planted member's wallet or pending withdrawal. */
type Party = 'clearing' | 'house' | { wallet: string } | { pending: string };

interface PlantedMove {
  at: Date;
  kind: string;
  from: Party;
  to: Party;
  amount: bigint;
}

const members: PlantedMember[] = [];
const moves: PlantedMove[] = [];
/** The cases the scan must open: `rule username`. */
const expected: string[] = [];

const member = (user: string, o: Omit<PlantedMember, 'user'> = {}) => {
  members.push({ user: `aml_${user}`, ...o });
  return `aml_${user}`;
};
const deposit = (user: string, when: Date, amount: bigint) =>
  moves.push({ at: when, kind: 'deposit', from: 'clearing', to: { wallet: user }, amount });
const withdraw = (user: string, when: Date, amount: bigint) =>
  moves.push({ at: when, kind: 'withdrawal_hold', from: { wallet: user }, to: { pending: user }, amount });
const send = (kind: string, from: string, to: string, when: Date, amount: bigint) =>
  moves.push({ at: when, kind, from: { wallet: from }, to: { wallet: to }, amount });
/** `count` bets of `each`, a minute apart from `from`. */
const bets = (user: string, from: Date, count: number, each: bigint) => {
  for (let i = 0; i < count; i++)
    moves.push({
      at: new Date(from.getTime() + i * 60_000),
      kind: 'bet',
      from: { wallet: user },
      to: 'house',
      amount: each,
    });
};
/** A member who deposits ₱5,000, bets ₱3,000 of it and asks to withdraw ₱1,500: no rule of money. */
const playerWhoWithdraws = (user: string, hour: number) => {
  deposit(user, at(hour), php(5_000));
  bets(user, at(hour, 5), 6, php(500));
  withdraw(user, at(hour, 30), php(1_500));
};
const expectCase = (rule: string, user: string) => expected.push(`${rule} ${user}`);

function plant() {
  // Covered: single deposits at or above ₱5,000,000.00, and a big winner's withdrawal (who played enough).
  const threshold = php(5_000_000);
  const covered: [number, bigint][] = [
    [3, threshold],
    [9, php(7_250_000)],
    [21, threshold],
  ];
  for (const [i, [hour, amount]] of covered.entries()) {
    const u = member(`cov${i + 1}`);
    deposit(u, at(hour, 10), amount);
    expectCase('covered', u);
  }
  const winner = member('covw');
  deposit(winner, at(6), php(2_000_000));
  bets(winner, at(6, 5), 10, php(100_000));
  moves.push({ at: at(7), kind: 'win', from: 'house', to: { wallet: winner }, amount: php(4_500_000) });
  withdraw(winner, at(7, 30), php(5_400_000));
  expectCase('covered', winner);
  // Structuring: three deposits from 90 % of the threshold up to just below it, within hours.
  const s1 = member('str1');
  deposit(s1, at(10), php(4_500_000));
  deposit(s1, at(11, 30), php(4_750_000));
  deposit(s1, at(13), php(4_999_999.99));
  expectCase('structuring', s1);
  const s2 = member('str2');
  for (const h of [15, 16, 17]) deposit(s2, at(h), php(4_800_000));
  expectCase('structuring', s2);
  // Low play: deposits, then a withdrawal request with 10 % of them bet, or none.
  const l1 = member('lp1');
  deposit(l1, at(8), php(20_000));
  bets(l1, at(8, 10), 4, php(500));
  withdraw(l1, at(9), php(17_000));
  expectCase('low_play', l1);
  const l2 = member('lp2');
  deposit(l2, at(12), php(5_000));
  deposit(l2, at(12, 30), php(5_000));
  withdraw(l2, at(13), php(9_800));
  expectCase('low_play', l2);
  // Pass-through: A → B ₱100,000.00, B → C ₱90,000.00 within 20 and 30 minutes.
  for (const [i, hour, kind, gap] of [
    [1, 14, 'transfer_to_downline', 20],
    [2, 19, 'transfer_upline', 30],
  ] as const) {
    const [a, b, c] = [member(`pt${i}a`), member(`pt${i}b`), member(`pt${i}c`)];
    deposit(a, at(hour), php(150_000));
    send(kind, a, b, at(hour, 10), php(100_000));
    send('transfer_to_downline', b, c, at(hour, 10 + gap), php(90_000));
    expectCase('pass_through', b);
  }
  // One bank card behind two accounts (one removed it since): the one still holding it withdraws.
  for (const [i, hour] of [
    [1, 10],
    [2, 16],
  ] as const) {
    const hash = `bench-aml-card-${i}`;
    member(`sc${i}a`, { card: { hash, removed: true } });
    const b = member(`sc${i}b`, { card: { hash, removed: false } });
    playerWhoWithdraws(b, hour);
    expectCase('shared_card', b);
  }
  // One device behind three accounts; one payee name behind three (its case ignored): one withdraws.
  const [d1] = ['sd1', 'sd2', 'sd3'].map((u) => member(u, { device: 'bench-aml-device-trio' }));
  playerWhoWithdraws(d1!, 18);
  expectCase('shared_device', d1!);
  const [p1] = ['Bench Payee Trio', 'BENCH PAYEE TRIO', 'bench payee trio'].map((payee, i) =>
    member(`sp${i + 1}`, { payee }),
  );
  playerWhoWithdraws(p1!, 20);
  expectCase('shared_payee', p1!);

  // Near misses: none of these may open a case.
  deposit(member('x_cov'), at(4), php(4_999_999.99));
  const xs = member('x_str');
  // Three deposits above 90 %, but never three within 24 hours (the first one the day before).
  deposit(xs, new Date(START - 3 * 3_600_000), php(4_600_000));
  deposit(xs, at(21, 30), php(4_600_000));
  deposit(xs, at(22), php(4_600_000));
  const xl = member('x_lp');
  deposit(xl, at(5), php(10_000));
  bets(xl, at(5, 10), 3, php(1_000));
  withdraw(xl, at(6), php(5_000));
  // 79.99 % passed on; all of it, an hour and a minute later; all of it, below ₱50,000.00.
  const [xa, xb, xc] = [member('x_pt1a'), member('x_pt1b'), member('x_pt1c')];
  deposit(xa, at(2), php(150_000));
  send('transfer_to_downline', xa, xb, at(2, 10), php(100_000));
  send('transfer_to_downline', xb, xc, at(2, 20), php(79_999.99));
  const [ya, yb] = [member('x_pt2a'), member('x_pt2b')];
  deposit(ya, at(3), php(150_000));
  send('transfer_to_downline', ya, yb, at(3, 10), php(100_000));
  withdraw(yb, at(4, 11), php(100_000));
  const [za, zb, zc] = [member('x_pt3a'), member('x_pt3b'), member('x_pt3c')];
  deposit(za, at(1), php(60_000));
  send('transfer_to_downline', za, zb, at(1, 10), php(49_999.99));
  send('transfer_to_downline', zb, zc, at(1, 15), php(49_999.99));
  const [xd] = ['x_sd1', 'x_sd2'].map((u) => member(u, { device: 'bench-aml-device-duo' }));
  playerWhoWithdraws(xd!, 23);
  const [xp] = ['x_sp1', 'x_sp2'].map((u) => member(u, { payee: 'Bench Payee Duo' }));
  playerWhoWithdraws(xp!, 22);
}

// ---- Set-up ----

/** The players, the planted members, their accounts and links, the day's transfers; the cursor before it. */
async function seed(db: Database, merchantId: number) {
  const q = (s: ReturnType<typeof sql>) => s.execute(db);
  const account = (kind: 'payment_clearing' | 'adjustment', ref = '') =>
    accountIdFor(db, { merchantId, book: 'real', kind, ref, currency: 'PHP' });
  const clearing = await account('payment_clearing', 'paymongo');
  const adjustment = await account('adjustment');
  const house = await accountIdFor(db, houseKey(merchantId, 0n, 'PHP'));
  const joined = new Date(START - 30 * DAY_MS);

  await q(sql`
    insert into member (merchant_id, username, password_hash, type, created_at)
    select ${merchantId}::int, 'ba_' || g, 'bench-no-login', 0, ${joined}::timestamptz
    from generate_series(1, ${PLAYERS}::int) g`);
  await q(sql`
    insert into member (merchant_id, username, password_hash, type, payee_name, created_at)
    select ${merchantId}::int, u, 'bench-no-login', 0, p, ${joined}::timestamptz
    from unnest(${members.map((m) => m.user)}::text[], ${members.map((m) => m.payee ?? null)}::text[]) x(u, p)`);
  await q(sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, currency, created_at)
    select ${merchantId}::int, 'real', k, m.id, 'PHP', ${joined}::timestamptz
    from member m cross join (values ('member_wallet'), ('pending_withdrawal')) v(k)
    where m.merchant_id = ${merchantId}::int and (m.username like 'ba\\_%' or m.username like 'aml\\_%')`);
  await q(sql`create unlogged table bench_member as
    select m.id, m.username, w.id as wallet, pw.id as pending,
      case when m.username like 'ba\\_%' then substr(m.username, 4)::int - 1 end as n
    from member m
    join ledger_account w on w.owner_member_id = m.id and w.kind = 'member_wallet'
    join ledger_account pw on pw.owner_member_id = m.id and pw.kind = 'pending_withdrawal'
    where m.merchant_id = ${merchantId}::int and (m.username like 'ba\\_%' or m.username like 'aml\\_%')`);
  await q(sql`create unique index on bench_member (n)`);
  await q(sql`create unique index on bench_member (username)`);
  // The links: bank cards (one of a pair removed since) and sessions on a device.
  const withCard = members.filter((m) => m.card);
  await q(sql`
    insert into member_bank_card (merchant_id, member_id, bank_code, card_number_enc, card_last4, card_hash,
      created_at, removed_at)
    select ${merchantId}::int, b.id, 'BDO', 'bench', '4242', x.hash, ${joined}::timestamptz,
      case when x.removed then ${new Date(START - 10 * DAY_MS)}::timestamptz end
    from unnest(${withCard.map((m) => m.user)}::text[], ${withCard.map((m) => m.card!.hash)}::text[],
      ${withCard.map((m) => m.card!.removed)}::boolean[]) x(u, hash, removed)
    join bench_member b on b.username = x.u`);
  const withDevice = members.filter((m) => m.device);
  await q(sql`
    insert into member_session (merchant_id, member_id, token_hash, kind, device, created_at, expires_at)
    select ${merchantId}::int, b.id, 'bench-aml-' || b.id, 'session', x.device,
      ${new Date(START - DAY_MS)}::timestamptz, ${new Date(START + 29 * DAY_MS)}::timestamptz
    from unnest(${withDevice.map((m) => m.user)}::text[], ${withDevice.map((m) => m.device!)}::text[]) x(u, device)
    join bench_member b on b.username = x.u`);

  // Every transfer, one row each (money from src to dst), then ledger ids in the order of time.
  await q(sql`create unlogged table bench_move (seq bigserial, at timestamptz, kind text, src bigint,
    dst bigint, amount bigint)`);
  await q(sql`
    insert into bench_move (at, kind, src, dst, amount)
    select ${new Date(START - 3_600_000)}::timestamptz, 'adjustment', ${adjustment}::bigint, wallet, 1000000
    from bench_member where n is not null order by n`);
  // Player p's k-th transfer of the day is slot (k + 37 p) mod 100 of a cycle of ten blocks of ten: a
  // deposit, eight or nine bets, and at the end of blocks 2, 5 and 8 a withdrawal request, of blocks 3
  // and 7 a transfer to the next player (every deposit's bets come before the next withdrawal request).
  await q(sql`
    insert into bench_move (at, kind, src, dst, amount)
    select ${new Date(START)}::timestamptz
        + ((g::bigint * ${SPAN_MS}::bigint / ${TRANSFERS}::bigint) + 50) * interval '1 millisecond',
      x.kind,
      case x.kind when 'deposit' then ${clearing}::bigint else w.wallet end,
      case x.kind when 'deposit' then w.wallet when 'withdrawal_hold' then w.pending
        when 'transfer_to_downline' then r.wallet else ${house}::bigint end,
      case x.kind when 'deposit' then 10000 + (g % 91) * 1000 when 'withdrawal_hold' then 10000 + (g % 21) * 1000
        when 'transfer_to_downline' then 10000 + (g % 91) * 1000 else 6000 + (g % 91) * 100 end
    from generate_series(0, ${TRANSFERS - 1}::int) g
    cross join lateral (select g % ${PLAYERS}::int as p, (g / ${PLAYERS}::int + (g % ${PLAYERS}::int) * 37) % 100 as slot) s
    cross join lateral (select case when s.slot % 10 = 0 then 'deposit'
      when s.slot % 10 = 9 and s.slot / 10 in (2, 5, 8) then 'withdrawal_hold'
      when s.slot % 10 = 9 and s.slot / 10 in (3, 7) then 'transfer_to_downline'
      else 'bet' end as kind) x
    join bench_member w on w.n = s.p
    join bench_member r on r.n = (s.p + 1) % ${PLAYERS}::int
    order by g`);
  const party = (p: Party) =>
    p === 'clearing'
      ? `c:${clearing}`
      : p === 'house'
        ? `c:${house}`
        : 'wallet' in p
          ? `w:${p.wallet}`
          : `p:${p.pending}`;
  await q(sql`
    insert into bench_move (at, kind, src, dst, amount)
    select x.at, x.kind, s.id, d.id, x.amount
    from unnest(${moves.map((m) => m.at.toISOString())}::timestamptz[], ${moves.map((m) => m.kind)}::text[],
      ${moves.map((m) => party(m.from))}::text[], ${moves.map((m) => party(m.to))}::text[],
      ${moves.map((m) => m.amount.toString())}::bigint[]) with ordinality x(at, kind, src, dst, amount, i)
    cross join lateral (
      select case left(x.src, 1) when 'c' then substr(x.src, 3)::bigint
        when 'w' then (select wallet from bench_member where username = substr(x.src, 3))
        else (select pending from bench_member where username = substr(x.src, 3)) end as id) s
    cross join lateral (
      select case left(x.dst, 1) when 'c' then substr(x.dst, 3)::bigint
        when 'w' then (select wallet from bench_member where username = substr(x.dst, 3))
        else (select pending from bench_member where username = substr(x.dst, 3)) end as id) d
    order by x.i`);
  const { rows: unresolved } = await sql<{ n: string }>`
    select count(*)::text as n from bench_move where src is null or dst is null`.execute(db);
  if (unresolved[0]!.n !== '0') throw new Error('a planted move names no account');
  const seqName = sql`pg_get_serial_sequence('ledger_transfer', 'id')`;
  const { rows: base } = await sql<{ b: string }>`select nextval(${seqName})::text as b`.execute(db);
  await q(sql`create unlogged table bench_tx as
    select ${base[0]!.b}::bigint + row_number() over (order by at, seq) as tid, at, kind, src, dst, amount
    from bench_move`);
  await q(sql`select setval(${seqName}, (select max(tid) from bench_tx))`);
  await q(sql`
    insert into ledger_transfer (id, merchant_id, book, kind, created_by, created_at) overriding system value
    select tid, ${merchantId}::int, 'real', kind, 'bench', at from bench_tx order by tid`);
  // Each account's balance after each entry (the house's shard left to its roll-up: null, as in production).
  await q(sql`
    insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
    select e.tid, e.account, e.amount,
      case when e.account <> ${house}::bigint
        then a.balance + sum(e.amount) over (partition by e.account order by e.tid, e.leg) end, e.at
    from (select tid, src as account, -amount as amount, at, 0 as leg from bench_tx
          union all select tid, dst, amount, at, 1 from bench_tx) e
    join ledger_account a on a.id = e.account
    order by e.tid, e.leg`);
  await q(sql`update ledger_account a set balance = a.balance + s.total from (
      select account, sum(amount) as total from (select src as account, -amount as amount from bench_tx
        union all select dst, amount from bench_tx) e group by account) s
    where a.id = s.account`);
  // The previous day is scanned already: the cursor stands at its last transfer.
  const { rows: before } = await sql<{ last: string }>`
    select max(tid)::text as last from bench_tx where at < ${new Date(START)}::timestamptz`.execute(db);
  await q(sql`insert into aml_cursor (merchant_id, last_transfer_id, scanned_at)
    values (${merchantId}::int, ${before[0]!.last}::bigint, ${new Date(START + 60_000)}::timestamptz)
    on conflict (merchant_id) do update set last_transfer_id = excluded.last_transfer_id`);
  const { rows: counts } = await sql<{ kind: string; n: string }>`
    select kind, count(*)::text as n from bench_tx where at >= ${new Date(START)}::timestamptz group by kind
    order by count(*) desc`.execute(db);
  // The day's last hour, for the scans beside the bets.
  const { rows: lastHour } = await sql<{ from: string }>`
    select max(tid)::text as from from bench_tx where at < ${at(23)}::timestamptz`.execute(db);
  await q(sql`drop table bench_move`);
  await q(sql`drop table bench_tx`);
  return {
    cursor: BigInt(before[0]!.last),
    lastHourFrom: lastHour[0]!.from,
    day: counts.map((c) => `${c.n} ${c.kind}`).join(', '),
  };
}

// ---- The bet path ----

/** bench-support's betPhase (the vendor bet callback over HTTP from CLIENTS clients), for `BET_MS`. */
const bets99 = (port: number, tokens: string[], secret: string, tag: string): Promise<Figures> =>
  betPhase(port, tokens, secret, tag, { phaseMs: BET_MS });

interface ScanLoopData {
  amlScanLoop: string;
  merchantId: number;
  from: string;
  now: string;
  /** The pause from one scan's start to the next's (0: none, back to back). */
  everyMs: number;
}
interface ScanLoopReport {
  scans: number;
  seconds: number;
  maxBlockMs: number;
}

/**
 * The monitor scanning in a worker thread, a scan started every `everyMs` (0: back to back): the cursor
 * put back to `from` before each scan, so each reads the same hour again. Stops (after the scan under
 * way) on 'stop'.
 */
async function scanLoop(o: ScanLoopData) {
  const handle = await openDatabase({ kind: 'postgres', url: o.amlScanLoop, poolSize: 2 });
  const aml = amlService(handle.db);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let stop = false;
  parentPort!.on('message', (m) => {
    if (m === 'stop') stop = true;
  });
  parentPort!.postMessage('started');
  delay.enable();
  const t0 = performance.now();
  let scans = 0;
  while (!stop) {
    const started = performance.now();
    await sql`update aml_cursor set last_transfer_id = ${o.from}::bigint
      where merchant_id = ${o.merchantId}::int`.execute(handle.db);
    await aml.scan(o.merchantId, {}, new Date(o.now));
    scans++;
    while (!stop && performance.now() - started < o.everyMs) await new Promise((r) => setTimeout(r, 20));
  }
  delay.disable();
  const report: ScanLoopReport = {
    scans,
    seconds: (performance.now() - t0) / 1000,
    maxBlockMs: delay.max / 1e6,
  };
  await handle.close();
  parentPort!.postMessage(report);
  process.exit(0);
}

async function startScanLoop(data: ScanLoopData) {
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    stop: () =>
      new Promise<ScanLoopReport>((resolve, reject) => {
        worker.once('message', (r: ScanLoopReport) => resolve(r));
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

// ---- The bench ----

async function bench(url: string) {
  plant();
  const { handle, db, merchantId } = await openDemoDatabase(url);
  let api: BenchApi | undefined;
  try {
    const t0 = performance.now();
    const seeded = await seed(db, merchantId);
    await sql`vacuum (analyze)`.execute(db);
    infoLine('aml-setup', (performance.now() - t0) / 1000, 's');
    infoLine('aml-day', `${seeded.day}, ${PLAYERS} players, ${members.length} planted members`);

    const { rows: before } = await sql<{ id: string }>`
      select coalesce(max(id), 0)::text as id from aml_case`.execute(db);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t1 = performance.now();
    const opened = await amlService(db).scan(merchantId, {}, NOW);
    const seconds = (performance.now() - t1) / 1000;
    loop.disable();
    line('aml-scan-1m', seconds, 's', '<=', SCAN_BUDGET_S);

    const settled = new Date(NOW.getTime() - 60_000);
    const { rows: read } = await sql<{ moves: string; transfers: string }>`
      select (select count(*) from ledger_transfer t
          join ledger_entry e on e.transfer_id = t.id
          join ledger_account a on a.id = e.account_id and a.kind = 'member_wallet' and a.book = 'real'
          where t.merchant_id = ${merchantId}::int and t.id > ${seeded.cursor}::bigint and t.book = 'real'
            and t.kind = any(${MOVE_KINDS}::text[]) and t.created_at < ${settled}::timestamptz)::text as moves,
        (select count(*) from ledger_transfer where merchant_id = ${merchantId}::int
          and id > ${seeded.cursor}::bigint and created_at < ${settled}::timestamptz)::text as transfers`.execute(
      db,
    );
    infoLine('aml-moves', `${read[0]!.moves} money moves read of ${read[0]!.transfers} transfers`);
    infoLine('aml-scan-rate', Number(read[0]!.transfers) / seconds, 'transfers/s');
    // The monitor runs in the API's process (server.ts): how late this thread's timers ran during the
    // scan (its JS between statements, and the CPU the machine's other work took).
    infoLine('aml-scan-event-loop-delay-max', loop.max / 1e6, 'ms');

    const { rows: cases } = await sql<{ rule: string; username: string }>`
      select c.rule, m.username from aml_case c join member m on m.id = c.member_id
      where c.merchant_id = ${merchantId}::int and c.id > ${before[0]!.id}::bigint order by c.id`.execute(db);
    const got = cases.map((c) => `${c.rule} ${c.username}`);
    const want = new Set(expected);
    const found = expected.filter((e) => got.includes(e));
    const unexpected = got.filter((g) => !want.has(g));
    infoLine('aml-cases-opened', `${opened} (${got.length} new cases read back)`);
    line('aml-planted-found', found.length, `of ${expected.length} cases`, '>=', expected.length);
    for (const e of expected.filter((x) => !got.includes(x))) infoLine('aml-planted-missed', e);
    line('aml-unexpected-cases', unexpected.length, 'cases', '<=', 0);
    for (const u of unexpected.slice(0, 20)) infoLine('aml-unexpected', u);

    // The bet path: alone; beside the monitor at 30 times its cadence (a scan every 2 s instead of every
    // minute), each scan reading the day's last hour (60 times a minute's money); and, for information,
    // beside scans back to back (a core of the two taken from the bets).
    const { tokens, secret } = await benchPlayers(db, CLIENTS, { prefix: 'bet_aml' });
    api = await startApi(url);
    const beside = async (everyMs: number, name: string) => {
      const scanning = await startScanLoop({
        amlScanLoop: url,
        merchantId,
        from: seeded.lastHourFrom,
        now: NOW.toISOString(),
        everyMs,
      });
      let figures: Figures;
      let scans: ScanLoopReport;
      try {
        figures = await bets99(api!.port, tokens, secret, name);
      } finally {
        scans = await scanning.stop();
      }
      return { figures, scans };
    };
    const alone = await bets99(api.port, tokens, secret, 'alone');
    const paced = await beside(2_000, 'beside');
    const flat = await beside(0, 'flat');
    refusals('aml-bet-alone', alone);
    refusals('aml-bet-beside-monitor', paced.figures);
    refusals('aml-bet-beside-flat-out', flat.figures);
    infoLine(
      'aml-bet-method',
      `the vendor bet callback over HTTP from ${CLIENTS} clients, ${BET_MS / 1000} s each (bench:wallet's wallet_p99_spread: budget <= 50 ms)`,
    );
    infoLine('aml-bet-p99-alone', p99(alone), 'ms');
    infoLine('aml-bet-p99-beside-monitor', p99(paced.figures), 'ms');
    infoLine('aml-bet-p99-beside-flat-out', p99(flat.figures), 'ms');
    infoLine('aml-bet-rate-alone', perSecond(alone), 'bets/s');
    infoLine('aml-bet-rate-beside-monitor', perSecond(paced.figures), 'bets/s');
    infoLine('aml-bet-rate-beside-flat-out', perSecond(flat.figures), 'bets/s');
    for (const [name, r] of [
      ['aml-bet-monitor-scans', paced.scans],
      ['aml-bet-flat-out-scans', flat.scans],
    ] as const)
      infoLine(
        name,
        `${r.scans} scans of the day's last hour in ${r.seconds.toFixed(1)} s (their thread's event-loop delay at most ${r.maxBlockMs.toFixed(0)} ms)`,
      );
    infoLine('aml-bet-p99-ratio-flat-out', (p99(flat.figures) / p99(alone)).toFixed(2), 'x');
    line('aml-bet-p99-ratio', p99(paced.figures) / p99(alone), 'x', '<=', P99_RATIO_BUDGET);
  } finally {
    await api?.close();
    await handle.close();
  }
}

const loopData = workerData as Partial<ScanLoopData> | null;
if (isMainThread) runBench('aml', bench);
else if (loopData?.amlScanLoop !== undefined) void scanLoop(loopData as ScanLoopData);
