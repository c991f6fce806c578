import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { MemberTable } from '../../db/schema';
import { bookFor } from '../wallet/wallet.service';
import { isStaffType } from '@panalo/contract/member';
import { openMemberWallet } from '../wallet/ledger';

export type MemberRow = Selectable<MemberTable>;
export type NewMember = Insertable<MemberTable>;

/** Member SQL; every lookup is bounded to one merchant. Usernames are stored lower-cased. */
export function membersRepository(db: Database) {
  return {
    /** A VIP club level's names per language (migration 0044), if the merchant has that level. */
    async vipLevelNames(merchantId: number, level: number): Promise<Record<string, string> | undefined> {
      const row = await db
        .selectFrom('vip_level')
        .select('names')
        .where('merchant_id', '=', merchantId)
        .where('level', '=', level)
        .executeTakeFirst();
      return row?.names;
    },
    findById(merchantId: number, id: bigint) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    findByUsername(merchantId: number, username: string) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username.trim().toLowerCase())
        .executeTakeFirst();
    },
    findByMobile(merchantId: number, countryDialingCode: string, mobileNum: string) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('country_dialing_code', '=', countryDialingCode)
        .where('mobile_num', '=', mobileNum)
        .executeTakeFirst();
    },
    findByAffiliateCode(merchantId: number, code: string) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('affiliate_code', '=', code)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },
    /**
     * A new member, with their wallet's ledger account opened in the same statement's transaction: the
     * first credit (a deposit, a bonus) then only updates it. A wallet missing still opens on first use
     * (ledger.ts), inside that credit's transaction: measured on PostgreSQL, a hot promotion's claims cost
     * the database twice the time when every claimer's wallet was opened by the claim.
     */
    async insert(row: NewMember): Promise<MemberRow> {
      const member = await db
        .insertInto('member')
        .values({ ...row, username: row.username.trim().toLowerCase() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await openMemberWallet(db, {
        merchantId: member.merchant_id,
        memberId: member.id,
        book: bookFor(member.type),
      });
      // Staff get their staff account (every right until the owner gives them a narrower role).
      if (isStaffType(member.type)) {
        await sql`insert into staff_account (member_id, merchant_id, role)
          values (${member.id}, ${member.merchant_id}, 'owner') on conflict do nothing`.execute(db);
      }
      return member;
    },
    /** A login happened: stamps it and ends the first-time-login state. */
    async recordLogin(merchantId: number, id: bigint, now: Date): Promise<void> {
      await db
        .updateTable('member')
        .set({ last_login_at: now, first_time_login: false })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .execute();
    },
    async setStatus(
      merchantId: number,
      id: bigint,
      status: 'active' | 'disabled' | 'self_excluded',
    ): Promise<void> {
      await db
        .updateTable('member')
        .set({ status })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .execute();
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;

/** The unique constraint a failed insert ran into (PostgreSQL and PGlite both report it), else null. */
export function uniqueViolation(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && typeof e.constraint === 'string' ? e.constraint : null;
}
export const MEMBER_USERNAME_CONSTRAINT = 'member_merchant_username';
export const MEMBER_MOBILE_CONSTRAINT = 'member_merchant_mobile';
