import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { AmlCaseStatus, AmlRule } from '../../db/schema';

/** The transfers between members' wallets the pass-through rule follows. */
export const MEMBER_TRANSFER_KINDS = ['transfer_to_downline', 'transfer_upline'] as const;

/**
 * A deposit, a withdrawal request or a transfer between members, as one member's real wallet saw it:
 * money in or out (a transfer to several downlines is one move out and one move in for each).
 */
export interface MoneyMove {
  transferId: bigint;
  kind: 'deposit' | 'withdrawal_hold' | (typeof MEMBER_TRANSFER_KINDS)[number];
  direction: 'in' | 'out';
  memberId: bigint;
  accountId: bigint;
  amount: bigint;
  at: Date;
}

export interface NewCase {
  rule: AmlRule;
  memberId: bigint;
  subject: string;
  amount: bigint;
  evidence: Record<string, unknown>;
  /** The case holds the member's withdrawals from the moment it opens (a screening hit). */
  freezes?: boolean;
}

/** Anti-money-laundering monitoring's reads of the ledger, its cursor and its cases. */
export function amlRepository(db: Database) {
  return {
    merchants() {
      return db.selectFrom('merchant').select(['id', 'settings']).orderBy('id').execute();
    },
    /** The merchant's cursor, locked for this transaction (one scan of a merchant at a time). */
    async lockCursor(merchantId: number, now: Date): Promise<bigint> {
      await sql`insert into aml_cursor (merchant_id, last_transfer_id, scanned_at)
        values (${merchantId}::int, 0, ${now}::timestamptz) on conflict (merchant_id) do nothing`.execute(db);
      const { rows } = await sql<{ last: string }>`
        select last_transfer_id::text as last from aml_cursor where merchant_id = ${merchantId}::int for update`.execute(
        db,
      );
      return BigInt(rows[0]!.last);
    },
    async moveCursor(merchantId: number, last: bigint, now: Date) {
      await db
        .updateTable('aml_cursor')
        .set({ last_transfer_id: last, scanned_at: now })
        .where('merchant_id', '=', merchantId)
        .execute();
    },
    /**
     * The merchant's transfers after `after` stamped before `settled` (a transfer still committing when
     * it was stamped is read on a later scan, never skipped): the last id among them, and the deposits
     * and withdrawal requests of members' real wallets, at most `limit`, oldest first.
     */
    async movesAfter(merchantId: number, after: bigint, settled: Date, limit: number) {
      const { rows } = await sql<{
        transfer_id: string;
        kind: MoneyMove['kind'];
        member_id: string;
        account_id: string;
        amount: string;
        at: Date;
      }>`
        select t.id::text as transfer_id, t.kind, a.owner_member_id::text as member_id, a.id::text as account_id,
          e.amount::text as amount, t.created_at as at
        from ledger_transfer t
        join ledger_entry e on e.transfer_id = t.id
        join ledger_account a on a.id = e.account_id and a.kind = 'member_wallet' and a.book = 'real'
        where t.merchant_id = ${merchantId}::int and t.id > ${after}::bigint and t.book = 'real'
          and t.kind in ('deposit', 'withdrawal_hold', 'transfer_to_downline', 'transfer_upline')
          and t.created_at < ${settled}::timestamptz
        order by t.id limit ${limit}::int`.execute(db);
      const moves: MoneyMove[] = rows.map((r) => ({
        transferId: BigInt(r.transfer_id),
        kind: r.kind,
        direction: r.amount.startsWith('-') ? 'out' : 'in',
        memberId: BigInt(r.member_id),
        accountId: BigInt(r.account_id),
        amount: BigInt(r.amount.replace('-', '')),
        at: new Date(r.at),
      }));
      // A full batch ends at its last move; otherwise every transfer stamped before `settled` was seen.
      if (moves.length === limit) return { moves, last: moves.at(-1)!.transferId };
      const { rows: top } = await sql<{ last: string | null }>`
        select max(id)::text as last from ledger_transfer
        where merchant_id = ${merchantId}::int and id > ${after}::bigint and created_at < ${settled}::timestamptz`.execute(
        db,
      );
      return { moves, last: top[0]?.last ? BigInt(top[0].last) : after };
    },
    /** The member's deposits of [from, to] between `floor` and `below` (structuring's window). */
    async depositsBetween(accountId: bigint, from: Date, to: Date, floor: bigint, below: bigint) {
      const { rows } = await sql<{ transfer_id: string; amount: string; at: Date }>`
        select t.id::text as transfer_id, e.amount::text as amount, e.created_at as at
        from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
        where e.account_id = ${accountId}::bigint and e.created_at >= ${from}::timestamptz
          and e.created_at <= ${to}::timestamptz and t.kind = 'deposit'
          and e.amount >= ${floor}::bigint and e.amount < ${below}::bigint
        order by e.created_at, t.id`.execute(db);
      return rows.map((r) => ({ transferId: r.transfer_id, amount: BigInt(r.amount), at: new Date(r.at) }));
    },
    /**
     * For each withdrawal request, since the member's previous one (or ever) up to it: what they deposited
     * and what they bet. One statement for the batch; keyed by the withdrawal's transfer id.
     */
    async playSince(moves: { accountId: bigint; transferId: bigint; at: Date }[]) {
      const out = new Map<bigint, { since: Date | null; deposits: bigint; turnover: bigint }>();
      if (moves.length === 0) return out;
      const { rows } = await sql<{ tid: string; since: Date | null; deposits: string; turnover: string }>`
        select w.tid::text as tid, prev.since, coalesce(s.deposits, 0)::text as deposits,
          coalesce(s.turnover, 0)::text as turnover
        from unnest(${moves.map((m) => String(m.accountId))}::bigint[], ${moves.map((m) => String(m.transferId))}::bigint[],
          ${moves.map((m) => m.at.toISOString())}::timestamptz[]) as w(account, tid, at)
        -- The previous request, from the member's pending-withdrawal account (two entries a request), not
        -- from the wallet's whole history.
        cross join lateral (
          select max(e.created_at) as since
          from ledger_account wa
          join ledger_account pa on pa.owner_member_id = wa.owner_member_id and pa.kind = 'pending_withdrawal'
            and pa.merchant_id = wa.merchant_id and pa.book = wa.book and pa.currency = wa.currency
          join ledger_entry e on e.account_id = pa.id and e.amount > 0 and e.created_at <= w.at
          join ledger_transfer t on t.id = e.transfer_id and t.kind = 'withdrawal_hold' and t.id < w.tid
          where wa.id = w.account
        ) prev
        cross join lateral (
          select sum(e.amount) filter (where t.kind = 'deposit') as deposits,
            sum(-e.amount) filter (where t.kind in ('bet', 'lottery_bet')) as turnover
          from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
          where e.account_id = w.account and e.created_at <= w.at and (prev.since is null or e.created_at > prev.since)
        ) s`.execute(db);
      for (const r of rows)
        out.set(BigInt(r.tid), {
          since: r.since ? new Date(r.since) : null,
          deposits: BigInt(r.deposits),
          turnover: BigInt(r.turnover),
        });
      return out;
    },
    /**
     * For each move out, what its account received from other members in the `minutes` before it, each
     * with who sent it. One statement for the batch; keyed by the move's transfer id.
     */
    async receivedBefore(moves: { accountId: bigint; transferId: bigint; at: Date }[], minutes: number) {
      const out = new Map<
        bigint,
        { transferId: string; kind: string; amount: bigint; at: Date; sender: string | null }[]
      >();
      if (moves.length === 0) return out;
      const { rows } = await sql<{
        tid: string;
        transfer_id: string;
        kind: string;
        amount: string;
        at: Date;
        sender: string | null;
      }>`
        select w.tid::text as tid, r.id::text as transfer_id, r.kind, r.amount::text as amount, r.created_at as at,
          (select m.username from ledger_entry e2 join ledger_account a2 on a2.id = e2.account_id
             join member m on m.id = a2.owner_member_id
           where e2.transfer_id = r.id and e2.amount < 0 limit 1) as sender
        from unnest(${moves.map((m) => String(m.accountId))}::bigint[], ${moves.map((m) => String(m.transferId))}::bigint[],
          ${moves.map((m) => m.at.toISOString())}::timestamptz[]) as w(account, tid, at)
        cross join lateral (
          select t.id, t.kind, e.amount, e.created_at from ledger_entry e
          join ledger_transfer t on t.id = e.transfer_id and t.kind in ('transfer_to_downline', 'transfer_upline')
          where e.account_id = w.account and e.amount > 0
            and e.created_at >= w.at - make_interval(mins => ${minutes}::int) and e.created_at <= w.at
          -- Keeps it one index range per move: flattened, the planner scans the whole ledger.
          offset 0
        ) r
        order by w.tid, r.created_at, r.id`.execute(db);
      for (const r of rows) {
        const list = out.get(BigInt(r.tid)) ?? [];
        list.push({
          transferId: r.transfer_id,
          kind: r.kind,
          amount: BigInt(r.amount),
          at: new Date(r.at),
          sender: r.sender,
        });
        out.set(BigInt(r.tid), list);
      }
      return out;
    },
    /**
     * For each of `memberIds`, the other accounts of the merchant sharing a device, a bank card (even one
     * since removed) or a payee name with it (member_links, migration 0050), by what links them — for the
     * members without a case of that link yet.
     */
    async sharedLinks(merchantId: number, memberIds: bigint[]) {
      if (memberIds.length === 0) return [];
      const { rows } = await sql<{ member_id: string; via: 'device' | 'card' | 'payee'; others: string[] }>`
        select me.id::text as member_id, l.via, array_agg(distinct o.username order by o.username) as others
        from unnest(${memberIds.map(String)}::bigint[]) as me(id)
        cross join lateral member_links(me.id) l
        join member o on o.id = l.member_id
        where l.via in ('device', 'card', 'payee')
          and not exists (select 1 from aml_case c where c.merchant_id = ${merchantId}::int
            and c.member_id = me.id and c.rule = 'shared_' || l.via)
        group by me.id, l.via`.execute(db);
      return rows.map((r) => ({ memberId: BigInt(r.member_id), via: r.via, others: r.others }));
    },
    /**
     * The report rows: covered transactions that happened on the merchant's days from…to (`covered`), or
     * cases filed on them (`filed`), each with the member's identity as verified (the approved identity document's name, birth
     * date and ID type; else the payee name) — oldest first, at most `limit`.
     */
    async reportRows(o: {
      merchantId: number;
      kind: 'covered' | 'filed';
      from: string;
      to: string;
      limit: number;
    }) {
      const { rows } = await sql<{
        id: string;
        rule: AmlRule;
        status: AmlCaseStatus;
        member_id: string;
        username: string;
        amount: string;
        evidence: Record<string, unknown>;
        opened_at: Date;
        decided_by: string | null;
        decided_at: Date | null;
        note: string | null;
        full_name: string | null;
        birth_date: string | null;
        id_type: string | null;
        mobile: string | null;
        currency: string;
      }>`
        select c.id::text as id, c.rule, c.status, c.member_id::text as member_id, m.username,
          c.amount::text as amount, c.evidence, c.opened_at, c.decided_by, c.decided_at, c.note,
          coalesce(d.full_name, m.payee_name) as full_name, coalesce(d.birth_date, m.birth_date)::text as birth_date,
          d.id_type, nullif(coalesce(m.country_dialing_code, '') || coalesce(m.mobile_num, ''), '') as mobile,
          mc.currency
        from aml_case c
        join member m on m.id = c.member_id
        join merchant mc on mc.id = c.merchant_id
        cross join lateral (
          select (${o.from}::date)::timestamp at time zone merchant_time_zone(mc.settings) as lo,
            (${o.to}::date + 1)::timestamp at time zone merchant_time_zone(mc.settings) as hi
        ) b
        left join lateral (
          select k.full_name, k.birth_date, k.id_type from kyc_document k
          where k.member_id = c.member_id and k.kind = 'identity' and k.status = 'approved'
          order by k.decided_at desc limit 1
        ) d on true
        where c.merchant_id = ${o.merchantId}::int
          and ${
            o.kind === 'covered'
              ? sql`c.rule = 'covered' and (c.evidence->>'at')::timestamptz >= b.lo
                and (c.evidence->>'at')::timestamptz < b.hi`
              : sql`c.status = 'filed' and c.decided_at >= b.lo and c.decided_at < b.hi`
          }
        order by ${o.kind === 'covered' ? sql`(c.evidence->>'at')::timestamptz` : sql`c.decided_at`}, c.id
        limit ${o.limit}::int`.execute(db);
      return rows;
    },
    /** Whether a case still to be decided freezes the member's withdrawals. */
    async frozen(merchantId: number, memberId: bigint): Promise<boolean> {
      const r = await db
        .selectFrom('aml_case')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('freezes_withdrawals', '=', true)
        .where('status', 'in', ['open', 'escalated'])
        .executeTakeFirst();
      return r !== undefined;
    },
    /** Opens the cases not open yet: one per (merchant, rule, member, subject). The number opened. */
    async open(merchantId: number, cases: NewCase[], now: Date): Promise<number> {
      if (cases.length === 0) return 0;
      const r = await db
        .insertInto('aml_case')
        .values(
          cases.map((c) => ({
            merchant_id: merchantId,
            rule: c.rule,
            member_id: c.memberId,
            subject: c.subject,
            amount: c.amount,
            evidence: JSON.stringify(c.evidence),
            freezes_withdrawals: c.freezes ?? false,
            opened_at: now,
          })),
        )
        .onConflict((o) => o.columns(['merchant_id', 'rule', 'member_id', 'subject']).doNothing())
        .returning('id')
        .execute();
      return r.length;
    },

    cases(merchantId: number, status: AmlCaseStatus | undefined, limit: number) {
      let q = db
        .selectFrom('aml_case as c')
        .innerJoin('member as m', 'm.id', 'c.member_id')
        .selectAll('c')
        .select('m.username')
        .where('c.merchant_id', '=', merchantId);
      if (status) q = q.where('c.status', '=', status);
      return q.orderBy('c.opened_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
    },
    findCase(merchantId: number, id: bigint) {
      return db
        .selectFrom('aml_case as c')
        .innerJoin('member as m', 'm.id', 'c.member_id')
        .selectAll('c')
        .select('m.username')
        .where('c.merchant_id', '=', merchantId)
        .where('c.id', '=', id)
        .executeTakeFirst();
    },
    /** Records a decision on a case still open or escalated; false when it was closed or filed already. */
    async decide(o: {
      merchantId: number;
      id: bigint;
      status: AmlCaseStatus;
      freeze?: boolean;
      by: string;
      note: string;
      at: Date;
    }): Promise<boolean> {
      const r = await db
        .updateTable('aml_case')
        .set({
          status: o.status,
          decided_by: o.by,
          decided_at: o.at,
          note: o.note,
          ...(o.freeze ? { freezes_withdrawals: true } : {}),
        })
        .where('merchant_id', '=', o.merchantId)
        .where('id', '=', o.id)
        .where('status', 'in', ['open', 'escalated'])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
export type AmlRepository = ReturnType<typeof amlRepository>;
