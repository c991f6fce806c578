import { sql } from 'kysely';
import type { ContractKind, Tier } from '@panalo/contract/contract-terms';
import { CONTRACT_KINDS } from '@panalo/contract/contract-terms';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { formatAmount } from '@panalo/contract/money';
import { sendSystemMail } from '../mail/mail.service';
import { ledgerAccount } from '../wallet/ledger';
import { rollUpHouse } from '../wallet/house-rollup';
import { periodAt, type Period } from './periods';
import { contractSettings, payoutOf, settleDelayMs, type ContractSettings } from './settlement-maths';

/**
 * The contract settlement runs (issue 17 items 3 and 4; migration 0035). For each merchant, kind and
 * closed period (an hour, a day, a dividend period in the merchant's zone), once the period has closed
 * and the merchant's cut-off has passed: every contract in force at the period's end (the version that
 * was active then; a contract accepted during a period pays that whole period, a terminated one pays
 * until the end of the period it was ended in) is priced from the aggregates — member_day for days,
 * member_hour for hours, summed over the member's team (its subtree without itself) with one set-based
 * statement — by payoutOf, then written and paid:
 *
 * - Exactly once per (member, kind, period): the settlement row's unique key is claimed first, in the
 *   transaction that posts its ledger transfer (itself carrying an idempotency key); a second process, a
 *   retry or a run after a crash finds the row and pays nothing. One settler per (merchant, kind) at a
 *   time (an advisory lock; others skip), so that top-down order holds.
 * - Top-down: shallower members first, so an agent paid by its upline has the money before it pays its
 *   own downlines (when the merchant has uplines pay). The operator's contracts (top agents) are paid
 *   by the platform: the merchant's promotion budget account `contracts`.
 * - An upline whose wallet is short when a settlement falls due: the settlement is `owed` (visible to
 *   both sides and to the operator, who force-pays it from the platform or voids it with a reason);
 *   nothing is paid as zero. A period with no tier reached or no net loss is written as `nil`.
 * - Missed periods are caught up oldest first after downtime (at most CATCH_UP_MS back on a first run).
 */
export const CATCH_UP_MS: Record<ContractKind, number> = {
  hourly_salary: 48 * 3_600_000,
  daily_salary: 31 * 86_400_000,
  dividend: 93 * 86_400_000,
};
const CHUNK = 1_000;
/** Advisory lock classes of the settlement, one per kind (the second key is the merchant). */
const SETTLE_LOCK: Record<ContractKind, number> = {
  daily_salary: 0x4354_0001,
  hourly_salary: 0x4354_0002,
  dividend: 0x4354_0003,
};
export const TRANSFER_KIND: Record<ContractKind, 'agent_salary' | 'agent_dividend'> = {
  daily_salary: 'agent_salary',
  hourly_salary: 'agent_salary',
  dividend: 'agent_dividend',
};

export interface SettlingMerchant {
  id: number;
  currency: string;
  settings: unknown;
  tz: string;
}

interface Due {
  contractId: bigint;
  memberId: bigint;
  uplineId: bigint | null;
  tiers: Tier[];
  cap: bigint | null;
  turnover: bigint;
  active: number;
  netLoss: bigint;
  carryIn: bigint;
}

/**
 * The figures of every contract of `kind` in force at the end of `p` and not settled yet, shallowest
 * member first. Team = the member's subtree without itself (as team_day); turnover and net loss over the
 * contract's scope; active members as the merchant defines them.
 */
async function dueContracts(
  db: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  p: Period,
  s: ContractSettings,
  memberId?: bigint,
): Promise<Due[]> {
  const start = new Date(p.start);
  const end = new Date(p.end);
  const source =
    kind === 'hourly_salary'
      ? sql`
        select h.member_id, h.product, h.bets, h.refunds, 0::bigint as wins, 0::bigint as given, h.deposits
        from member_hour h
        where h.merchant_id = ${m.id}::int
          and h.hour >= (${start}::timestamptz at time zone ${m.tz})
          and h.hour < (${end}::timestamptz at time zone ${m.tz})`
      : sql`
        select d.member_id, d.product, d.bets, d.refunds, d.wins,
          (d.bonuses + d.rebates + d.commissions) as given, d.deposits
        from member_day d
        where d.merchant_id = ${m.id}::int
          and d.day >= (${start}::timestamptz at time zone ${m.tz})::date
          and d.day < (${end}::timestamptz at time zone ${m.tz})::date`;
  const r = await sql<{
    id: bigint;
    member_id: bigint;
    upline_id: bigint | null;
    tiers: { turnover: string; active: number; rate: number }[];
    cap: bigint | null;
    turnover: string;
    active: number;
    net_loss: string;
    carry_in: string;
  }>`
    with c as materialized (
      select k.id, k.member_id, k.upline_id, k.scope, k.tiers, k.cap,
        cardinality(string_to_array(btrim(mem.path, '/'), '/')) as depth,
        coalesce((select s.carry_out from contract_settlement s
                  where s.member_id = k.member_id and s.kind = k.kind and s.period_start < ${start}::timestamptz
                  order by s.period_start desc limit 1), 0) as carry_in
      from contract k join member mem on mem.id = k.member_id
      where k.merchant_id = ${m.id}::int and k.kind = ${kind}
        and k.status in ('active', 'replaced', 'terminated')
        and k.decided_at < ${end}::timestamptz
        and (k.ends_at is null or k.ends_at >= ${end}::timestamptz)
        and not exists (select 1 from contract_settlement s
                        where s.member_id = k.member_id and s.kind = k.kind and s.period_key = ${p.key})
        ${memberId === undefined ? sql`` : sql`and k.member_id = ${memberId}::bigint`}
    ),
    f as (
      select x.member_id,
        sum(x.bets - x.refunds) as valid,
        coalesce(sum(x.bets - x.refunds) filter (where x.product = 'lottery'), 0) as valid_lottery,
        sum(x.bets - x.refunds - x.wins - x.given) as loss,
        coalesce(sum(x.bets - x.refunds - x.wins) filter (where x.product = 'lottery'), 0) as loss_lottery,
        sum(x.deposits) as deposits
      from (${source}) x
      group by x.member_id
    ),
    t as (
      select a.agent_id, f.*
      from f join member b on b.id = f.member_id
      cross join lateral unnest(path_ancestors(b.path)) as a(agent_id)
      where a.agent_id in (select member_id from c)
    )
    select c.id, c.member_id, c.upline_id, c.tiers, c.cap, c.carry_in::text as carry_in,
      coalesce(sum(case when c.scope = 'lottery' then t.valid_lottery else t.valid end), 0)::text as turnover,
      (count(t.member_id) filter (
        where (case when c.scope = 'lottery' then t.valid_lottery else t.valid end) >= ${s.activeBets}::bigint
          and t.deposits >= ${s.activeDeposit}::bigint))::int as active,
      coalesce(sum(case when c.scope = 'lottery' then t.loss_lottery else t.loss end), 0)::text as net_loss
    from c left join t on t.agent_id = c.member_id
    group by c.id, c.member_id, c.upline_id, c.tiers, c.cap, c.carry_in, c.depth
    order by c.depth, c.member_id`.execute(db);
  return r.rows.map((x) => ({
    contractId: BigInt(x.id),
    memberId: BigInt(x.member_id),
    uplineId: x.upline_id === null ? null : BigInt(x.upline_id),
    tiers: x.tiers.map((t) => ({ turnover: BigInt(t.turnover), active: t.active, rate: t.rate })),
    cap: x.cap === null ? null : BigInt(x.cap),
    turnover: BigInt(x.turnover),
    active: Number(x.active),
    netLoss: BigInt(x.net_loss),
    carryIn: BigInt(x.carry_in),
  }));
}

export interface Estimate {
  period: Period;
  contractId: bigint;
  figures: { turnover: bigint; active: number; netLoss: bigint };
  payout: ReturnType<typeof payoutOf>;
}

/**
 * The current period's running figures of a member's contract of `kind` and what it would pay if the
 * period closed now (the same statement and maths as the run); null without a contract in force.
 */
export async function estimate(
  db: Database,
  m: SettlingMerchant,
  memberId: bigint,
  kind: ContractKind,
  now: Date,
): Promise<Estimate | null> {
  const s = contractSettings(m.settings);
  const period = periodAt(kind, now.getTime(), m.tz, s.dividendCadence);
  const [d] = await dueContracts(db, m, kind, period, s, memberId);
  if (!d) return null;
  return {
    period,
    contractId: d.contractId,
    figures: { turnover: d.turnover, active: d.active, netLoss: d.netLoss },
    payout: payoutOf(kind, d, d, { carryIn: d.carryIn, carryOver: s.dividendCarryOver }),
  };
}

/** The platform's budget the contracts are paid from (a promotion account: it may go below zero). */
export const platformKey = (m: { id: number; currency: string }) => ({
  merchantId: m.id,
  book: 'real' as const,
  kind: 'promotion' as const,
  ref: 'contracts',
  currency: m.currency,
});

/**
 * Writes and pays (or records as owed) one contract's period in one statement; false when it was
 * already settled. The claim (the settlement row, on its unique key) comes first and everything else
 * hangs on it: the transfer (its id drawn up front, its own idempotency key), both balances and both
 * entries are written only when the row was inserted and the payer can pay. An upline's wallet is
 * locked before, so that what decided "paid or owed" still holds when the money moves.
 */
async function settleOne(
  trx: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  p: Period,
  s: ContractSettings,
  d: Due,
  now: Date,
  wallets: { platform: { id: bigint; balance: bigint }; of: Map<bigint, bigint> },
): Promise<boolean> {
  const pay = payoutOf(kind, d, d, { carryIn: d.carryIn, carryOver: s.dividendCarryOver });
  const byUpline = d.uplineId !== null && s.payer[kind] === 'upline';
  const to = wallets.of.get(d.memberId);
  let from: bigint | undefined = wallets.platform.id;
  let pays = pay.amount > 0n;
  if (pays && byUpline) {
    // The upline's wallet, locked: its balance decides between paying now and owing.
    from = wallets.of.get(d.uplineId!);
    const w = from
      ? await sql<{
          balance: bigint;
        }>`select balance from ledger_account where id = ${from}::bigint for update`.execute(trx)
      : null;
    pays = !!w && BigInt(w.rows[0]?.balance ?? 0) >= pay.amount;
  }
  if (!to || !from) throw new Error('contract settlement: a wallet is missing');
  const status = pays ? 'paid' : pay.amount === 0n ? 'nil' : 'owed';
  const r = await sql<{ claimed: number; entries: number }>`
    with s as (
      insert into contract_settlement (merchant_id, contract_id, member_id, kind, period_key, period_start,
        period_end, turnover, active, net_loss, carry_in, carry_out, tier, rate_bp, capped, amount, payer, payer_id,
        status, transfer_id, settled_at)
      values (${m.id}::int, ${d.contractId}::bigint, ${d.memberId}::bigint, ${kind}, ${p.key},
        ${new Date(p.start)}::timestamptz, ${new Date(p.end)}::timestamptz, ${d.turnover}::bigint, ${d.active}::int,
        ${d.netLoss}::bigint, ${s.dividendCarryOver ? d.carryIn : 0n}::bigint, ${pay.carryOut}::bigint,
        ${pay.tier}::int, ${pay.rate}::int, ${pay.capped}::boolean, ${pay.amount}::bigint,
        ${byUpline ? 'upline' : 'platform'}, ${byUpline ? d.uplineId : null}::bigint, ${status},
        case when ${pays}::boolean then nextval(pg_get_serial_sequence('ledger_transfer', 'id')) end,
        ${now}::timestamptz)
      on conflict (member_id, kind, period_key) do nothing
      returning transfer_id
    ), t as (
      insert into ledger_transfer (id, merchant_id, book, kind, idempotency_scope, idempotency_key, reference, memo,
        created_by, created_at)
      overriding system value
      select transfer_id, ${m.id}::int, 'real', ${TRANSFER_KIND[kind]}, 'contract-run',
        ${`${kind}:${p.key}:${d.memberId}`}, ${`contract:${d.contractId}`}, ${`${kind} ${p.key}`},
        'system:contract-run', ${now}::timestamptz
      from s where transfer_id is not null
      returning id
    ), debit as (${
      byUpline
        ? sql`
      update ledger_account set balance = balance - ${pay.amount}::bigint
      where id = ${from}::bigint and exists (select 1 from t)
      returning balance`
        : // The platform's row is locked for the chunk and written once at its end (one row updated
          // hundreds of times in a transaction would drag a chain of versions behind it).
          sql`
      select ${wallets.platform.balance - pay.amount}::bigint as balance where exists (select 1 from t)`
    }), credit as (
      update ledger_account set balance = balance + ${pay.amount}::bigint
      where id = ${to}::bigint and exists (select 1 from t)
      returning balance
    ), e as (
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      select t.id, ${from}::bigint, -${pay.amount}::bigint, debit.balance, ${now}::timestamptz from t, debit
      union all
      select t.id, ${to}::bigint, ${pay.amount}::bigint, credit.balance, ${now}::timestamptz from t, credit
      returning 1
    ), md as (
      -- The daily figures move with the money (figureLegsOf): + for the agent paid, − for an upline paying.
      insert into member_day (merchant_id, member_id, day, product, commissions)
      select ${m.id}::int, f.member_id, (${now}::timestamptz at time zone merchant_time_zone(mm.settings))::date, '',
        f.amount
      from (
        select ${d.memberId}::bigint as member_id, ${pay.amount}::bigint as amount from credit
        union all
        select ${d.uplineId}::bigint, -${pay.amount}::bigint from debit where ${byUpline}::boolean
      ) f cross join merchant mm where mm.id = ${m.id}::int
      order by f.member_id
      on conflict (member_id, day, product) do update set commissions = member_day.commissions + excluded.commissions
      returning 1
    )
    select (select count(*) from s)::int as claimed, (select count(*) from e)::int as entries,
      (select count(*) from md)::int as figures`.execute(trx);
  const moved = (r.rows[0]?.entries ?? 0) > 0;
  if (moved && !byUpline) wallets.platform.balance -= pay.amount;
  if (moved && mailed(kind)) {
    await sendSystemMail(trx, {
      merchantId: m.id,
      memberId: d.memberId,
      template: 'settlement_paid',
      params: { kind, period: p.key, amount: formatAmount(pay.amount) },
      at: now,
    });
  }
  return (r.rows[0]?.claimed ?? 0) > 0;
}

/** Whether an agent paid a settlement of this kind is told by a system mail (issue 19): not every hour. */
export const mailed = (kind: ContractKind) => kind !== 'hourly_salary';

/**
 * The same as settleOne for every settlement of a chunk the platform pays (or that pays nothing), in one
 * statement: the claims, the transfers, the credits and both legs' entries; the platform's running
 * balance in its entries follows the transfers' order, and its row is written once at the chunk's end.
 * Returns how many were claimed.
 */
async function settleSet(
  trx: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  p: Period,
  s: ContractSettings,
  rows: Due[],
  now: Date,
  wallets: { platform: { id: bigint; balance: bigint }; of: Map<bigint, bigint> },
): Promise<number> {
  if (rows.length === 0) return 0;
  const priced = rows.map((d) => ({
    d,
    pay: payoutOf(kind, d, d, { carryIn: d.carryIn, carryOver: s.dividendCarryOver }),
  }));
  const col = <T>(f: (x: (typeof priced)[number]) => T) => priced.map(f);
  const bigints = (f: (x: (typeof priced)[number]) => bigint) => col((x) => f(x).toString());
  const r = await sql<{ claimed: number; paid: string }>`
    with v as (
      select * from unnest(${bigints((x) => x.d.memberId)}::bigint[], ${bigints((x) => x.d.contractId)}::bigint[],
        ${bigints((x) => x.d.turnover)}::bigint[], ${col((x) => x.d.active)}::int[],
        ${bigints((x) => x.d.netLoss)}::bigint[], ${bigints((x) => (s.dividendCarryOver ? x.d.carryIn : 0n))}::bigint[],
        ${bigints((x) => x.pay.carryOut)}::bigint[], ${col((x) => x.pay.tier)}::int[], ${col((x) => x.pay.rate)}::int[],
        ${col((x) => x.pay.capped)}::boolean[], ${bigints((x) => x.pay.amount)}::bigint[],
        ${col((x) => String(wallets.of.get(x.d.memberId) ?? ''))}::text[])
        as v(member_id, contract_id, turnover, active, net_loss, carry_in, carry_out, tier, rate_bp, capped, amount,
             wallet)
    ), s as (
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
    ), x as materialized (
      select s.member_id, s.amount, s.transfer_id, v.wallet::bigint as wallet,
        sum(s.amount) over (order by s.transfer_id) as cum
      from s join v on v.member_id = s.member_id
      where s.transfer_id is not null
    ), t as (
      insert into ledger_transfer (id, merchant_id, book, kind, idempotency_scope, idempotency_key, reference, memo,
        created_by, created_at)
      overriding system value
      select x.transfer_id, ${m.id}::int, 'real', ${TRANSFER_KIND[kind]}, 'contract-run',
        ${`${kind}:${p.key}:`} || x.member_id::text, 'contract:' || v.contract_id::text, ${`${kind} ${p.key}`},
        'system:contract-run', ${now}::timestamptz
      from x join v on v.member_id = x.member_id
      order by x.transfer_id
      returning id
    ), credit as (
      update ledger_account a set balance = a.balance + x.amount
      from x where a.id = x.wallet
      returning a.id, a.balance, x.transfer_id, x.amount
    ), e as (
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      select y.transfer_id, y.account_id, y.amount, y.balance_after, ${now}::timestamptz from (
        select x.transfer_id, ${wallets.platform.id}::bigint as account_id, -x.amount as amount,
          ${wallets.platform.balance}::bigint - x.cum as balance_after, 0 as leg
        from x
        union all
        select credit.transfer_id, credit.id, credit.amount, credit.balance, 1 from credit
      ) y
      order by y.transfer_id, y.leg
      returning 1
    ), md as (
      -- The agents' daily figures move with the money (figureLegsOf: contract pay counts as commissions).
      insert into member_day (merchant_id, member_id, day, product, commissions)
      select ${m.id}::int, x.member_id, (${now}::timestamptz at time zone merchant_time_zone(mm.settings))::date,
        '', x.amount
      from x cross join merchant mm where mm.id = ${m.id}::int
      order by x.member_id
      on conflict (member_id, day, product) do update set commissions = member_day.commissions + excluded.commissions
      returning 1
    ), mails as materialized (
      -- Each agent paid is told (a system mail, issue 19), in the statement that pays it.
      -- Not for hourly salaries: a mail every hour would bury the rest (the records show them).
      select nextval(pg_get_serial_sequence('mail', 'id')) as id, x.member_id, x.amount from x
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
    )
    select (select count(*) from s)::int as claimed,
      (select count(*) from md)::int as figures,
      (select count(*) from mail_rows)::int + (select count(*) from mail_to)::int as mails,
      (select coalesce(sum(amount), 0) from x)::text as paid,
      (select count(*) from t)::int as transfers, (select count(*) from e)::int as entries`.execute(trx);
  const out = r.rows[0];
  wallets.platform.balance -= BigInt(out?.paid ?? '0');
  return out?.claimed ?? 0;
}

/** The wallets a chunk pays into and from (created race-safely when missing), by member. */
async function chunkWallets(trx: Database, m: SettlingMerchant, due: Due[]): Promise<Map<bigint, bigint>> {
  const ids = [
    ...new Set(due.flatMap((d) => (d.uplineId === null ? [d.memberId] : [d.memberId, d.uplineId]))),
  ];
  await sql`
    insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency, allow_negative)
    select ${m.id}::int, 'real', 'member_wallet', x, '', ${m.currency}, false
    from unnest(${ids.map(String)}::bigint[]) as x
    on conflict (merchant_id, book, kind, coalesce(owner_member_id, 0), ref, currency) do nothing`.execute(
    trx,
  );
  const rows = await sql<{ id: bigint; owner: bigint }>`
    select id, owner_member_id as owner from ledger_account
    where merchant_id = ${m.id}::int and book = 'real' and kind = 'member_wallet' and ref = ''
      and currency = ${m.currency} and owner_member_id = any(${ids.map(String)}::bigint[])`.execute(trx);
  return new Map(rows.rows.map((r) => [BigInt(r.owner), BigInt(r.id)]));
}

export interface PeriodResult {
  merchantId: number;
  kind: ContractKind;
  period: string;
  settled: number;
  /** Another process holds this (merchant, kind): it finishes the period. */
  busy: boolean;
  /** Bets of the period still wait for the house roll-up: run again later. */
  waiting: boolean;
}

/** Settles one period of a kind for a merchant (see the module comment). */
export async function settleContractPeriod(
  db: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  p: Period,
  now: Date,
  hooks: { afterChunk?: () => void | Promise<void>; chunk?: number } = {},
): Promise<PeriodResult> {
  const out: PeriodResult = {
    merchantId: m.id,
    kind,
    period: p.key,
    settled: 0,
    busy: false,
    waiting: false,
  };
  if (!(await rolledUpBefore(db, p.end))) return { ...out, waiting: true };
  const s = contractSettings(m.settings);
  await sql`
    insert into contract_run (merchant_id, kind, period_key, period_start, period_end, started_at)
    values (${m.id}::int, ${kind}, ${p.key}, ${new Date(p.start)}::timestamptz, ${new Date(p.end)}::timestamptz,
      ${now}::timestamptz)
    on conflict do nothing`.execute(db);
  const due = await dueContracts(db, m, kind, p, s);
  const platformId = await ledgerAccount(db, platformKey(m));
  const size = hooks.chunk ?? CHUNK;
  for (let i = 0; i < due.length; i += size) {
    const n = await db.transaction().execute(async (trx) => {
      const lock = await sql<{ ok: boolean }>`
        select pg_try_advisory_xact_lock(${SETTLE_LOCK[kind]}::int, ${m.id}::int) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return null;
      let n = 0;
      const chunk = due.slice(i, i + size);
      const locked = await sql<{ balance: bigint }>`
        select balance from ledger_account where id = ${platformId}::bigint for update`.execute(trx);
      const before = BigInt(locked.rows[0]?.balance ?? 0);
      const wallets = {
        platform: { id: platformId, balance: before },
        of: await chunkWallets(trx, m, chunk),
      };
      // Uplines that pay: one by one (each checks and debits the upline's wallet), after the platform's,
      // which are one statement; the chunk is in depth order and an upline is paid before it pays.
      const byUpline = (d: Due) => d.uplineId !== null && s.payer[kind] === 'upline';
      n += await settleSet(
        trx,
        m,
        kind,
        p,
        s,
        chunk.filter((d) => !byUpline(d)),
        now,
        wallets,
      );
      for (const d of chunk.filter(byUpline))
        if (await settleOne(trx, m, kind, p, s, d, now, wallets)) n += 1;
      if (wallets.platform.balance !== before)
        await sql`update ledger_account set balance = ${wallets.platform.balance}::bigint
                  where id = ${platformId}::bigint`.execute(trx);
      await hooks.afterChunk?.();
      return n;
    });
    if (n === null) return { ...out, busy: true };
    out.settled += n;
  }
  await sql`
    update contract_run r set finished_at = ${now}::timestamptz,
      settlements = x.n, paid = x.paid, owed = x.owed
    from (select count(*)::int as n,
            coalesce(sum(amount) filter (where status = 'paid'), 0)::bigint as paid,
            coalesce(sum(amount) filter (where status = 'owed'), 0)::bigint as owed
          from contract_settlement
          where merchant_id = ${m.id}::int and kind = ${kind} and period_key = ${p.key}) x
    where r.merchant_id = ${m.id}::int and r.kind = ${kind} and r.period_key = ${p.key}
      and r.finished_at is null`.execute(db);
  return out;
}

/** Whether every bet placed before `end` has left the house queue (rolling it up once if not). */
async function rolledUpBefore(db: Database, end: number): Promise<boolean> {
  const queued = async () =>
    (
      await sql<{ n: boolean }>`
        select exists (select 1 from house_pending where at < ${new Date(end)}::timestamptz) as n`.execute(db)
    ).rows[0]?.n;
  if (!(await queued())) return true;
  await rollUpHouse(db);
  return !(await queued());
}

/**
 * The periods of a kind a merchant has due at `now`, oldest first: runs left unfinished, then every
 * closed period after the last run (on a first run, from the earliest contract ever accepted, at most
 * CATCH_UP_MS back) whose cut-off has passed.
 */
export async function duePeriods(
  db: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  now: Date,
): Promise<Period[]> {
  const s = contractSettings(m.settings);
  const delay = settleDelayMs(kind, s);
  const unfinished = await db
    .selectFrom('contract_run')
    .select(['period_key', 'period_start', 'period_end'])
    .where('merchant_id', '=', m.id)
    .where('kind', '=', kind)
    .where('finished_at', 'is', null)
    .orderBy('period_start')
    .execute();
  const out: Period[] = unfinished.map((u) => ({
    key: u.period_key,
    start: u.period_start.getTime(),
    end: u.period_end.getTime(),
  }));
  const bounds = await sql<{ last: Date | null; first: Date | null }>`
    select (select max(period_end) from contract_run where merchant_id = ${m.id}::int and kind = ${kind}) as last,
      (select min(decided_at) from contract where merchant_id = ${m.id}::int and kind = ${kind}
         and status in ('active', 'replaced', 'terminated')) as first`.execute(db);
  const b = bounds.rows[0];
  if (!b?.first) return out;
  const from = b.last
    ? new Date(b.last).getTime()
    : Math.max(new Date(b.first).getTime(), now.getTime() - CATCH_UP_MS[kind]);
  let p = periodAt(kind, from, m.tz, s.dividendCadence);
  while (p.end + delay <= now.getTime() && out.length < 2_000) {
    if (!out.some((u) => u.key === p.key)) out.push(p);
    p = periodAt(kind, p.end, m.tz, s.dividendCadence);
  }
  return out;
}

/** The merchants to settle (all, or one), with their zone. */
export async function settlingMerchants(db: Database, merchantId?: number): Promise<SettlingMerchant[]> {
  const r = await sql<SettlingMerchant>`
    select id, currency, settings, merchant_time_zone(settings) as tz from merchant
    ${merchantId === undefined ? sql`` : sql`where id = ${merchantId}::int`}
    order by id`.execute(db);
  return r.rows;
}

/**
 * Settles everything due at the clock's now for every merchant (or one), kind by kind, oldest period
 * first; stops a kind at a period another process holds or whose bets are still queued.
 */
export async function runDueContracts(
  db: Database,
  clock: Clock,
  o: { merchantId?: number; hooks?: { afterChunk?: () => void | Promise<void>; chunk?: number } } = {},
): Promise<PeriodResult[]> {
  const now = clock.now();
  const out: PeriodResult[] = [];
  for (const m of await settlingMerchants(db, o.merchantId))
    for (const kind of CONTRACT_KINDS)
      for (const p of await duePeriods(db, m, kind, now)) {
        const r = await settleContractPeriod(db, m, kind, p, now, o.hooks);
        out.push(r);
        if (r.busy || r.waiting) break;
      }
  return out;
}
