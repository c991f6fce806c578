import { sql } from 'kysely';
import type { ContractKind, Tier } from '@panalo/contract/contract-terms';
import { CONTRACT_KINDS } from '@panalo/contract/contract-terms';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { formatAmount } from '@panalo/contract/money';
import { sendSystemMail } from '../mail/mail.service';
import { createWallets, ledgerAccount } from '../wallet/ledger';
import { postRun } from '../wallet/post-run';
import { rollUpHouse } from '../wallet/house-rollup';
import { periodAt, type Period } from './periods';
import { contractSettings, payoutOf, settleDelayMs, type ContractSettings } from './settlement-maths';
import { inTransaction } from '../../db/transaction';

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

/** The period's last instant: its pay counts on the day it ends in (figures.ts), whenever it is paid. */
const lastInstant = (p: Period) => new Date(p.end - 1);

/**
 * Writes and pays (or records as owed) one contract's period whose upline pays, in one statement; false
 * when it was already settled. The claim (the settlement row, on its unique key) comes first and
 * everything else hangs on it: the transfer (its id drawn up front, its own idempotency key), posted by the
 * wallet module's postRun, only when the row was inserted and the upline can pay. The upline's wallet is
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
async function settleSet(
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

interface ChunkWallets {
  /** The platform's budget (the contracts' promotion account), which pays what uplines do not. */
  platformId: bigint;
  /** Each member's wallet of the chunk. */
  of: Map<bigint, bigint>;
}

/** The wallets a chunk pays into and from (created race-safely when missing), by member. */
async function chunkWallets(trx: Database, m: SettlingMerchant, due: Due[]): Promise<Map<bigint, bigint>> {
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
    const n = await inTransaction(db, 'settlement.settleContractPeriod', async (trx) => {
      const lock = await sql<{ ok: boolean }>`
        select pg_try_advisory_xact_lock(${SETTLE_LOCK[kind]}::int, ${m.id}::int) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return null;
      let n = 0;
      const chunk = due.slice(i, i + size);
      const wallets: ChunkWallets = { platformId, of: await chunkWallets(trx, m, chunk) };
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
