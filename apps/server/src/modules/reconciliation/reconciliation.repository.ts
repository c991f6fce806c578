import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ReconBreakKind, ReconSource } from '../../db/schema';
import type { OutsideItem } from './outside-lists';

/**
 * How far either side's time may be from the other's for the same transaction (the outside party
 * books when it sends, we when we apply): items this close to the day are read, and a pair belongs to
 * the day of its first time.
 */
export const RECON_MARGIN_MS = 15 * 60_000;

/** One pair of the comparison that is a break, as the SQL finds it. */
export interface FoundBreak {
  ref: string;
  kind: ReconBreakKind;
  round: string | null;
  member_id: string | null;
  their_amount: string | null;
  our_amount: string | null;
  their_status: string | null;
  our_status: string | null;
  theirs: unknown;
  ours: unknown;
}

export interface Counts {
  theirs: string;
  ours: string;
  matched: string;
  fees: string;
}

/** A run's key: merchant, day and source, e.g. `1_20320510_hub88`. */
export const runKeyOf = (merchantId: number, day: string, source: ReconSource) =>
  `${merchantId}_${day.replaceAll('-', '')}_${source}`;
/** The run's staging table (its name made of the run's key, checked). */
export function stageTable(runKey: string) {
  if (!/^[0-9]{1,10}_[0-9]{8}_(hub88|paymongo)$/.test(runKey)) throw new Error(`bad run key ${runKey}`);
  return sql.table(`recon_stage_${runKey}`);
}

const big = (v: string | null | undefined) => (v === null || v === undefined ? null : BigInt(v));

/** Reconciliation's runs, staged items, comparisons and breaks. */
export function reconciliationRepository(db: Database) {
  const repo = {
    /**
     * Claims the (merchant, day, source) run: a new one, a failed one, or one left running for over half
     * an hour (its process died). False when it is done or running elsewhere.
     */
    async claim(merchantId: number, day: string, source: ReconSource, runBy: string, now: Date) {
      const { rows } = await sql<{ ok: number }>`
        insert into recon_run (merchant_id, day, source, status, run_by, started_at)
        values (${merchantId}::int, ${day}::date, ${source}, 'running', ${runBy}, ${now}::timestamptz)
        on conflict (merchant_id, day, source) do update
          set status = 'running', run_by = excluded.run_by, started_at = excluded.started_at, error = null
          where recon_run.status = 'failed'
            or (recon_run.status = 'running' and recon_run.started_at < excluded.started_at - interval '30 minutes')
        returning 1 as ok`.execute(db);
      return rows.length > 0;
    },
    async fail(merchantId: number, day: string, source: ReconSource, error: string, now: Date) {
      await db
        .updateTable('recon_run')
        .set({ status: 'failed', error: error.slice(0, 500), finished_at: now })
        .where('merchant_id', '=', merchantId)
        .where(sql`day`, '=', day)
        .where('source', '=', source)
        .execute();
    },
    runs(merchantId: number, day: string) {
      return db
        .selectFrom('recon_run')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where(sql`day`, '=', sql`${day}::date`)
        .orderBy('source')
        .execute();
    },

    /**
     * The run's staging table, made afresh (a dead run's leftover dropped): unlogged and without an
     * index while it loads, analysed before the comparison, dropped after it.
     */
    async openStage(runKey: string) {
      await sql`drop table if exists ${stageTable(runKey)}`.execute(db);
      await sql`create unlogged table ${stageTable(runKey)} (ref text not null, ref2 text, kind text not null,
        amount bigint not null, fee bigint not null, status text not null, round text, member text,
        at timestamptz not null)`.execute(db);
    },
    /** Stages one page of the outside party's items (one statement a page). */
    async stage(runKey: string, items: OutsideItem[]) {
      const col = <T>(f: (i: OutsideItem) => T) => items.map(f);
      await sql`
        insert into ${stageTable(runKey)} (ref, ref2, kind, amount, fee, status, round, member, at)
        select * from unnest(
          ${col((i) => i.ref)}::text[], ${col((i) => i.ref2)}::text[], ${col((i) => i.kind)}::text[],
          ${col((i) => i.amount.toString())}::bigint[], ${col((i) => i.fee.toString())}::bigint[],
          ${col((i) => i.status)}::text[], ${col((i) => i.round)}::text[], ${col((i) => i.member)}::text[],
          ${col((i) => i.at.toISOString())}::timestamptz[])`.execute(db);
    },
    /** In the caller's transaction: 256 MB per sort or hash (the comparison's joins), then back. */
    async roomyJoins() {
      await sql`set local work_mem = '256MB'`.execute(db);
    },
    async analyzeStage(runKey: string) {
      await sql`analyze ${stageTable(runKey)}`.execute(db);
    },
    async dropStage(runKey: string) {
      await sql`drop table if exists ${stageTable(runKey)}`.execute(db);
    },

    /** Writes the run's breaks (one per reference, whoever finds it first) and its counts. */
    async finish(o: {
      merchantId: number;
      day: string;
      source: ReconSource;
      counts: Counts;
      breaks: FoundBreak[];
      pages: number;
      now: Date;
    }) {
      for (let i = 0; i < o.breaks.length; i += 500) {
        const chunk = o.breaks.slice(i, i + 500);
        await db
          .insertInto('recon_break')
          .values(
            chunk.map((b) => ({
              merchant_id: o.merchantId,
              day: o.day,
              source: o.source,
              ref: b.ref,
              kind: b.kind,
              round: b.round,
              member_id: big(b.member_id),
              their_amount: big(b.their_amount),
              our_amount: big(b.our_amount),
              their_status: b.their_status,
              our_status: b.our_status,
              theirs: b.theirs === null ? null : JSON.stringify(b.theirs),
              ours: b.ours === null ? null : JSON.stringify(b.ours),
              created_at: o.now,
            })),
          )
          .onConflict((c) => c.columns(['merchant_id', 'source', 'ref']).doNothing())
          .execute();
      }
      await db
        .updateTable('recon_run')
        .set({
          status: 'done',
          theirs: Number(o.counts.theirs),
          ours: Number(o.counts.ours),
          matched: Number(o.counts.matched),
          breaks: o.breaks.length,
          pages: o.pages,
          fees: BigInt(o.counts.fees),
          finished_at: o.now,
          error: null,
        })
        .where('merchant_id', '=', o.merchantId)
        .where(sql`day`, '=', sql`${o.day}::date`)
        .where('source', '=', o.source)
        .execute();
    },

    breaks(merchantId: number, f: { day?: string; status?: 'open' | 'resolved'; limit: number }) {
      let q = db
        .selectFrom('recon_break')
        .selectAll()
        .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day_text'));
      q = q.where('merchant_id', '=', merchantId);
      if (f.day) q = q.where(sql`day`, '=', sql`${f.day}::date`);
      if (f.status) q = q.where('status', '=', f.status);
      return q.orderBy('day', 'desc').orderBy('id').limit(f.limit).execute();
    },
    async openBreaks(merchantId: number, day: string): Promise<number> {
      const r = await db
        .selectFrom('recon_break')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where(sql`day`, '=', sql`${day}::date`)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    findBreak(merchantId: number, id: bigint) {
      return db
        .selectFrom('recon_break')
        .selectAll()
        .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day_text'))
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Marks an open break resolved: false when it was resolved already (the first resolution stands). */
    async markResolved(o: {
      merchantId: number;
      id: bigint;
      resolution: 'credit' | 'debit' | 'explained';
      moved: bigint | null;
      reason: string;
      by: string;
      at: Date;
    }): Promise<boolean> {
      const r = await db
        .updateTable('recon_break')
        .set({
          status: 'resolved',
          resolution: o.resolution,
          moved: o.moved,
          reason: o.reason,
          resolved_by: o.by,
          resolved_at: o.at,
        })
        .where('merchant_id', '=', o.merchantId)
        .where('id', '=', o.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async setTransfer(id: bigint, transferId: bigint) {
      await db.updateTable('recon_break').set({ transfer_id: transferId }).where('id', '=', id).execute();
    },

    merchant(merchantId: number) {
      return db.selectFrom('merchant').select('code').where('id', '=', merchantId).executeTakeFirstOrThrow();
    },
    /** The vendor id of Hub88 at the merchant (its game wallet's row), if connected. */
    async hub88VendorId(merchantId: number, code: string): Promise<number | null> {
      const r = await db
        .selectFrom('game_vendor')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .executeTakeFirst();
      return r?.id ?? null;
    },
    memberOf(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['id', 'username', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    /** Our side of a Hub88 round: the wallet calls we answered, and the ledger's legs of each. */
    async hub88Story(merchantId: number, vendorId: number, round: string) {
      const calls = await db
        .selectFrom('vendor_transaction')
        .select([
          'vendor_tx_id',
          'kind',
          'amount',
          'status',
          'rolled_back_by',
          'transfer_id',
          'answer',
          'created_at',
        ])
        .where('merchant_id', '=', merchantId)
        .where('vendor_id', '=', vendorId)
        .where('round_id', '=', round)
        .orderBy('id')
        .execute();
      const transferIds = calls.flatMap((c) => (c.transfer_id === null ? [] : [c.transfer_id]));
      return { calls, entries: await repo.entries(merchantId, transferIds) };
    },
    async depositStory(merchantId: number, depositId: bigint) {
      const deposit = await db
        .selectFrom('deposit_order')
        .select([
          'id',
          'member_id',
          'amount',
          'status',
          'provider_ref',
          'transfer_id',
          'created_at',
          'updated_at',
        ])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', depositId)
        .executeTakeFirst();
      const entries = await repo.entries(merchantId, deposit?.transfer_id ? [deposit.transfer_id] : []);
      return { deposit: deposit ?? null, entries };
    },
    async entries(merchantId: number, transferIds: bigint[]) {
      if (transferIds.length === 0) return [];
      return db
        .selectFrom('ledger_entry as e')
        .innerJoin('ledger_transfer as t', 't.id', 'e.transfer_id')
        .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
        .select([
          't.id as transfer_id',
          't.kind as transfer_kind',
          'a.kind as account_kind',
          'e.amount',
          'e.created_at',
        ])
        .where('t.merchant_id', '=', merchantId)
        .where('t.id', 'in', transferIds)
        .orderBy('e.id')
        .execute();
    },
  };
  return repo;
}
export type ReconciliationRepository = ReturnType<typeof reconciliationRepository>;

/** The comparison's rows: the breaks, and its last row's counts. */
export function split(
  rows: (FoundBreak & { n_theirs: string; n_ours: string; n_matched: string; fees?: string })[],
): { counts: Counts; breaks: FoundBreak[] } {
  const last = rows.find((r) => r.n_theirs !== null)!;
  return {
    counts: { theirs: last.n_theirs, ours: last.n_ours, matched: last.n_matched, fees: last.fees ?? '0' },
    breaks: rows.filter((r) => r.n_theirs === null),
  };
}
