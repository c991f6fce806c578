import { sql } from 'kysely';
import type { Database } from '../../db/database';
import {
  RECON_MARGIN_MS,
  split,
  stageTable,
  type Counts,
  type FoundBreak,
} from './reconciliation.repository';

/** Reconciliation's two comparisons: a run's staged items against ours, in one statement each. */
export function reconCompareRepository(db: Database) {
  return {
    /**
     * Hub88's transactions against our game wallet's (vendor_transaction) by transaction_uuid. Each
     * side's effect: Hub88's TS_SUCCESS is applied, TS_ROLLED_BACK rolled back, anything else nothing;
     * ours applied, rolled back (a rollback named it, or a tombstone took its id) or absent. A pair
     * matches when the effects agree (a bet Hub88 rolled back that never reached us too) with the same
     * amount; else it is a break of the day of its first time.
     */
    async compareHub88(o: {
      runKey: string;
      merchantId: number;
      vendorId: number;
      startsAt: Date;
      endsAt: Date;
    }): Promise<{ counts: Counts; breaks: FoundBreak[] }> {
      const from = new Date(o.startsAt.getTime() - RECON_MARGIN_MS);
      const to = new Date(o.endsAt.getTime() + RECON_MARGIN_MS);
      const { rows } = await sql<FoundBreak & { n_theirs: string; n_ours: string; n_matched: string }>`
        with th as (select * from ${stageTable(o.runKey)}),
        in_window as (
          select t.vendor_tx_id as ref, t.kind, t.amount, t.status, t.rolled_back_by, t.round_id,
            t.member_id, t.created_at
          from vendor_transaction t
          where t.merchant_id = ${o.merchantId}::int and t.vendor_id = ${o.vendorId}::int and t.kind <> 'end'
            and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
        ),
        -- Hub88's items we hold outside the window (stamped far from Hub88's time): looked up by id.
        elsewhere as (
          select t.vendor_tx_id as ref, t.kind, t.amount, t.status, t.rolled_back_by, t.round_id,
            t.member_id, t.created_at
          from th left join in_window w on w.ref = th.ref
          join vendor_transaction t on t.vendor_id = ${o.vendorId}::int and t.vendor_tx_id = th.ref
          where w.ref is null and t.merchant_id = ${o.merchantId}::int
        ),
        ours as (select * from in_window union all select * from elsewhere),
        j as (
          select coalesce(th.ref, ours.ref) as ref, th.kind as th_kind, th.amount as th_amount, th.fee as th_fee,
            th.status as th_status, th.round as th_round, th.member as th_member, th.at as th_at, th.ref2,
            ours.ref as o_ref, ours.kind as o_kind, ours.amount as o_amount, ours.round_id, ours.member_id,
            ours.created_at as o_at, ours.status as o_row_status,
            case when th.ref is null then null when th.status = 'TS_SUCCESS' then 'applied'
              when th.status = 'TS_ROLLED_BACK' then 'rolled_back' else 'none' end as th_eff,
            case when ours.ref is null then 'none'
              when ours.status = 'tombstone' or ours.rolled_back_by is not null then 'rolled_back'
              else 'applied' end as o_eff
          from th full outer join ours on ours.ref = th.ref
        ),
        d as (
          select j.*, case
              when th_eff = o_eff and (o_eff <> 'applied' or th_kind not in ('bet', 'win')
                or (th_amount = o_amount and th_fee = 0)) then null
              when th_eff = o_eff then 'amount_differs'
              when th_eff in ('rolled_back', 'none') and o_eff = 'none' then null
              when th_eff is null then 'only_ours'
              when th_eff = 'applied' and o_eff = 'none' then 'only_theirs'
              else 'status_differs' end as break_kind
          from j
          where coalesce(least(th_at, o_at), th_at, o_at) >= ${o.startsAt}::timestamptz
            and coalesce(least(th_at, o_at), th_at, o_at) < ${o.endsAt}::timestamptz
        )
        select ref, break_kind as kind, coalesce(th_round, round_id) as round,
          coalesce(member_id::text, case when th_member ~ '^m[0-9]{6,18}$' then ltrim(substr(th_member, 2), '0') end)
            as member_id,
          th_amount::text as their_amount, o_amount::text as our_amount, th_status as their_status,
          case when o_ref is null then null else o_eff end as our_status,
          case when th_kind is null then null else jsonb_build_object('type', th_kind, 'amount', th_amount::text,
            'status', th_status, 'round', th_round, 'user', th_member, 'reference', ref2, 'at', th_at) end as theirs,
          case when o_ref is null then null else jsonb_build_object('kind', o_kind, 'amount', o_amount::text,
            'status', o_row_status, 'round', round_id, 'at', o_at) end as ours,
          null::text as n_theirs, null::text as n_ours, null::text as n_matched
        from d where break_kind is not null
        union all
        select null, null, null, null, null, null, null, null, null, null,
          count(*) filter (where th_kind is not null)::text, count(*) filter (where o_ref is not null)::text,
          count(*) filter (where break_kind is null)::text
        from d`.execute(db);
      return split(rows);
    },

    /**
     * PayMongo's payments against our PayMongo deposits by our deposit id (the checkout's reference): a
     * payment paid (or later refunded) there is owed to a deposit paid here, for the same amount.
     */
    async comparePayMongo(o: {
      runKey: string;
      merchantId: number;
      startsAt: Date;
      endsAt: Date;
    }): Promise<{ counts: Counts; breaks: FoundBreak[] }> {
      const from = new Date(o.startsAt.getTime() - RECON_MARGIN_MS);
      const to = new Date(o.endsAt.getTime() + RECON_MARGIN_MS);
      const { rows } = await sql<
        FoundBreak & { n_theirs: string; n_ours: string; n_matched: string; fees: string }
      >`
        with th as (
          select ref2 as deposit, min(ref) as ref, sum(amount) filter (where status in ('paid', 'refunded')) as amount,
            sum(fee) filter (where status in ('paid', 'refunded')) as fee,
            bool_or(status = 'refunded') as refunded, bool_or(status in ('paid', 'refunded')) as paid,
            min(at) as at, string_agg(status, ',') as statuses
          from ${stageTable(o.runKey)} group by ref2
        ),
        ours as (
          select d.id::text as deposit, d.amount, d.status, d.member_id, d.updated_at as at, d.transfer_id
          from deposit_order d
          where d.merchant_id = ${o.merchantId}::int and d.provider = 'paymongo' and d.status = 'paid'
            and d.updated_at >= ${from}::timestamptz and d.updated_at < ${to}::timestamptz
          union
          select d.id::text, d.amount, d.status, d.member_id, d.updated_at, d.transfer_id
          from deposit_order d join th on th.deposit ~ '^[0-9]{1,18}$' and d.id = th.deposit::bigint
          where d.merchant_id = ${o.merchantId}::int
        ),
        j as (
          select th.*, ours.deposit as o_deposit, ours.amount as o_amount, ours.status as o_status,
            ours.member_id, ours.at as o_at, coalesce(th.paid, false) as th_paid, ours.status = 'paid' as o_paid
          from th full outer join ours on ours.deposit = th.deposit
        ),
        d as (
          select j.*, case
              when th_paid and refunded and o_paid then 'refunded'
              when th_paid and o_paid and amount <> o_amount then 'amount_differs'
              when th_paid and o_paid then null
              when th_paid then 'only_theirs'
              when o_paid then 'only_ours'
              else null end as break_kind
          from j
          where coalesce(least(at, o_at), at, o_at) >= ${o.startsAt}::timestamptz
            and coalesce(least(at, o_at), at, o_at) < ${o.endsAt}::timestamptz
        )
        select coalesce(ref, 'deposit:' || o_deposit) as ref, break_kind as kind, null as round,
          member_id::text as member_id, amount::text as their_amount, o_amount::text as our_amount,
          statuses as their_status, o_status as our_status,
          case when ref is null then null else jsonb_build_object('payment', ref, 'deposit', deposit,
            'amount', amount::text, 'fee', fee::text, 'statuses', statuses, 'at', at) end as theirs,
          case when o_deposit is null then null else jsonb_build_object('deposit', o_deposit,
            'amount', o_amount::text, 'status', o_status, 'at', o_at) end as ours,
          null::text as n_theirs, null::text as n_ours, null::text as n_matched, null::text as fees
        from d where break_kind is not null
        union all
        select null, null, null, null, null, null, null, null, null, null,
          count(*) filter (where ref is not null)::text, count(*) filter (where o_paid)::text,
          count(*) filter (where break_kind is null)::text, coalesce(sum(fee), 0)::text
        from d`.execute(db);
      return split(rows);
    },
  };
}
