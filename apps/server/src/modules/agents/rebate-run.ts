import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { RebateKind } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { houseKey, ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { rollUpHouse } from '../wallet/house-rollup';
import { agencyTerms } from './rebate.service';

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
const SETTLE_CHUNK = 200;
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
  return db.transaction().execute(async (trx) => {
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
 * Pays a computed day: one settlement per (beneficiary, kind) not yet written, in chunks of one
 * transaction each (settlement row + ledger transfer), under the merchant's advisory lock.
 */
export async function settleRebateDay(
  db: Database,
  m: MerchantDay,
  day: string,
  now: Date,
  hooks: { afterSettlement?: () => void | Promise<void> } = {},
): Promise<SettleResult> {
  let settled = 0;
  for (;;) {
    const r = await db.transaction().execute(async (trx) => {
      const lock = await sql<{ ok: boolean }>`
        select pg_try_advisory_xact_lock(${SETTLE_LOCK}::int, ${m.id}::int) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return null;
      const due = await sql<{ beneficiary_id: bigint; kind: RebateKind; amount: bigint }>`
        select l.beneficiary_id, l.kind, sum(l.amount)::bigint as amount
        from rebate_line l
        where l.merchant_id = ${m.id}::int and l.day = ${day}::date
          and not exists (select 1 from rebate_settlement s
                          where s.merchant_id = l.merchant_id and s.day = l.day
                            and s.beneficiary_id = l.beneficiary_id and s.kind = l.kind)
        group by l.beneficiary_id, l.kind
        order by l.beneficiary_id, l.kind
        limit ${SETTLE_CHUNK}`.execute(trx);
      let n = 0;
      for (const d of due.rows) {
        if (await settleOne(trx, m, day, now, BigInt(d.beneficiary_id), d.kind, BigInt(d.amount))) n++;
        await hooks.afterSettlement?.();
      }
      return { n, more: due.rows.length === SETTLE_CHUNK };
    });
    if (r === null) return { settled, busy: true };
    settled += r.n;
    if (!r.more) break;
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

async function settleOne(
  trx: Database,
  m: MerchantDay,
  day: string,
  now: Date,
  beneficiaryId: bigint,
  kind: RebateKind,
  amount: bigint,
): Promise<boolean> {
  const before = await trx
    .selectFrom('rebate_settlement')
    .select('carry_out')
    .where('merchant_id', '=', m.id)
    .where('beneficiary_id', '=', beneficiaryId)
    .where('kind', '=', kind)
    .where('day', '<', day)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  const carryIn = before?.carry_out ?? 0n;
  const net = amount + carryIn;
  const paid = net > 0n ? net : 0n;
  const written = await trx
    .insertInto('rebate_settlement')
    .values({
      merchant_id: m.id,
      day,
      beneficiary_id: beneficiaryId,
      kind,
      amount,
      carry_in: carryIn,
      paid,
      carry_out: net < 0n ? net : 0n,
      transfer_id: null,
      settled_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('day')
    .executeTakeFirst();
  if (!written) return false;
  if (paid === 0n) return true;
  const wallet = await ledgerAccount(trx, memberWalletKey(m.id, beneficiaryId, m.currency));
  const house = await ledgerAccount(trx, houseKey(m.id, beneficiaryId, m.currency));
  const t = await postTransfer(trx, {
    merchantId: m.id,
    book: 'real',
    kind: kind === 'rebate' ? 'rebate' : 'agent_commission',
    createdBy: 'system:rebate-run',
    reference: `rebate:${day}`,
    idempotency: { scope: 'rebate-run', key: `${day}:${beneficiaryId}:${kind}` },
    at: now,
    legs: [
      { accountId: house, amount: -paid },
      { accountId: wallet, amount: paid },
    ],
  });
  await trx
    .updateTable('rebate_settlement')
    .set({ transfer_id: t.transferId })
    .where('merchant_id', '=', m.id)
    .where('day', '=', day)
    .where('beneficiary_id', '=', beneficiaryId)
    .where('kind', '=', kind)
    .execute();
  return true;
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
async function dayRolledUp(db: Database, m: MerchantDay, day: string): Promise<boolean> {
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
  let running: Promise<unknown> = runDueRebates(db, clock).catch(onError);
  const timer = setInterval(() => {
    running = running.then(() => runDueRebates(db, clock).catch(onError));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
