import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { StaffRole } from '@panalo/contract/staff-rules';
import type { Database } from '../../db/database';

/**
 * Staff accounts of a merchant: the role and the second factor of a staff member, the owner's
 * management of them, and the staff's request log.
 */
export function staffRepository(db: Database) {
  /** A merchant's staff accounts with their member rows (the management screen's rows). */
  const accounts = (merchantId: number) =>
    db
      .selectFrom('staff_account as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select([
        'm.id',
        'm.username',
        'm.status',
        'm.created_at',
        'm.last_login_at',
        's.role',
        's.totp_confirmed_at',
      ])
      .where('s.merchant_id', '=', merchantId)
      .where('m.merchant_id', '=', merchantId);

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

    /** The merchant's staff accounts, by username. */
    listAccounts(merchantId: number) {
      return accounts(merchantId).orderBy('m.username').execute();
    },

    /** One staff account of the merchant; undefined when there is none. */
    findAccount(merchantId: number, id: bigint) {
      return accounts(merchantId).where('m.id', '=', id).executeTakeFirst();
    },

    /** A new staff member's member row; undefined when the username is taken at the merchant. */
    insertStaffMember(o: { merchantId: number; username: string; passwordHash: string; at: Date }) {
      return db
        .insertInto('member')
        .values({
          merchant_id: o.merchantId,
          username: o.username,
          password_hash: o.passwordHash,
          type: MEMBER_TYPE.OPERATOR,
          register_method: 'H5',
          created_at: o.at,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'username']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    /** The staff account of a new staff member (no conflict expected: the member row is new). */
    async insertAccount(merchantId: number, memberId: bigint, role: StaffRole): Promise<void> {
      await db
        .insertInto('staff_account')
        .values({ member_id: memberId, merchant_id: merchantId, role })
        .execute();
    },

    /** Locks the merchant's active owners `FOR NO KEY UPDATE`, in id order; their ids. */
    lockActiveOwners(merchantId: number) {
      return db
        .selectFrom('staff_account as s')
        .innerJoin('member as m', 'm.id', 's.member_id')
        .select('m.id')
        .where('s.merchant_id', '=', merchantId)
        .where('s.role', '=', 'owner')
        .where('m.status', '=', 'active')
        .orderBy('m.id')
        .forNoKeyUpdate()
        .execute();
    },

    async setRole(memberId: bigint, role: StaffRole, now: Date): Promise<void> {
      await db
        .updateTable('staff_account')
        .set({ role, updated_at: now })
        .where('member_id', '=', memberId)
        .execute();
    },

    async setMemberStatus(
      merchantId: number,
      memberId: bigint,
      status: 'active' | 'disabled',
    ): Promise<void> {
      await db
        .updateTable('member')
        .set({ status })
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    async setPassword(merchantId: number, memberId: bigint, passwordHash: string): Promise<void> {
      await db
        .updateTable('member')
        .set({ password_hash: passwordHash })
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    /** Forgets the second factor: the next sign-in sets up the authenticator again. */
    async clearSecondFactor(memberId: bigint, now: Date): Promise<void> {
      await db
        .updateTable('staff_account')
        .set({ totp_secret: null, totp_confirmed_at: null, totp_last_step: null, updated_at: now })
        .where('member_id', '=', memberId)
        .execute();
    },

    /** A page of the staff's request log, newest first, with the total for the pager. */
    async actions(merchantId: number, page: number, pageSize: number) {
      const count = await db
        .selectFrom('staff_action')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('staff_action as a')
        .innerJoin('member as m', 'm.id', 'a.staff_id')
        .select([
          'a.id',
          'm.username',
          'a.method',
          'a.route',
          'a.path',
          'a.status',
          'a.ip',
          'a.user_agent',
          'a.created_at',
        ])
        .where('a.merchant_id', '=', merchantId)
        .orderBy('a.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows, total: Number(count.n) };
    },

    /** A set-up link for a staff member (its token's hash); earlier unused links of theirs expire now. */
    async insertSetup(o: {
      merchantId: number;
      memberId: bigint;
      tokenHash: string;
      expiresAt: Date;
      at: Date;
    }) {
      await db
        .updateTable('staff_setup')
        .set({ expires_at: o.at })
        .where('member_id', '=', o.memberId)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('staff_setup')
        .values({
          merchant_id: o.merchantId,
          member_id: o.memberId,
          token_hash: o.tokenHash,
          expires_at: o.expiresAt,
          created_at: o.at,
        })
        .execute();
    },
    /**
     * Uses a live set-up link of this merchant once (one conditional update: two tabs cannot both use
     * it); its staff member, or undefined.
     */
    useSetup(merchantId: number, tokenHash: string, now: Date) {
      return db
        .updateTable('staff_setup')
        .set({ used_at: now })
        .where('merchant_id', '=', merchantId)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('member_id')
        .executeTakeFirst();
    },
    /** The staff members of these ids given a set-up link and never having used one. */
    async setupPending(memberIds: bigint[]): Promise<Set<bigint>> {
      if (memberIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('staff_setup')
        .select('member_id')
        .where('member_id', 'in', memberIds)
        .groupBy('member_id')
        .having((eb) => eb.fn.count('used_at'), '=', 0)
        .execute();
      return new Set(rows.map((r) => r.member_id));
    },
    /** The merchant's owners (id, username), by id. */
    owners(merchantId: number) {
      return db
        .selectFrom('staff_account as a')
        .innerJoin('member as m', 'm.id', 'a.member_id')
        .select(['m.id', 'm.username'])
        .where('a.merchant_id', '=', merchantId)
        .where('a.role', '=', 'owner')
        .orderBy('m.id')
        .execute();
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;
export type StaffAccountRow = NonNullable<Awaited<ReturnType<StaffRepository['findAccount']>>>;
