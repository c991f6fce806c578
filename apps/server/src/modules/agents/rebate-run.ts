import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { postRun } from '../wallet/post-run';
import type { Clock } from '../../lib/clock';
import { createWallets, HOUSE_SHARDS, houseKey, ledgerAccount } from '../wallet/ledger';
import { runEvery } from '../../lib/run-every';
import { rollUpHouse } from '../wallet/house-rollup';
import { agencyTerms } from './rebate.service';
import { inTransaction } from '../../db/transaction';

/**
 * The rebate run (issue 16 item 3; migration 0029). Why daily, off the bet path: the bet stays exactly
 * what it was (one SQL call; the bench measures it), every report and payout reads the same per-member
 * daily figures (DESIGN "activity aggregates"), and a day of 1,000,000 bets is a few thousand
 * (member, product) rows, so one set-based statement prices the whole day. A day is run once it has
 * closed in the merchant's time zone and REBATE_GRACE_MS has passed, after the house roll-up has folded
 * every bet of that day into member_day.
 *
 * Valid turnover of a member's day in a product group = its stakes less its refunds (cancelled lottery
 * orders, rolled-back rounds). Rates are the members' rates when the day is run. The lines follow
 * rebate-maths.ts (differentialRebates; a test holds the SQL to it on random trees): each agent on the
 * path earns turnover × (its rate − the highest rate below it), the bettor its own rate when the merchant
 * pays player rebate; each line rounded toward zero. A day whose refunds outweigh its stakes (an earlier
 * day's bet cancelled) gives negative lines — the reversal — netted with the beneficiary's earnings of
 * the day; a net below zero is carried into its next settlement, never taken from its wallet.
 *
 * Exactly once per (merchant, day, beneficiary, kind): the settlement row's primary key, written in the
 * transaction of its ledger transfer (which also carries an idempotency key). Several processes may run
 * at once (each day's lines are computed by whoever inserts the run row; the settlement takes an advisory
 * lock per merchant, others skip); a process killed mid-run leaves whole settlements or none, and the
 * next run pays what is left.
 */
export const REBATE_GRACE_MS = 15 * 60_000;
/** On its first run, a merchant's rebates go back this many days at most. */
export const REBATE_CATCH_UP_DAYS = 31;
const SETTLE_CHUNK = 2_000;
/** The advisory lock class of the settlement (the second key is the merchant). */
const SETTLE_LOCK = 0x5245_4241;

/**
 * The day's rebate lines of a merchant, aggregated per (beneficiary, kind, source, product), as a select.
 * `agentPath` limits the bettors to one agent's subtree (an estimate for one agent).
 */
export function rebateLines(o: {
  merchantId: number;
  day: string;
  payPlayer: boolean;
  agentPath?: string;
}): RawBuilder<unknown> {
  const within = o.agentPath
    ? sql`and b.path >= ${o.agentPath} and b.path < left(${o.agentPath}, -1) || '0'`
    : sql``;
  return sql`
    with t as (
      select d.member_id as bettor, d.product, (d.bets - d.refunds)::bigint as turnover, b.path
      from member_day d join member b on b.id = d.member_id
      where d.merchant_id = ${o.merchantId}::int and d.day = ${o.day}::date and d.product <> ''
        and d.bets <> d.refunds ${within}
    ),
    c as (
      select t.bettor, t.product, t.turnover, p.ord, p.id::bigint as member_id, coalesce(r.rate_bp, 0) as rate
      from t
      cross join lateral unnest(string_to_array(trim(both '/' from t.path), '/')) with ordinality as p(id, ord)
      left join member_rebate r on r.member_id = p.id::bigint and r.product = t.product
    ),
    w as (
      select bettor, product, turnover, member_id, rate, member_id = bettor as own,
        lead(member_id) over (partition by bettor, product order by ord) as child,
        coalesce(max(rate) over (partition by bettor, product order by ord desc
                                 rows between unbounded preceding and 1 preceding), 0) as below
      from c
    ),
    l as (
      select member_id as beneficiary_id,
        case when own then 'rebate' else 'commission' end as kind,
        case when own then bettor else child end as source_id,
        product, turnover,
        case when own then rate else rate - below end as rate_bp
      from w
      where (own and ${o.payPlayer}::boolean and rate > 0) or (not own and rate > below)
    ),
    a as (
      select beneficiary_id, kind, source_id, product, turnover, rate_bp,
        (case when turnover < 0 then -div(-turnover::numeric * rate_bp, 10000)
              else div(turnover::numeric * rate_bp, 10000) end)::bigint as amount
      from l
    )
    select beneficiary_id, kind, source_id, product, sum(turnover)::bigint as turnover,
      max(rate_bp)::int as rate_bp, sum(amount)::bigint as amount
    from a
    group by beneficiary_id, kind, source_id, product
    having sum(amount) <> 0`;
}

interface MerchantDay {
  id: number;
  currency: string;
  settings: unknown;
  tz: string;
}

/** Computes and stores a day's lines once (whoever inserts the run row); false when it already was. */
export async function computeRebateDay(db: Database, m: MerchantDay, day: string, now: Date) {
  const payPlayer = agencyTerms(m.settings).payPlayerRebate;
  return inTransaction(db, 'rebate-run.computeRebateDay', async (trx) => {
    const run = await sql`
      insert into rebate_run (merchant_id, day, lines, turnover, amount, computed_at)
      values (${m.id}::int, ${day}::date, 0, 0, 0, ${now}::timestamptz)
      on conflict do nothing returning day`.execute(trx);
    if (run.rows.length === 0) return false;
    await sql`
      with s as (
        insert into rebate_line (merchant_id, day, beneficiary_id, kind, source_id, product, turnover, rate_bp,
          amount)
        select ${m.id}::int, ${day}::date, x.* from (${rebateLines({ merchantId: m.id, day, payPlayer })}) x
        returning amount
      )
      update rebate_run set
        lines = (select count(*) from s),
        amount = (select coalesce(sum(amount), 0) from s),
        turnover = (select coalesce(sum(bets - refunds), 0) from member_day
                    where merchant_id = ${m.id}::int and day = ${day}::date and product <> '')
      where merchant_id = ${m.id}::int and day = ${day}::date`.execute(trx);
    return true;
  });
}

export interface SettleResult {
  settled: number;
  /** Another process holds this merchant's settlement: it will finish the day. */
  busy: boolean;
}

/**
 * Pays a computed day, set-based, in chunks of SETTLE_CHUNK beneficiaries, each chunk one transaction
 * under the merchant's advisory lock: the settlement rows first (each paying one with its ledger transfer
 * id drawn up front; the foreign key is checked at commit), then per kind one statement of the wallet
 * module's postRun that writes the transfers, credits the wallets (locked in id order), writes both legs'
 * entries, appends the house legs to house_pending (the house shards are hot) and adds the figures to the
 * beneficiaries' day — the same rows postTransfer writes, one statement for the chunk.
 */
export async function settleRebateDay(
  db: Database,
  m: MerchantDay,
  day: string,
  now: Date,
  hooks: { afterSettlement?: () => void | Promise<void>; chunk?: number } = {},
): Promise<SettleResult> {
  const chunk = hooks.chunk ?? SETTLE_CHUNK;
  // Every wallet and house shard the day pays through exists before the chunks (created race-safely).
  for (let s = 0; s < HOUSE_SHARDS; s++) await ledgerAccount(db, houseKey(m.id, BigInt(s), m.currency));
  await createWallets(db, {
    merchantId: m.id,
    currency: m.currency,
    members: sql`select beneficiary_id as member_id from rebate_line
                 where merchant_id = ${m.id}::int and day = ${day}::date`,
  });
  let settled = 0;
  for (;;) {
    const r = await inTransaction(db, 'rebate-run.settleRebateDay', async (trx) => {
      const lock = await sql<{ ok: boolean }>`
        select pg_try_advisory_xact_lock(${SETTLE_LOCK}::int, ${m.id}::int) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return null;
      const n = await settleChunk(trx, m, day, now, chunk);
      await hooks.afterSettlement?.();
      return n;
    });
    if (r === null) return { settled, busy: true };
    settled += r;
    if (r < chunk) break;
  }
  await db
    .updateTable('rebate_run')
    .set({ paid_at: now })
    .where('merchant_id', '=', m.id)
    .where('day', '=', day)
    .where('paid_at', 'is', null)
    .execute();
  return { settled, busy: false };
}

/** One chunk of a day's settlements and their money; the number of settlements written. */
async function settleChunk(
  trx: Database,
  m: MerchantDay,
  day: string,
  now: Date,
  chunk: number,
): Promise<number> {
  // Chunks follow (beneficiary, kind) order and each commits whole, so what is left of the day is every
  // line after the last settlement written (keyset: no anti-join whose plan depends on fresh statistics).
  const last = await sql<{ beneficiary_id: bigint; kind: string }>`
    select beneficiary_id, kind from rebate_settlement
    where merchant_id = ${m.id}::int and day = ${day}::date
    order by beneficiary_id desc, kind desc limit 1`.execute(trx);
  const after = last.rows[0] ?? { beneficiary_id: 0n, kind: '' };
  const written = await sql<{ n: number; upto: bigint | null; upto_kind: string | null }>`
    with due as materialized (
      select l.beneficiary_id, l.kind, sum(l.amount)::bigint as amount
      from rebate_line l
      where l.merchant_id = ${m.id}::int and l.day = ${day}::date
        and (l.beneficiary_id, l.kind) > (${after.beneficiary_id}::bigint, ${after.kind}::text)
      group by l.beneficiary_id, l.kind
      order by l.beneficiary_id, l.kind
      limit ${chunk}::int
    ), c as materialized (
      select due.*, coalesce((
        select s.carry_out from rebate_settlement s
        where s.merchant_id = ${m.id}::int and s.beneficiary_id = due.beneficiary_id and s.kind = due.kind
          and s.day < ${day}::date
        order by s.day desc limit 1), 0)::bigint as carry_in
      from due
    ), i as (
      insert into rebate_settlement (merchant_id, day, beneficiary_id, kind, amount, carry_in, paid, carry_out,
        transfer_id, settled_at)
      select ${m.id}::int, ${day}::date, beneficiary_id, kind, amount, carry_in,
        greatest(amount + carry_in, 0), least(amount + carry_in, 0),
        case when amount + carry_in > 0 then nextval(pg_get_serial_sequence('ledger_transfer', 'id')) end,
        ${now}::timestamptz
      from c
      on conflict do nothing
      returning beneficiary_id, kind
    )
    select (select count(*) from i)::int as n,
      (select beneficiary_id from due order by beneficiary_id desc, kind desc limit 1) as upto,
      (select kind from due order by beneficiary_id desc, kind desc limit 1) as upto_kind`.execute(trx);
  const w = written.rows[0];
  const n = w?.n ?? 0;
  if (n === 0 || !w?.upto || !w.upto_kind) return 0;
  const upto = w.upto;
  const uptoKind = w.upto_kind;
  for (const kind of ['rebate', 'commission'] as const) {
    const transferKind = kind === 'rebate' ? 'rebate' : 'agent_commission';
    await postRun(trx, {
      kind: transferKind,
      scope: 'rebate-run',
      createdBy: 'system:rebate-run',
      at: now,
      rows: sql`
        select s.transfer_id, s.merchant_id, 'real'::text as book, w.id as credit_id, h.id as debit_id,
          s.paid as amount, ${day} || ':' || s.beneficiary_id::text || ':' || ${kind} as key,
          ${`rebate:${day}`}::text as reference, null::text as memo, null::bigint as figure_member,
          null::text as figure_kind, null::text as product, s.beneficiary_id
        from rebate_settlement s
        join ledger_account w on w.merchant_id = s.merchant_id and w.book = 'real' and w.kind = 'member_wallet'
          and coalesce(w.owner_member_id, 0) = s.beneficiary_id and w.ref = '' and w.currency = ${m.currency}
        join ledger_account h on h.merchant_id = s.merchant_id and h.book = 'real' and h.kind = 'house'
          and coalesce(h.owner_member_id, 0) = 0 and h.ref = (s.beneficiary_id % ${HOUSE_SHARDS}::int)::text
          and h.currency = ${m.currency}
        where s.merchant_id = ${m.id}::int and s.day = ${day}::date and s.kind = ${kind}
          and (s.beneficiary_id, s.kind) > (${after.beneficiary_id}::bigint, ${after.kind}::text)
          and (s.beneficiary_id, s.kind) <= (${upto}::bigint, ${uptoKind}::text)
          and s.transfer_id is not null
          and not exists (select 1 from ledger_transfer t where t.id = s.transfer_id)`,
      also: [
        // The figures move with the money (figureLegsOf: a rebate, or an agent's commission), counted on
        // the day of the play they pay for (figures.ts), not on the day the run pays them.
        sql`f as (
          insert into member_day (merchant_id, member_id, day, product, rebates, commissions)
          select ${m.id}::int, beneficiary_id, ${day}::date, '',
            ${kind === 'rebate' ? sql`amount` : sql`0`}, ${kind === 'rebate' ? sql`0` : sql`amount`}
          from s
          on conflict (member_id, day, product) do update set
            rebates = member_day.rebates + excluded.rebates,
            commissions = member_day.commissions + excluded.commissions
          returning 1
        )`,
      ],
    });
  }
  return n;
}

export interface RebateRunReport {
  merchantId: number;
  day: string;
  computed: boolean;
  settled: number;
  busy: boolean;
}

/**
 * Runs every closed day that is due, oldest first, for every merchant (or one): a day is due once it
 * closed REBATE_GRACE_MS ago and has play not yet run; unpaid runs are finished first. A day whose bets
 * are still queued for the house roll-up waits for the next call.
 */
export async function runDueRebates(
  db: Database,
  clock: Clock,
  o: { merchantId?: number; hooks?: { afterSettlement?: () => void | Promise<void> } } = {},
): Promise<RebateRunReport[]> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - REBATE_GRACE_MS);
  // Bets reach member_day through the house roll-up: fold what is queued before looking for due days.
  await rollUpHouse(db);
  const merchants = await sql<MerchantDay & { today: string }>`
    select id, currency, settings, merchant_time_zone(settings) as tz,
      (${cutoff}::timestamptz at time zone merchant_time_zone(settings))::date::text as today
    from merchant ${o.merchantId === undefined ? sql`` : sql`where id = ${o.merchantId}::int`}
    order by id`.execute(db);
  const out: RebateRunReport[] = [];
  for (const m of merchants.rows) {
    const unpaid = await db
      .selectFrom('rebate_run')
      .select('day')
      .where('merchant_id', '=', m.id)
      .where('paid_at', 'is', null)
      .orderBy('day')
      .execute();
    const fresh = await sql<{ day: string }>`
      select distinct d.day::text as day from member_day d
      where d.merchant_id = ${m.id}::int and d.product <> '' and d.day < ${m.today}::date
        and d.day > coalesce((select max(day) from rebate_run where merchant_id = ${m.id}::int),
                             ${m.today}::date - ${REBATE_CATCH_UP_DAYS}::int)
      order by 1`.execute(db);
    for (const day of [...unpaid.map((u) => u.day), ...fresh.rows.map((f) => f.day)]) {
      if (!(await dayRolledUp(db, m, day))) break;
      const computed = await computeRebateDay(db, m, day, now);
      const s = await settleRebateDay(db, m, day, now, o.hooks);
      out.push({ merchantId: m.id, day, computed, ...s });
      if (s.busy) break;
    }
  }
  return out;
}

/** Whether every bet of the day has left the house queue (rolled up now if not; false if still there). */
export async function dayRolledUp(db: Database, m: { tz: string }, day: string): Promise<boolean> {
  const queued = () =>
    sql<{ n: boolean }>`
      select exists (select 1 from house_pending
                     where at < (${day}::date + 1)::timestamp at time zone ${m.tz}) as n`.execute(db);
  if (!(await queued()).rows[0]?.n) return true;
  await rollUpHouse(db);
  return !(await queued()).rows[0]?.n;
}

/** Runs what is due every `everyMs` until stopped (each API process runs one; the keys keep it once). */
export function startRebateRuns(
  db: Database,
  clock: Clock,
  everyMs = 5 * 60_000,
  onError: (err: unknown) => void = () => {},
): { stop: () => Promise<void> } {
  return runEvery(() => runDueRebates(db, clock), everyMs, onError);
}
