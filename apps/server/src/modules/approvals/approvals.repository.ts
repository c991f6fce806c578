import { sql } from 'kysely';
import type { ApprovalKind } from '@panalo/contract/staff';
import type { Database } from '../../db/database';

/** A request with its maker's and checker's usernames, as the desk shows it. */
export type ApprovalRow = {
  id: bigint;
  kind: ApprovalKind;
  target: string;
  amount: bigint | string;
  request: unknown;
  maker_id: bigint;
  checker_id: bigint | null;
  status: 'pending' | 'approved' | 'rejected';
  decision_reason: string | null;
  result: unknown;
  created_at: Date;
  decided_at: Date | null;
  maker: string;
  checker: string | null;
};

/** Maker-checker SQL: the merchant's thresholds and its staff approvals; every query bounded to one merchant. */
export function approvalsRepository(db: Database) {
  const withNames = () =>
    db
      .selectFrom('staff_approval as a')
      .innerJoin('member as mk', 'mk.id', 'a.maker_id')
      .leftJoin('member as ck', 'ck.id', 'a.checker_id')
      .select([
        'a.id',
        'a.kind',
        'a.target',
        'a.amount',
        'a.request',
        'a.maker_id',
        'a.checker_id',
        'a.status',
        'a.decision_reason',
        'a.result',
        'a.created_at',
        'a.decided_at',
        'mk.username as maker',
        'ck.username as checker',
      ]);

  return {
    thresholds(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select(['adjust_review_above', 'withdrawal_review_above'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },

    async setThresholds(
      merchantId: number,
      next: { adjustment: bigint | null; withdrawal: bigint | null },
    ): Promise<void> {
      await db
        .updateTable('merchant')
        .set({ adjust_review_above: next.adjustment, withdrawal_review_above: next.withdrawal })
        .where('id', '=', merchantId)
        .execute();
    },

    /** Files a request; undefined when it conflicts (the maker's key was used, or the target waits already). */
    async insertRequest(o: {
      merchantId: number;
      kind: ApprovalKind;
      target: string;
      amount: bigint;
      request: unknown;
      makerId: bigint;
      makerKey: string;
      at: Date;
    }): Promise<bigint | undefined> {
      const { rows } = await sql<{ id: bigint }>`
        insert into staff_approval (merchant_id, kind, target, amount, request, maker_id, maker_key, created_at)
        values (${o.merchantId}, ${o.kind}, ${o.target}, ${o.amount}, ${JSON.stringify(o.request)}::jsonb,
          ${o.makerId}, ${o.makerKey}, ${o.at})
        on conflict do nothing
        returning id`.execute(db);
      return rows[0]?.id;
    },

    /** The request a conflicting one met: the maker's own with that key, or the one waiting for the withdrawal. */
    async conflicting(o: {
      merchantId: number;
      makerId: bigint;
      makerKey: string;
      target: string;
    }): Promise<bigint | undefined> {
      const existing = await db
        .selectFrom('staff_approval')
        .select('id')
        .where('merchant_id', '=', o.merchantId)
        .where((eb) =>
          eb.or([
            eb.and([eb('maker_id', '=', o.makerId), eb('maker_key', '=', o.makerKey)]),
            eb.and([
              eb('kind', '=', 'withdrawal'),
              eb('target', '=', o.target),
              eb('status', '=', 'pending'),
            ]),
          ]),
        )
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return existing?.id;
    },

    /** One request with the names, as the desk shows it. */
    one(merchantId: number, id: bigint) {
      return withNames().where('a.merchant_id', '=', merchantId).where('a.id', '=', id).executeTakeFirst();
    },

    /** A page of the requests in one status (waiting ones oldest first, decided ones newest first). */
    async page(
      merchantId: number,
      status: 'pending' | 'approved' | 'rejected',
      page: number,
      pageSize: number,
    ): Promise<{ rows: ApprovalRow[]; total: number }> {
      const count = await db
        .selectFrom('staff_approval')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      const rows = await withNames()
        .where('a.merchant_id', '=', merchantId)
        .where('a.status', '=', status)
        .orderBy('a.id', status === 'pending' ? 'asc' : 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows, total: Number(count.n) };
    },

    /** The request's own row. */
    find(merchantId: number, id: bigint) {
      return db
        .selectFrom('staff_approval')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The checker's claim on a waiting request, in one conditional update: false when it was decided
     * meanwhile (or the checker is its maker), so that two checkers never both decide it.
     */
    async decide(o: {
      merchantId: number;
      id: bigint;
      checkerId: bigint;
      status: 'approved' | 'rejected';
      reason: string | null;
      at: Date;
    }): Promise<boolean> {
      const taken = await db
        .updateTable('staff_approval')
        .set({ status: o.status, checker_id: o.checkerId, decided_at: o.at, decision_reason: o.reason })
        .where('merchant_id', '=', o.merchantId)
        .where('id', '=', o.id)
        .where('status', '=', 'pending')
        .where('maker_id', '<>', o.checkerId)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
  };
}
