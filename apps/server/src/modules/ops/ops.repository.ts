import type { Database } from '../../db/database';

/** The audit log's SQL; every query is bounded to one merchant. */
export function opsRepository(db: Database) {
  return {
    /** How many entries the merchant's audit log holds (of one target when given). */
    async countAuditLog(merchantId: number, target?: string): Promise<number> {
      const count = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .$if(target !== undefined, (q) => q.where('target', '=', target!))
        .executeTakeFirstOrThrow();
      return Number(count.n);
    },

    /** A page of the merchant's audit log (of one target when given), newest first. */
    auditLogPage(merchantId: number, limit: number, offset: number, target?: string) {
      return db
        .selectFrom('audit_log')
        .select(['id', 'actor', 'action', 'target', 'details', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .$if(target !== undefined, (q) => q.where('target', '=', target!))
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** The usernames of these members of the merchant (ids of another merchant's are left out). */
    memberNames(merchantId: number, ids: bigint[]) {
      return db
        .selectFrom('member')
        .select(['id', 'username'])
        .where('merchant_id', '=', merchantId)
        .where('id', 'in', ids)
        .execute();
    },
  };
}
export type OpsRepository = ReturnType<typeof opsRepository>;
