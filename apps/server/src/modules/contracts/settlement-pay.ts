import { sql } from 'kysely';
import type { ContractKind } from '@panalo/contract/contract-terms';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import { sendSystemMail } from '../mail/mail.service';
import { createWallets } from '../wallet/ledger';
import { postRun } from '../wallet/post-run';
import type { Period } from './periods';
import type { Due, SettlingMerchant } from './settlement-due';
import { payoutOf, type ContractSettings } from './settlement-maths';

/**
 * How a settlement run pays a chunk of priced contracts (settlement.ts holds the run, its locks and its
 * transactions): the platform's in one statement (settleSet), each upline's one by one with its wallet
 * locked first (settleOne); each claims its settlement row first and posts through the wallet's postRun.
 */

export const TRANSFER_KIND: Record<ContractKind, 'agent_salary' | 'agent_dividend'> = {
  daily_salary: 'agent_salary',
  hourly_salary: 'agent_salary',
  dividend: 'agent_dividend',
};

/** The platform's budget the contracts are paid from (a promotion account: it may go below zero). */
export const platformKey = (m: { id: number; currency: string }) => ({
  merchantId: m.id,
  book: 'real' as const,
  kind: 'promotion' as const,
  ref: 'contracts',
  currency: m.currency,
});

/** The period's last instant: its pay counts on the day it ends in (figures.ts), whenever it is paid. */
const lastInstant = (p: Period) => new Date(p.end - 1);

/**
 * Writes and pays (or records as owed) one contract's period whose upline pays, in one statement; false
 * when it was already settled. The claim (the settlement row, on its unique key) comes first and
 * everything else hangs on it: the transfer (its id drawn up front, its own idempotency key), posted by the
 * wallet module's postRun, only when the row was inserted and the upline can pay. The upline's wallet is
 * locked before, so that what decided "paid or owed" still holds when the money moves.
 */
export async function settleOne(
  trx: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  p: Period,
  s: ContractSettings,
  d: Due,
  now: Date,
  wallets: ChunkWallets,
): Promise<boolean> {
  const pay = payoutOf(kind, d, d, { carryIn: d.carryIn, carryOver: s.dividendCarryOver });
  const to = wallets.of.get(d.memberId);
  const from = wallets.of.get(d.uplineId!);
  if (!to || !from) throw new Error('contract settlement: a wallet is missing');
  // The upline's wallet, locked: its balance decides between paying now and owing.
  const pays = pay.amount > 0n && (await balanceLocked(trx, from)) >= pay.amount;
  const status = pays ? 'paid' : pay.amount === 0n ? 'nil' : 'owed';
  const claim = sql`c as (
    insert into contract_settlement (merchant_id, contract_id, member_id, kind, period_key, period_start,
      period_end, turnover, active, net_loss, carry_in, carry_out, tier, rate_bp, capped, amount, payer, payer_id,
      status, transfer_id, settled_at)
    values (${m.id}::int, ${d.contractId}::bigint, ${d.memberId}::bigint, ${kind}, ${p.key},
      ${new Date(p.start)}::timestamptz, ${new Date(p.end)}::timestamptz, ${d.turnover}::bigint, ${d.active}::int,
      ${d.netLoss}::bigint, ${s.dividendCarryOver ? d.carryIn : 0n}::bigint, ${pay.carryOut}::bigint,
      ${pay.tier}::int, ${pay.rate}::int, ${pay.capped}::boolean, ${pay.amount}::bigint, 'upline',
      ${d.uplineId}::bigint, ${status},
      case when ${pays}::boolean then nextval(pg_get_serial_sequence('ledger_transfer', 'id')) end,
      ${now}::timestamptz)
    on conflict (member_id, kind, period_key) do nothing
    returning transfer_id
  )`;
  const r = await postRun(trx, {
    kind: TRANSFER_KIND[kind],
    scope: 'contract-run',
    createdBy: 'system:contract-run',
    at: now,
    debit: 'updated',
    before: [claim],
    rows: sql`
      select c.transfer_id, ${m.id}::int as merchant_id, 'real'::text as book, ${to}::bigint as credit_id,
        ${from}::bigint as debit_id, ${pay.amount}::bigint as amount,
        ${`${kind}:${p.key}:${d.memberId}`}::text as key, ${`contract:${d.contractId}`}::text as reference,
        ${`${kind} ${p.key}`}::text as memo, null::bigint as figure_member, null::text as figure_kind,
        null::text as product
      from c where c.transfer_id is not null`,
    also: [
      // The daily figures move with the money (figureLegsOf): + for the agent paid, − for the upline paying.
      sql`md as (
        insert into member_day (merchant_id, member_id, day, product, commissions)
        select ${m.id}::int, f.member_id, (${lastInstant(p)}::timestamptz at time zone ${m.tz})::date, '', f.amount
        from (
          select ${d.memberId}::bigint as member_id, amount from s
          union all
          select ${d.uplineId}::bigint, -amount from s
        ) f
        order by f.member_id
        on conflict (member_id, day, product) do update set commissions = member_day.commissions + excluded.commissions
        returning 1
      )`,
    ],
    report: ['c'],
  });
  if (r.transfers > 0 && mailed(kind)) {
    await sendSystemMail(trx, {
      merchantId: m.id,
      memberId: d.memberId,
      template: 'settlement_paid',
      params: { kind, period: p.key, amount: formatAmount(pay.amount) },
      at: now,
    });
  }
  return (r.reported.c ?? 0) > 0;
}

/** A member wallet's balance, its row locked until the transaction ends. */
async function balanceLocked(trx: Database, accountId: bigint): Promise<bigint> {
  const r = await trx
    .selectFrom('ledger_account')
    .select('balance')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  return r?.balance ?? 0n;
}

/** Whether an agent paid a settlement of this kind is told by a system mail (issue 19): not every hour. */
export const mailed = (kind: ContractKind) => kind !== 'hourly_salary';

/**
 * The same as settleOne for every settlement of a chunk the platform pays (or that pays nothing), in one
 * statement: the claims, then through the wallet module's postRun the transfers, the credits, the
 * platform's debit (one update by the chunk's total; the running balance in its entries follows the
 * transfers' order) and both legs' entries, the agents' figures and their mails. Returns how many were
 * claimed.
 */
export async function settleSet(
  trx: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  p: Period,
  s: ContractSettings,
  rows: Due[],
  now: Date,
  wallets: ChunkWallets,
): Promise<number> {
  if (rows.length === 0) return 0;
  const priced = rows.map((d) => ({
    d,
    pay: payoutOf(kind, d, d, { carryIn: d.carryIn, carryOver: s.dividendCarryOver }),
  }));
  const col = <T>(f: (x: (typeof priced)[number]) => T) => priced.map(f);
  const bigints = (f: (x: (typeof priced)[number]) => bigint) => col((x) => f(x).toString());
  const r = await postRun(trx, {
    kind: TRANSFER_KIND[kind],
    scope: 'contract-run',
    createdBy: 'system:contract-run',
    at: now,
    debit: 'updated',
    before: [
      sql`v as (
      select * from unnest(${bigints((x) => x.d.memberId)}::bigint[], ${bigints((x) => x.d.contractId)}::bigint[],
        ${bigints((x) => x.d.turnover)}::bigint[], ${col((x) => x.d.active)}::int[],
        ${bigints((x) => x.d.netLoss)}::bigint[], ${bigints((x) => (s.dividendCarryOver ? x.d.carryIn : 0n))}::bigint[],
        ${bigints((x) => x.pay.carryOut)}::bigint[], ${col((x) => x.pay.tier)}::int[], ${col((x) => x.pay.rate)}::int[],
        ${col((x) => x.pay.capped)}::boolean[], ${bigints((x) => x.pay.amount)}::bigint[],
        ${col((x) => String(wallets.of.get(x.d.memberId) ?? ''))}::text[])
        as v(member_id, contract_id, turnover, active, net_loss, carry_in, carry_out, tier, rate_bp, capped, amount,
             wallet)
    )`,
      sql`c as (
      insert into contract_settlement (merchant_id, contract_id, member_id, kind, period_key, period_start,
        period_end, turnover, active, net_loss, carry_in, carry_out, tier, rate_bp, capped, amount, payer, payer_id,
        status, transfer_id, settled_at)
      select ${m.id}::int, contract_id, member_id, ${kind}, ${p.key}, ${new Date(p.start)}::timestamptz,
        ${new Date(p.end)}::timestamptz, turnover, active, net_loss, carry_in, carry_out, tier, rate_bp, capped, amount,
        'platform', null, case when amount > 0 then 'paid' else 'nil' end,
        case when amount > 0 then nextval(pg_get_serial_sequence('ledger_transfer', 'id')) end,
        ${now}::timestamptz
      from v order by member_id
      on conflict (member_id, kind, period_key) do nothing
      returning member_id, amount, transfer_id
    )`,
    ],
    rows: sql`
      select c.transfer_id, ${m.id}::int as merchant_id, 'real'::text as book, v.wallet::bigint as credit_id,
        ${wallets.platformId}::bigint as debit_id, c.amount, ${`${kind}:${p.key}:`} || c.member_id::text as key,
        'contract:' || v.contract_id::text as reference, ${`${kind} ${p.key}`}::text as memo,
        null::bigint as figure_member, null::text as figure_kind, null::text as product, c.member_id
      from c join v on v.member_id = c.member_id
      where c.transfer_id is not null`,
    also: [
      // The agents' daily figures move with the money (figureLegsOf: contract pay counts as commissions).
      sql`md as (
      insert into member_day (merchant_id, member_id, day, product, commissions)
      select ${m.id}::int, member_id, (${lastInstant(p)}::timestamptz at time zone ${m.tz})::date, '', amount
      from s
      order by member_id
      on conflict (member_id, day, product) do update set commissions = member_day.commissions + excluded.commissions
      returning 1
    )`,
      sql`mails as materialized (
      -- Each agent paid is told (a system mail, issue 19), in the statement that pays it.
      -- Not for hourly salaries: a mail every hour would bury the rest (the records show them).
      select nextval(pg_get_serial_sequence('mail', 'id')) as id, s.member_id, s.amount from s
      where ${mailed(kind)}::boolean
    ), mail_rows as (
      insert into mail (id, merchant_id, kind, audience, template, params, recipients, created_at)
      select id, ${m.id}::int, 'system', 'members', 'settlement_paid',
        jsonb_build_object('kind', ${kind}::text, 'period', ${p.key}::text,
          'amount', (amount::numeric / 100)::numeric(20, 2)::text), 1, ${now}::timestamptz
      from mails order by id
      returning 1
    ), mail_to as (
      insert into mail_recipient (member_id, mail_id) select member_id, id from mails
      returning 1
    )`,
    ],
    report: ['c'],
  });
  return r.reported.c ?? 0;
}

export interface ChunkWallets {
  /** The platform's budget (the contracts' promotion account), which pays what uplines do not. */
  platformId: bigint;
  /** Each member's wallet of the chunk. */
  of: Map<bigint, bigint>;
}

/** The wallets a chunk pays into and from (created race-safely when missing), by member. */
export async function chunkWallets(
  trx: Database,
  m: SettlingMerchant,
  due: Due[],
): Promise<Map<bigint, bigint>> {
  const ids = [
    ...new Set(due.flatMap((d) => (d.uplineId === null ? [d.memberId] : [d.memberId, d.uplineId]))),
  ];
  await createWallets(trx, {
    merchantId: m.id,
    currency: m.currency,
    members: sql`select x as member_id from unnest(${ids.map(String)}::bigint[]) as x`,
  });
  const rows = await sql<{ id: bigint; owner: bigint }>`
    select id, owner_member_id as owner from ledger_account
    where merchant_id = ${m.id}::int and book = 'real' and kind = 'member_wallet' and ref = ''
      and currency = ${m.currency} and owner_member_id = any(${ids.map(String)}::bigint[])`.execute(trx);
  return new Map(rows.rows.map((r) => [BigInt(r.owner), BigInt(r.id)]));
}
