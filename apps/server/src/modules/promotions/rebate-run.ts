import { sql } from 'kysely';
import { dayIn } from '@panalo/contract/age';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { runEvery } from '../../lib/run-every';
import { dayRolledUp, REBATE_CATCH_UP_DAYS, REBATE_GRACE_MS } from '../agents/rebate-run';
import { rollUpHouse } from '../wallet/house-rollup';
import { runPromotionDays } from './day-job';
import { issueDueRacePrizes } from './mission.service';
import { claimTermsOf, eligibilityApplies } from './promotion-claims';
import { forfeitExpiredTurnover } from './turnover-expiry';
import { ensurePromotionShards, owedRebateLines, payRebateClaims, rebateRewardOf } from './rebate-lines';
import { inTransaction } from '../../db/transaction';

/** Members per chunk: each chunk is one transaction (its claims, lines, money and the cursor). */
const CHUNK = 5_000;
/** The advisory lock class of a promotion's run (the second key is the promotion). */
const RUN_LOCK = 0x5052_4d52;

interface RunMerchant {
  id: number;
  currency: string;
  tz: string;
}
interface RunPromotion {
  id: bigint;
  code: string;
  reward: Parameters<typeof rebateRewardOf>[0];
  texts: Parameters<typeof claimTermsOf>[0]['texts'];
  wagering_multiplier_tenths: number;
  wagering_weights?: Record<string, number> | null;
  wagering_hours?: number | null;
}

export interface PromotionRebateDay {
  promotionId: bigint;
  day: string;
  claims: number;
  amount: bigint;
  /** Another process holds this promotion's run: it will finish the day. */
  busy: boolean;
}

/**
 * The daily rebate of a rebate promotion (issue 18 item 2, migration 0046): once a day has closed (and
 * the grace for late reports has passed, and every bet of it has been rolled up into member_day), each
 * member is paid what the day still owes (owedRebateLines: the turnover not taken by a manual rebate),
 * capped by the day's maximum less what the manual rebates took, nothing under the minimum, nothing to a
 * member the promotion is not open to (eligibility, exclusions) — one claim
 * per (promotion, member, day) under the claim's unique key, paid in the claim's transaction.
 *
 * The day's members are taken in id order, CHUNK at a time; each chunk is one transaction under the
 * promotion's advisory lock (another process finds it taken and leaves the day to its holder) and moves
 * the run's cursor, so a process killed mid-way leaves whole chunks, and the next run goes on after the
 * last one committed. Even without the lock the claim's key pays a member's day once.
 */
export async function runPromotionRebateDay(
  db: Database,
  m: RunMerchant,
  p: RunPromotion,
  day: string,
  now: Date,
  hooks: { chunk?: number; afterChunk?: () => void | Promise<void> } = {},
): Promise<PromotionRebateDay> {
  const chunk = hooks.chunk ?? CHUNK;
  const reward = rebateRewardOf(p.reward);
  const terms = JSON.stringify(claimTermsOf(p));
  const min = BigInt(reward.min);
  const max = BigInt(reward.max);
  await ensurePromotionShards(db, { merchantId: m.id, currency: m.currency, code: p.code });
  // Eligibility and exclusions (0055) are asked per member only when some rule limits this promotion.
  const restricted = await eligibilityApplies(db, { id: p.id, merchant_id: m.id, code: p.code });
  const runRow = () =>
    db
      .selectFrom('promotion_rebate_run')
      .select(['upto_member', 'done_at'])
      .where('promotion_id', '=', p.id)
      .where('day', '=', day)
      .executeTakeFirst();
  // Inserted only when missing: an insert meeting the row while another process's chunk holds it would
  // wait for that chunk (and for ever on a process that hangs) instead of finding the day busy.
  let run = await runRow();
  if (!run) {
    await sql`
      insert into promotion_rebate_run (promotion_id, day, started_at)
      values (${p.id}::bigint, ${day}::date, ${now}::timestamptz) on conflict do nothing`.execute(db);
    run = (await runRow())!;
  }
  const out = { promotionId: p.id, day, claims: 0, amount: 0n, busy: false };
  if (run.done_at) return out;
  // The day's members after the cursor, split into chunks here (one scan of the day, not one per chunk).
  const ids = await sql<{ member_id: string }>`
    select distinct member_id::text from member_day
    where merchant_id = ${m.id}::int and day = ${day}::date and product <> ''
      and member_id > ${BigInt(run.upto_member)}::bigint
    order by 1`.execute(db);
  const members = ids.rows.map((r) => BigInt(r.member_id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < members.length; i += chunk) {
    const upto = members[Math.min(i + chunk, members.length) - 1]!;
    const r = await inTransaction(db, 'rebate-run.runRow', async (trx) => {
      const lock = await sql<{ ok: boolean }>`
        select pg_try_advisory_xact_lock(${RUN_LOCK}::int, ${Number(p.id)}::int) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return null;
      const cursor = await trx
        .selectFrom('promotion_rebate_run')
        .select(['upto_member', 'done_at'])
        .where('promotion_id', '=', p.id)
        .where('day', '=', day)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const after = BigInt(cursor.upto_member);
      // Another process already went past this chunk.
      if (cursor.done_at || after >= upto) return { claims: 0, amount: 0n };
      await sql`
        with l as materialized (${owedRebateLines({
          merchantId: m.id,
          promotionId: p.id,
          day,
          rates: reward.rates,
          members: { after, upto },
        })}),
        t as (select member_id, sum(amount)::bigint as total from l group by member_id),
        k as (
          select t.member_id, least(t.total, ${max}::bigint - coalesce((
            select sum(c.amount) from promotion_claim c
            where c.promotion_id = ${p.id}::bigint and c.member_id = t.member_id
              and c.period_key like ${`${day}/%`} and c.status = 'claimed'), 0))::bigint as pay
          from t
        ),
        c as (
          insert into promotion_claim (merchant_id, promotion_id, member_id, period_key, status, amount, terms,
            transfer_id, created_at, updated_at)
          select ${m.id}::int, ${p.id}::bigint, member_id, ${day}, 'claimed', pay, ${terms}::jsonb,
            nextval('ledger_transfer_id_seq'), ${now}::timestamptz, ${now}::timestamptz
          from k where pay > 0 and pay >= ${min}::bigint${restricted ? sql` and promotion_eligible(${p.id}::bigint, member_id, ${now}::timestamptz)` : sql``}
          on conflict (promotion_id, member_id, period_key) do nothing
          returning id, member_id
        )
        insert into promotion_rebate (claim_id, product, merchant_id, promotion_id, member_id, day, turnover,
          rate_bp, amount)
        select c.id, l.product, ${m.id}::int, ${p.id}::bigint, l.member_id, ${day}::date, l.turnover,
          l.rate_bp, l.amount
        from c join l on l.member_id = c.member_id`.execute(trx);
      const paid = await payRebateClaims(trx, {
        merchantId: m.id,
        currency: m.currency,
        promotion: p,
        periodKey: day,
        after,
        upto,
        at: now,
      });
      await trx
        .updateTable('promotion_rebate_run')
        .set((eb) => ({
          upto_member: upto,
          claims: eb('claims', '+', paid.paid),
          amount: eb('amount', '+', paid.amount),
        }))
        .where('promotion_id', '=', p.id)
        .where('day', '=', day)
        .execute();
      await hooks.afterChunk?.();
      return { claims: paid.paid, amount: paid.amount };
    });
    if (r === null) return { ...out, busy: true };
    out.claims += r.claims;
    out.amount += r.amount;
  }
  await db
    .updateTable('promotion_rebate_run')
    .set({ done_at: now })
    .where('promotion_id', '=', p.id)
    .where('day', '=', day)
    .where('done_at', 'is', null)
    .execute();
  return out;
}

/**
 * Runs every closed day that is due for every enabled rebate promotion (of one merchant, or all): a day
 * is due once it closed REBATE_GRACE_MS ago, lies in the promotion's period and has play not yet run
 * (REBATE_CATCH_UP_DAYS back at most on a promotion's first run); unfinished runs go first. A day whose
 * bets are still queued for the house roll-up waits for the next call.
 */
export async function runDuePromotionRebates(
  db: Database,
  clock: Clock,
  o: { merchantId?: number; hooks?: { chunk?: number; afterChunk?: () => void | Promise<void> } } = {},
): Promise<PromotionRebateDay[]> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - REBATE_GRACE_MS);
  const promotions = await sql<
    RunPromotion & RunMerchant & { merchant_id: number; starts_at: Date; ends_at: Date | null }
  >`
    select p.id, p.code, p.reward, p.texts, p.wagering_multiplier_tenths, p.wagering_weights,
      p.wagering_hours, p.starts_at, p.ends_at,
      m.id as merchant_id, m.currency, merchant_time_zone(m.settings) as tz
    from promotion p join merchant m on m.id = p.merchant_id
    where p.kind = 'rebate' and p.enabled
      ${o.merchantId === undefined ? sql`` : sql`and p.merchant_id = ${o.merchantId}::int`}
    order by p.id`.execute(db);
  const out: PromotionRebateDay[] = [];
  if (promotions.rows.length > 0) await rollUpHouse(db);
  for (const row of promotions.rows) {
    const m = { id: row.merchant_id, currency: row.currency, tz: row.tz };
    const p = { ...row, id: BigInt(row.id) };
    const today = dayIn(cutoff, m.tz);
    const first = dayIn(row.starts_at, m.tz);
    const last = row.ends_at ? dayIn(row.ends_at, m.tz) : today;
    const unfinished = await db
      .selectFrom('promotion_rebate_run')
      .select('day')
      .where('promotion_id', '=', p.id)
      .where('done_at', 'is', null)
      .orderBy('day')
      .execute();
    const fresh = await sql<{ day: string }>`
      select distinct d.day::text as day from member_day d
      where d.merchant_id = ${m.id}::int and d.product <> '' and d.day < ${today}::date
        and d.day >= ${first}::date and d.day <= ${last}::date
        and d.day > coalesce((select max(day) from promotion_rebate_run where promotion_id = ${p.id}::bigint),
                             ${today}::date - ${REBATE_CATCH_UP_DAYS}::int)
      order by 1`.execute(db);
    for (const day of [...unfinished.map((u) => u.day), ...fresh.rows.map((f) => f.day)]) {
      if (!(await dayRolledUp(db, m, day))) break;
      const r = await runPromotionRebateDay(db, m, p, day, now, o.hooks);
      out.push(r);
      if (r.busy) break;
    }
  }
  return out;
}

/**
 * Runs the due rebate days, race prizes, the daily VIP and referral issuing and the forfeit of bonuses
 * whose turnover ran out of time every `everyMs` until
 * stopped (each API process runs one; the keys keep each payment once).
 */
export function startPromotionRebateRuns(
  db: Database,
  clock: Clock,
  everyMs = 5 * 60_000,
  onError: (err: unknown) => void = () => {},
): { stop: () => Promise<void> } {
  // Each waits for a closed day or period; each payment is kept once by its claim's key.
  const run = async () => {
    await runDuePromotionRebates(db, clock);
    await issueDueRacePrizes(db, clock);
    await runPromotionDays(db, clock);
    await forfeitExpiredTurnover(db, clock);
  };
  return runEvery(run, everyMs, onError);
}
