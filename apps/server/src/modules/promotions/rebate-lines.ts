import { sql, type RawBuilder } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { Database } from '../../db/database';
import { createWallets } from '../wallet/ledger';
import { postRun } from '../wallet/post-run';
import type { PromotionReward } from '../../db/schema';
import { PROMOTION_SHARDS } from './promotion-claims';

/** A rebate promotion's reward (migration 0046). */
export type RebateReward = Extract<PromotionReward, { type: 'rebate' }>;

export const rebateRewardOf = (reward: PromotionReward): RebateReward =>
  reward.type === 'rebate' ? reward : { type: 'rebate', rates: {}, min: '0', max: '0' };

/**
 * What a rebate promotion still owes on one day, per (member, product group), as a select: the day's valid
 * turnover (stakes less refunds, as member_day holds them from the games' reports) less the turnover its
 * claims of that day already rebated, times the rate of the member's VIP level (rebateRateAt: a level past
 * the table takes its last rate), rounded down (rebateOf). Only lines that pay something: a turnover too
 * small to earn a centavo stays owed and counts with the next. Free-trial accounts owe nothing.
 * Either one member, or the members in (after, upto].
 */
export function owedRebateLines(o: {
  merchantId: number;
  promotionId: bigint;
  day: string;
  rates: RebateReward['rates'];
  members: { id: bigint } | { after: bigint; upto: bigint };
}): RawBuilder<{ member_id: bigint; product: string; turnover: bigint; rate_bp: number; amount: bigint }> {
  const who =
    'id' in o.members
      ? sql`d.member_id = ${o.members.id}::bigint`
      : sql`d.member_id > ${o.members.after}::bigint and d.member_id <= ${o.members.upto}::bigint`;
  const rates = JSON.stringify(o.rates);
  return sql`
    select member_id, product, turnover, rate_bp, (turnover * rate_bp / 10000)::bigint as amount
    from (
      select d.member_id, d.product,
        (d.bets - d.refunds - coalesce((
          select sum(r.turnover) from promotion_rebate r
          where r.member_id = d.member_id and r.promotion_id = ${o.promotionId}::bigint
            and r.day = ${o.day}::date and r.product = d.product), 0))::bigint as turnover,
        coalesce((${rates}::jsonb -> d.product ->> least(m.vip_level,
          greatest(jsonb_array_length(coalesce(${rates}::jsonb -> d.product, '[]'::jsonb)) - 1, 0)))::int, 0)
          as rate_bp
      from member_day d join member m on m.id = d.member_id
      where d.merchant_id = ${o.merchantId}::int and d.day = ${o.day}::date and d.product <> ''
        and m.type <> ${MEMBER_TYPE.TRIAL}::int and ${who}
    ) x
    where turnover > 0 and turnover * rate_bp / 10000 > 0`;
}

/**
 * Pays, set-based, the rebate claims of a promotion's day written in this transaction for the members in
 * (after, upto] (status claimed, transfer id reserved, no transfer yet): the same rows promotion_pay
 * writes for one claim (db/functions/promotion_pay.sql), through the wallet module's postRun — the
 * transfer (kind 'rebate'), the wallet credited (wallets locked in id order), both legs' entries, the shard's
 * leg appended to house_pending (the roll-up adds it to the shard), the members' rebates counted on the day
 * played (the period, not the day paid: figures.ts), the turnover requirement. A rebate promotion has no
 * budget (the operator API refuses one): its cap is per member-day.
 */
export async function payRebateClaims(
  trx: Database,
  o: {
    merchantId: number;
    currency: string;
    promotion: { id: bigint; code: string };
    periodKey: string;
    after: bigint;
    upto: bigint;
    at: Date;
  },
): Promise<{ paid: number; amount: bigint }> {
  const claims = sql`
    select c.id, c.member_id, c.amount, c.transfer_id,
      c.amount * (c.terms->>'wageringTenths')::bigint / 10 as required,
      nullif(c.terms->'turnoverWeights', 'null'::jsonb) as weights,
      (c.terms->>'turnoverHours')::integer as hours
    from promotion_claim c
    where c.promotion_id = ${o.promotion.id}::bigint and c.period_key = ${o.periodKey}
      and c.member_id > ${o.after}::bigint and c.member_id <= ${o.upto}::bigint
      and c.status = 'claimed' and c.transfer_id is not null
      and not exists (select 1 from ledger_transfer t where t.id = c.transfer_id)`;
  await createWallets(trx, {
    merchantId: o.merchantId,
    currency: o.currency,
    members: sql`select member_id from (${claims}) c`,
  });
  const r = await postRun(trx, {
    // A rebate, not a bonus (issue 49 item 2): the reports count it as one.
    kind: 'rebate',
    scope: 'promotion.claim',
    createdBy: 'system:promotion-rebate',
    at: o.at,
    rows: sql`
      select c.transfer_id, ${o.merchantId}::int as merchant_id, 'real'::text as book, w.id as credit_id,
        src.id as debit_id, c.amount, c.id::text as key, 'promotion:' || c.id::text as reference,
        ${o.promotion.code}::text as memo, null::bigint as figure_member, null::text as figure_kind,
        ''::text as product, c.member_id, c.id as claim_id, c.required, c.weights, c.hours
      from (${claims}) c
      join ledger_account w on w.merchant_id = ${o.merchantId}::int and w.book = 'real'
        and w.kind = 'member_wallet' and coalesce(w.owner_member_id, 0) = c.member_id and w.ref = ''
        and w.currency = ${o.currency}
      join ledger_account src on src.merchant_id = ${o.merchantId}::int and src.book = 'real'
        and src.kind = 'promotion' and coalesce(src.owner_member_id, 0) = 0
        and src.ref = ${o.promotion.code} || '#' || (c.member_id % ${PROMOTION_SHARDS}::int)::text
        and src.currency = ${o.currency}`,
    also: [
      // The member's rebates of the day played (the claim's period), not of the day paid (figures.ts).
      sql`f as (
        insert into member_day (merchant_id, member_id, day, product, rebates)
        select ${o.merchantId}::int, member_id, ${o.periodKey}::date, '', amount from s
        order by member_id
        on conflict (member_id, day, product) do update set rebates = member_day.rebates + excluded.rebates
        returning 1
      )`,
      sql`q as (
        insert into wagering_requirement (merchant_id, member_id, source, source_ref, required, created_at,
          weights, expires_at)
        select ${o.merchantId}::int, member_id, 'promotion', claim_id::text, required, ${o.at}::timestamptz,
          weights, ${o.at}::timestamptz + make_interval(hours => hours)
        from s where required > 0
        on conflict (merchant_id, source, source_ref) do nothing
        returning 1
      )`,
    ],
  });
  return { paid: r.transfers, amount: r.amount };
}

/** The promotion's ledger shards exist before a set-based payment joins them. */
export async function ensurePromotionShards(
  db: Database,
  o: { merchantId: number; currency: string; code: string },
) {
  await sql`
    select ledger_account_id(${o.merchantId}::int, 'real', 'promotion', null,
      ${o.code} || '#' || s::text, ${o.currency}, true)
    from generate_series(0, ${PROMOTION_SHARDS - 1}::int) s`.execute(db);
}
