// npm run bench:close — the daily close and its reconciliation on PostgreSQL (issue 52 "Proof").
// Set-up (bulk SQL on a scratch database, not timed): one day of the demo merchant with 10,000 players,
// 1,000,000 Hub88 rounds (a bet and a win each, a third of them winning) through the game wallet's
// rows and the ledger, and 100,000 PayMongo deposits; the simulators' books for the same day: Hub88's
// transactions/list (made up from the same ids, 2,000,000 items) and PayMongo's payments. Breaks are
// planted on both sides: at Hub88, wins never delivered, rounds paid twice, amounts a centavo off, and
// bets only we booked; at PayMongo, payments never credited, amounts a centavo off, and deposits only
// we credited. Then, timed: the day's close (its sheet over every entry) and its reconciliation with
// both sources over HTTP (paged, signed, paced as in production). Budget ≤ 60 s; the breaks found must
// be exactly the ones planted.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { fixedClock } from '../lib/clock';
import { dailyCloseService } from '../modules/daily-close/daily-close.service';
import { demoHub88, hub88User } from '../modules/hub88/hub88-setup';
import { startPaymentSimulator } from '../modules/payments/payments.setup';
import { payMongoAccountOf } from '../modules/payments/paymongo/paymongo-account';
import { reconciliationService } from '../modules/reconciliation/reconciliation.service';
import type { Hub88Tx, Hub88TxSource } from '../modules/vendor-sim/hub88-transactions-sim';
import { startVendorSimulator } from '../modules/vendor-sim/vendor-sim.setup';
import { rollUpHouse } from '../modules/wallet/house-rollup';
import { accountIdFor, houseKey } from '../modules/wallet/ledger';
import { line, openDemoDatabase, runBench } from './bench-support';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

const ROUNDS = Number(process.env.BENCH_CLOSE_ROUNDS ?? 1_000_000);
const DEPOSITS = Number(process.env.BENCH_CLOSE_DEPOSITS ?? 100_000);
const PLAYERS = 10_000;
const DAY = '2030-01-15';
const START = Date.parse(`${DAY}T00:00:00Z`);
const DAY_MS = 86_400_000;
const GAME = 'h88_golden_carabao';

// Planted breaks (indexes into the rounds and deposits).
const LOST_WINS = [3, 30_003, 300_003, 600_003, 700_003, 800_003, 900_003].map((i) => i % ROUNDS);
const DOUBLES = [6, 60_006, 420_006, 630_006, 990_006].map((i) => i % ROUNDS);
const OFF_ROUNDS = [9, 90_009, 540_009].map((i) => i % ROUNDS);
const ONLY_OURS_BETS = 2;
const UNCREDITED = [5, 16_672, 33_339, 50_006, 66_673, 83_340].map((i) => i % DEPOSITS);
const OFF_DEPOSITS = [33, 44, 55, 66];
const OURS_ONLY_DEPOSITS = [11, 22];

const stakeOf = (i: number) => 100 + (i % 50) * 10;
const winOf = (i: number) => (i % 3 === 0 ? stakeOf(i) * 2 : 0);
/** The day's rounds are spread over its first 86,399 seconds (all of them inside the day). */
const SPAN_MS = DAY_MS - 1000;
const roundAt = (i: number) => START + Math.floor((i * SPAN_MS) / ROUNDS) + 100;
const depositAt = (i: number) => START + Math.floor((i * DAY_MS) / DEPOSITS) + 500;
const depositAmount = (i: number) => 10_000 + (i % 20) * 500;
/** The same id SQL makes with md5(text)::uuid. */
const uuidOf = (text: string) => {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Players, their wallets funded the day before, the day's rounds and deposits, all in SQL. */
async function seedOurs(db: Database, merchantId: number) {
  const house = await accountIdFor(db, houseKey(merchantId, 0n, 'PHP'));
  const adjustment = await accountIdFor(db, {
    merchantId,
    book: 'real',
    kind: 'adjustment',
    currency: 'PHP',
  });
  const clearing = await accountIdFor(db, {
    merchantId,
    book: 'real',
    kind: 'payment_clearing',
    ref: 'paymongo',
    currency: 'PHP',
  });
  const vendor = await db
    .selectFrom('game_vendor')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', 'HUB88')
    .executeTakeFirstOrThrow();
  const q = (s: ReturnType<typeof sql>) => s.execute(db);
  await q(sql`
    insert into member (merchant_id, username, password_hash, type, created_at)
    select ${merchantId}::int, 'bc_' || g, 'bench-no-login', 0, ${new Date(START - DAY_MS)}::timestamptz
    from generate_series(1, ${PLAYERS}::int) g`);
  await q(sql`create unlogged table bench_player as
    select row_number() over (order by id) - 1 as n, id from member
    where merchant_id = ${merchantId}::int and username like 'bc\\_%'`);
  await q(sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, currency, created_at)
    select ${merchantId}::int, 'real', 'member_wallet', id, 'PHP', ${new Date(START - DAY_MS)}::timestamptz
    from bench_player`);
  await q(sql`alter table bench_player add column account bigint`);
  await q(sql`update bench_player p set account = a.id from ledger_account a
    where a.owner_member_id = p.id and a.kind = 'member_wallet' and a.merchant_id = ${merchantId}::int`);
  // The day's deposit orders (a few left pending: PayMongo took them, no webhook came).
  await q(sql`
    insert into deposit_order (merchant_id, member_id, method_code, kind, currency, amount, status, reference,
      provider, provider_ref, created_at, updated_at)
    select ${merchantId}::int, p.id, 'GCASH', 'gateway', 'PHP', 10000 + (g % 20) * 500,
      case when g = any(${UNCREDITED}::int[]) then 'pending' else 'paid' end, 'bench:' || g, 'paymongo',
      'cs_bench_' || g, ${new Date(START)}::timestamptz + (g::bigint * ${DAY_MS}::bigint / ${DEPOSITS}::bigint + 500) * interval '1 millisecond',
      ${new Date(START)}::timestamptz + (g::bigint * ${DAY_MS}::bigint / ${DEPOSITS}::bigint + 500) * interval '1 millisecond'
    from generate_series(0, ${DEPOSITS - 1}::int) g join bench_player p on p.n = g % ${PLAYERS}::int`);
  // Every money move of a member's wallet: the funding, the deposits, the bets and the paying wins.
  await q(sql`create unlogged table bench_move (seq bigserial, tid bigint, account bigint, member bigint,
    at timestamptz, amount bigint, kind text, other bigint, reference text, vtx text, round text,
    deposit bigint)`);
  await q(sql`
    insert into bench_move (account, member, at, amount, kind, other, reference)
    select account, id, ${new Date(START - 3_600_000)}::timestamptz, 1000000, 'adjustment', ${adjustment}::bigint,
      'bench:fund' from bench_player order by n`);
  await q(sql`
    insert into bench_move (account, member, at, amount, kind, other, reference, deposit)
    select p.account, d.member_id, d.updated_at, d.amount, 'deposit', ${clearing}::bigint, 'deposit:' || d.id, d.id
    from deposit_order d join bench_player p on p.id = d.member_id
    where d.merchant_id = ${merchantId}::int and d.status = 'paid' and d.reference like 'bench:%'
    order by d.id`);
  const roundsSql = (onlyOurs: boolean) => sql`
    select p.account, p.id, ${new Date(START)}::timestamptz + ((g::bigint * ${SPAN_MS}::bigint / ${ROUNDS}::bigint) + 100)
      * interval '1 millisecond' as at, g
    from generate_series(0, ${(onlyOurs ? ONLY_OURS_BETS : ROUNDS) - 1}::int) g
    join bench_player p on p.n = g % ${PLAYERS}::int`;
  await q(sql`
    insert into bench_move (account, member, at, amount, kind, other, reference, vtx, round)
    select r.account, r.id, r.at, x.amount, x.kind, ${house}::bigint, 'round:HUB88:h' || r.g, x.vtx, 'h' || r.g
    from (${roundsSql(false)}) r
    cross join lateral (values (-(100 + (r.g % 50) * 10), 'bet', md5('bet' || r.g)::uuid::text),
      (case when r.g % 3 = 0 then 2 * (100 + (r.g % 50) * 10) else 0 end, 'win', md5('win' || r.g)::uuid::text)) x(amount, kind, vtx)
    order by r.g, x.kind`);
  await q(sql`
    insert into bench_move (account, member, at, amount, kind, other, reference, vtx, round)
    select r.account, r.id, r.at, -500, 'bet', ${house}::bigint, 'round:HUB88:hx' || r.g,
      md5('only' || r.g)::uuid::text, 'hx' || r.g
    from (${roundsSql(true)}) r`);
  await q(
    sql`update bench_move set tid = nextval(pg_get_serial_sequence('ledger_transfer', 'id')) where amount <> 0`,
  );
  await q(sql`
    insert into ledger_transfer (id, merchant_id, book, kind, reference, created_by, created_at) overriding system value
    select tid, ${merchantId}::int, 'real', kind, reference, 'bench', at from bench_move where tid is not null`);
  await q(sql`
    insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
    select tid, account_id, amount, balance_after, at from (
      select tid, account as account_id, amount, sum(amount) over (partition by account order by at, seq)
        as balance_after, at, seq, 0 as leg
      from bench_move where tid is not null
      union all
      select tid, other, -amount, null, at, seq, 1 from bench_move where tid is not null
    ) e order by at, seq, leg`);
  await q(sql`update ledger_account a set balance = s.total
    from (select account, sum(amount) as total from bench_move group by account) s where a.id = s.account`);
  await q(sql`update ledger_account a set balance = a.balance - s.total
    from (select other, sum(amount) as total from bench_move group by other) s where a.id = s.other`);
  await q(sql`update deposit_order d set transfer_id = m.tid from bench_move m where m.deposit = d.id`);
  await q(sql`
    insert into vendor_transaction (merchant_id, vendor_id, vendor_tx_id, kind, round_id, game_code, member_id,
      book, amount, status, request_hash, transfer_id, answer, created_at)
    select ${merchantId}::int, ${vendor.id}::int, vtx, kind::text, round, ${GAME}, member, 'real', abs(amount),
      'applied', 'bench', tid, '{}'::jsonb, at
    from bench_move where vtx is not null`);
  // The reports' kept figures of the day, as the roll-up would have written them.
  await q(sql`
    insert into merchant_day (merchant_id, day, product, shard, bets, refunds, wins, bonuses, rebates, commissions,
      deposits, withdrawals, bet_count, deposit_count, withdrawal_count, first_deposits)
    select ${merchantId}::int, ${DAY}::date, 'RNG', 0, coalesce(sum(-amount) filter (where kind = 'bet'), 0), 0,
      coalesce(sum(amount) filter (where kind = 'win'), 0), 0, 0, 0, 0, 0,
      count(*) filter (where kind = 'bet'), 0, 0, 0
    from bench_move where kind in ('bet', 'win')
    union all
    select ${merchantId}::int, ${DAY}::date, '', 0, 0, 0, 0, 0, 0, 0, coalesce(sum(amount), 0), 0, 0, count(*), 0, 0
    from bench_move where kind = 'deposit'`);
  const players = await sql<{ id: string }>`select id::text from bench_player order by n`.execute(db);
  const deposits = await sql<{ id: string; g: string }>`
    select id::text, substr(reference, 7) as g from deposit_order
    where merchant_id = ${merchantId}::int and reference like 'bench:%' order by id`.execute(db);
  await q(sql`drop table bench_move`);
  await q(sql`drop table bench_player`);
  return { players: players.rows.map((r) => BigInt(r.id)), deposits: deposits.rows };
}

/** Hub88's books of the day, made up from the same ids as ours, with its planted breaks. */
function hub88Day(players: bigint[]): Hub88TxSource {
  const at = (ms: number) => new Date(ms).toISOString();
  const item = (i: number, type: 'bet' | 'win', uuid: string, amount: number): Hub88Tx => ({
    transaction_uuid: uuid,
    reference_transaction_uuid: type === 'win' ? uuidOf(`bet${i}`) : null,
    type,
    sub_partner_id: 'panalo',
    user: hub88User(players[i % PLAYERS]!),
    round: `h${i}`,
    game_code: GAME,
    currency: 'PHP',
    amount: amount * 1000,
    status: 'TS_SUCCESS',
    created_at: at(roundAt(i) + (type === 'win' ? 1 : 0)),
  });
  const off = new Set(OFF_ROUNDS);
  const extras: Hub88Tx[] = [
    ...LOST_WINS.map((i) => item(i, 'win', uuidOf(`lost${i}`), 100)),
    ...DOUBLES.map((i) => item(i - (i % 3), 'win', uuidOf(`dup${i}`), Math.max(winOf(i - (i % 3)), 100))),
  ];
  const total = ROUNDS * 2 + extras.length;
  return {
    page(f, offset, limit) {
      if (f.subPartnerId !== undefined && f.subPartnerId !== 'panalo') return { items: [], total: 0 };
      const items: Hub88Tx[] = [];
      for (let j = offset; j < Math.min(total, offset + limit); j++) {
        if (j >= ROUNDS * 2) {
          items.push(extras[j - ROUNDS * 2]!);
          continue;
        }
        const i = j >> 1;
        items.push(
          j % 2 === 0
            ? item(i, 'bet', uuidOf(`bet${i}`), stakeOf(i))
            : item(i, 'win', uuidOf(`win${i}`), winOf(i) + (off.has(i) ? 1 : 0)),
        );
      }
      return { items, total };
    },
  };
}

runBench('close', async (url) => {
  const { handle, db, merchantId } = await openDemoDatabase(url);
  const clock = fixedClock(new Date(START + DAY_MS + 3_600_000));
  const hub88 = demoHub88();
  const vendorSim = await startVendorSimulator(db, { apiBaseUrl: 'http://127.0.0.1:9', hub88 });
  const paysim = await startPaymentSimulator(db, clock, { paymongo: true });
  try {
    await rollUpHouse(db);
    const t0 = performance.now();
    const ours = await seedOurs(db, merchantId);
    vendorSim.setHub88Source(hub88Day(ours.players));
    const account = (await payMongoAccountOf(db, merchantId))!;
    const offSet = new Set(OFF_DEPOSITS);
    const oursOnly = new Set(OURS_ONLY_DEPOSITS);
    for (const d of ours.deposits) {
      const g = Number(d.g);
      if (oursOnly.has(g)) continue;
      paysim.paymongo.bookPaid({
        secretKey: account.secretKey,
        reference: d.id,
        amount: depositAmount(g) + (offSet.has(g) ? 1 : 0),
        at: new Date(depositAt(g)),
      });
    }
    await sql`analyze`.execute(db);
    infoLine('close-setup', (performance.now() - t0) / 1000, 's');

    const t1 = performance.now();
    const closed = await dailyCloseService(db).closeDay({
      merchantId,
      day: DAY,
      runBy: 'bench',
      now: clock.now(),
    });
    const t2 = performance.now();
    const runs = await reconciliationService(db, {
      hub88,
      log: (msg) => infoLine('close-phase', msg),
    }).reconcileDay({
      merchantId,
      day: DAY,
      runBy: 'bench',
      now: clock.now(),
    });
    const t3 = performance.now();
    infoLine('close-sheet', (t2 - t1) / 1000, 's');
    infoLine('close-reconcile', (t3 - t2) / 1000, 's');
    line('close-day', (t3 - t1) / 1000, 's', '<=', 60);
    line('close-difference', Math.abs(Number(closed.difference)), 'PHP', '<=', 0);
    const breaks = await reconciliationService(db).breaks(merchantId, { day: DAY });
    const planted = {
      hub88: LOST_WINS.length + DOUBLES.length + OFF_ROUNDS.length + ONLY_OURS_BETS,
      paymongo: UNCREDITED.length + OFF_DEPOSITS.length + OURS_ONLY_DEPOSITS.length,
    };
    for (const source of ['hub88', 'paymongo'] as const) {
      const run = runs.find((r) => r.source === source);
      const found = breaks.filter((b) => b.source === source).length;
      infoLine(
        `close-${source}`,
        run ? `${run.theirs} theirs, ${run.ours} ours, ${run.matched} matched, ${run.pages} pages` : 'no run',
        '',
      );
      infoLine(`close-${source}-breaks`, `${found} found, ${planted[source]} planted`, '');
      line(`close-${source}-breaks-missed`, Math.max(0, planted[source] - found), 'breaks', '<=', 0);
      line(`close-${source}-breaks-extra`, Math.max(0, found - planted[source]), 'breaks', '<=', 0);
    }
  } finally {
    await vendorSim.close();
    await paysim.close();
    await handle.close();
  }
});
