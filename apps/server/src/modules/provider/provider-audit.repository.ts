import type { Database } from '../../db/database';

/** The provider's audit trail: who did what to which brand, what it was before and after. */
export function providerAuditRepository(db: Database) {
  return {
    async insert(e: {
      staffId: bigint | null;
      action: string;
      merchantId: number | null;
      before: unknown;
      after: unknown;
      reason: string | null;
      ip: string | null;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('provider_audit')
        .values({
          staff_id: e.staffId,
          action: e.action,
          merchant_id: e.merchantId,
          before: e.before === null ? null : JSON.stringify(e.before),
          after: e.after === null ? null : JSON.stringify(e.after),
          reason: e.reason,
          ip: e.ip,
          created_at: e.at,
        })
        .execute();
    },
    /** A page of the trail, newest first, optionally of one brand; with the total. */
    async page(o: { merchantId: number | null; page: number; pageSize: number }) {
      let q = db
        .selectFrom('provider_audit as a')
        .leftJoin('provider_staff as p', 'p.id', 'a.staff_id')
        .leftJoin('merchant as m', 'm.id', 'a.merchant_id');
      if (o.merchantId !== null) q = q.where('a.merchant_id', '=', o.merchantId);
      const [rows, total] = await Promise.all([
        q
          .select([
            'a.id',
            'a.created_at',
            'p.username',
            'a.action',
            'm.code',
            'a.before',
            'a.after',
            'a.reason',
          ])
          .orderBy('a.id', 'desc')
          .limit(o.pageSize)
          .offset((o.page - 1) * o.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}
