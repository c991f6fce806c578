import { sql } from 'kysely';
import type { ContractKind } from '@panalo/contract/contract-terms';
import { CONTRACT_KINDS } from '@panalo/contract/contract-terms';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { ledgerAccount } from '../wallet/ledger';
import { rollUpHouse } from '../wallet/house-rollup';
import { periodAt, type Period } from './periods';
import { dueContracts, type Due, type SettlingMerchant } from './settlement-due';
import { chunkWallets, platformKey, settleOne, settleSet, type ChunkWallets } from './settlement-pay';
import { contractSettings, settleDelayMs } from './settlement-maths';
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
