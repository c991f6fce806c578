import { sql } from 'kysely';
import type { StaffRole } from '@panalo/contract/staff-rules';
import type { Database } from '../../db/database';

/** Staff accounts of a merchant: the role and the second factor of a staff member. */
export function staffRepository(db: Database) {
  return {
    find(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('staff_account')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /** Stores a pending secret unless one is there already (two first sign-ins at once get the same). */
    async pendingSecret(memberId: bigint, secret: string, now: Date): Promise<string> {
      const { rows } = await sql<{ totp_secret: string }>`
        update staff_account set totp_secret = coalesce(totp_secret, ${secret}), updated_at = ${now}
        where member_id = ${memberId} and totp_confirmed_at is null
        returning totp_secret`.execute(db);
      if (!rows[0]) throw new Error('staff account without a pending second factor');
      return rows[0].totp_secret;
    },

    /**
     * Accepts a code's step: true when it is later than the last one accepted (so a code, or an older
     * one, is never accepted twice, even by two sign-ins at the same moment). Confirms a pending secret.
     */
    async acceptStep(memberId: bigint, step: number, now: Date): Promise<boolean> {
      const { rows } = await sql`
        update staff_account
        set totp_last_step = ${step}, totp_confirmed_at = coalesce(totp_confirmed_at, ${now}), updated_at = ${now}
        where member_id = ${memberId} and totp_secret is not null
          and (totp_last_step is null or totp_last_step < ${step})
        returning member_id`.execute(db);
      return rows.length === 1;
    },

    async insert(merchantId: number, memberId: bigint, role: StaffRole): Promise<void> {
      await db
        .insertInto('staff_account')
        .values({ merchant_id: merchantId, member_id: memberId, role })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;
