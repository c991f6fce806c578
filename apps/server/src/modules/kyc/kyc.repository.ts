import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { KycDocumentStatus } from '../../db/schema';

/** What a member has proved: a confirmed mobile (the current number), an identity and an address that count today. */
export interface KycProofs {
  memberId: bigint;
  username: string;
  mobileConfirmed: boolean;
  hasMobile: boolean;
  identity: boolean;
  address: boolean;
}

/** The member's deposits and withdrawals in the merchant's day and month (refused and lapsed ones not counted). */
export interface KycUsage {
  depositDay: bigint;
  depositMonth: bigint;
  depositAll: bigint;
  withdrawDay: bigint;
  withdrawMonth: bigint;
  withdrawals: number;
}

const DOCUMENT_COLUMNS = [
  'd.id',
  'd.member_id',
  'd.kind',
  'd.id_type',
  'd.full_name',
  'd.birth_date',
  'd.images',
  'd.status',
  'd.reason',
  'd.first_reviewer',
  'd.reviewed_by',
  'd.decided_at',
  'd.expires_on',
  'd.created_at',
] as const;

/** Know your customer's SQL: settings, proofs, usage, documents and their review. */
export function kycRepository(db: Database) {
  return {
    async settings(merchantId: number): Promise<unknown> {
      const row = await db
        .selectFrom('kyc_settings')
        .select('settings')
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return row?.settings;
    },
    async putSettings(merchantId: number, settings: unknown, by: string, at: Date) {
      await db
        .insertInto('kyc_settings')
        .values({
          merchant_id: merchantId,
          settings: JSON.stringify(settings),
          updated_by: by,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.column('merchant_id').doUpdateSet({
            settings: JSON.stringify(settings),
            updated_by: by,
            updated_at: at,
          }),
        )
        .execute();
    },

    /** Locks the member's row (FOR NO KEY UPDATE): money checks of one member are counted one after another. */
    async lockMember(memberId: bigint) {
      await db.selectFrom('member').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
    },

    /** The proofs of each member of the merchant among `memberIds` (documents that count on the merchant's today). */
    async proofs(merchantId: number, memberIds: bigint[], now: Date): Promise<KycProofs[]> {
      if (memberIds.length === 0) return [];
      const { rows } = await sql<{
        member_id: string;
        username: string;
        mobile: boolean;
        has_mobile: boolean;
        identity: boolean;
        address: boolean;
      }>`
        with t as (
          select ((${now}::timestamptz at time zone merchant_time_zone(settings))::date) as today
          from merchant where id = ${merchantId}::int
        )
        select m.id::text as member_id, m.username,
          exists (select 1 from kyc_contact c where c.member_id = m.id and c.channel = 'mobile'
            and c.value = coalesce(m.country_dialing_code, '') || coalesce(m.mobile_num, '')) as mobile,
          m.mobile_num is not null as has_mobile,
          exists (select 1 from kyc_document d where d.merchant_id = m.merchant_id and d.member_id = m.id
            and d.kind = 'identity' and d.status = 'approved'
            and (d.expires_on is null or d.expires_on >= t.today)) as identity,
          exists (select 1 from kyc_document d where d.merchant_id = m.merchant_id and d.member_id = m.id
            and d.kind = 'address' and d.status = 'approved'
            and (d.expires_on is null or d.expires_on >= t.today)) as address
        from member m cross join t
        where m.merchant_id = ${merchantId}::int
          and m.id = any(${memberIds.map(String)}::bigint[])`.execute(db);
      return rows.map((r) => ({
        memberId: BigInt(r.member_id),
        username: r.username,
        mobileConfirmed: r.mobile,
        hasMobile: r.has_mobile,
        identity: r.identity,
        address: r.address,
      }));
    },

    async usage(merchantId: number, memberId: bigint, now: Date): Promise<KycUsage> {
      const { rows } = await sql<{
        deposit_day: string;
        deposit_month: string;
        deposit_all: string;
        withdraw_day: string;
        withdraw_month: string;
        withdrawals: number;
      }>`
        with b as (
          select ((${now}::timestamptz at time zone tz)::date)::timestamp at time zone tz as day_start,
            date_trunc('month', ${now}::timestamptz at time zone tz) at time zone tz as month_start
          from (select merchant_time_zone(settings) as tz from merchant where id = ${merchantId}::int) z
        ),
        dep as (
          select coalesce(sum(o.amount) filter (where o.created_at >= b.day_start), 0) as day,
            coalesce(sum(o.amount) filter (where o.created_at >= b.month_start), 0) as month,
            coalesce(sum(o.amount), 0) as all_time
          from b left join deposit_order o on o.merchant_id = ${merchantId}::int
            and o.member_id = ${memberId}::bigint and o.status in ('pending', 'paid')
        ),
        wd as (
          select coalesce(sum(w.amount) filter (where w.created_at >= b.day_start), 0) as day,
            coalesce(sum(w.amount) filter (where w.created_at >= b.month_start), 0) as month,
            count(w.id)::int as n
          from b left join withdrawal w on w.merchant_id = ${merchantId}::int
            and w.member_id = ${memberId}::bigint and w.status <> 'rejected'
        )
        select dep.day::text as deposit_day, dep.month::text as deposit_month, dep.all_time::text as deposit_all,
          wd.day::text as withdraw_day, wd.month::text as withdraw_month, wd.n as withdrawals
        from dep cross join wd`.execute(db);
      const r = rows[0]!;
      return {
        depositDay: BigInt(r.deposit_day),
        depositMonth: BigInt(r.deposit_month),
        depositAll: BigInt(r.deposit_all),
        withdrawDay: BigInt(r.withdraw_day),
        withdrawMonth: BigInt(r.withdraw_month),
        withdrawals: r.withdrawals,
      };
    },

    /** The member's mobile number as it is now (dialling code and number), if any. */
    async mobileOf(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['country_dialing_code', 'mobile_num'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },
    async confirmContact(o: {
      merchantId: number;
      memberId: bigint;
      channel: 'mobile' | 'email';
      value: string;
      at: Date;
    }) {
      await db
        .insertInto('kyc_contact')
        .values({
          merchant_id: o.merchantId,
          member_id: o.memberId,
          channel: o.channel,
          value: o.value,
          confirmed_at: o.at,
        })
        .onConflict((oc) =>
          oc.columns(['member_id', 'channel']).doUpdateSet({ value: o.value, confirmed_at: o.at }),
        )
        .execute();
    },

    /** The account's facts a document is compared with. */
    async account(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['username', 'payee_name', 'birth_date', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    /** A new document; undefined when one of its kind already waits for review (the unique index). */
    async insertDocument(o: {
      merchantId: number;
      memberId: bigint;
      kind: 'identity' | 'address';
      idType: string | null;
      fullName: string;
      birthDate: string;
      images: Record<string, string>;
      at: Date;
    }) {
      return db
        .insertInto('kyc_document')
        .values({
          merchant_id: o.merchantId,
          member_id: o.memberId,
          kind: o.kind,
          id_type: o.idType,
          full_name: o.fullName,
          birth_date: o.birthDate,
          images: JSON.stringify(o.images) as unknown as Record<string, string>,
          created_at: o.at,
        })
        .onConflict((oc) =>
          oc.columns(['member_id', 'kind']).where('status', 'in', ['pending', 'checking']).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
    },

    mine(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('kyc_document as d')
        .select(DOCUMENT_COLUMNS)
        .where('d.merchant_id', '=', merchantId)
        .where('d.member_id', '=', memberId)
        .orderBy('d.id', 'desc')
        .limit(50)
        .execute();
    },

    /** The review queue: oldest waiting first; decided ones newest first. */
    queue(merchantId: number, status: KycDocumentStatus | undefined) {
      let q = db
        .selectFrom('kyc_document as d')
        .innerJoin('member as m', 'm.id', 'd.member_id')
        .select([...DOCUMENT_COLUMNS, 'm.username'])
        .where('d.merchant_id', '=', merchantId);
      if (status) q = q.where('d.status', '=', status);
      const waiting = status === undefined || status === 'pending' || status === 'checking';
      return q
        .orderBy('d.created_at', waiting ? 'asc' : 'desc')
        .limit(500)
        .execute();
    },

    one(merchantId: number, id: bigint) {
      return db
        .selectFrom('kyc_document as d')
        .innerJoin('member as m', 'm.id', 'd.member_id')
        .select([...DOCUMENT_COLUMNS, 'm.username'])
        .where('d.merchant_id', '=', merchantId)
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    /** The document's row locked for a decision. */
    lockOne(merchantId: number, id: bigint) {
      return db
        .selectFrom('kyc_document as d')
        .select(DOCUMENT_COLUMNS)
        .where('d.merchant_id', '=', merchantId)
        .where('d.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async decide(o: {
      id: bigint;
      status: KycDocumentStatus;
      reason: string | null;
      firstReviewer?: string;
      reviewedBy: string | null;
      decidedAt: Date | null;
      expiresOn: string | null;
    }) {
      await db
        .updateTable('kyc_document')
        .set({
          status: o.status,
          reason: o.reason,
          ...(o.firstReviewer !== undefined ? { first_reviewer: o.firstReviewer } : {}),
          reviewed_by: o.reviewedBy,
          decided_at: o.decidedAt,
          expires_on: o.expiresOn,
        })
        .where('id', '=', o.id)
        .execute();
    },

    /** Who opened the document's images (the audit records of kyc.view), newest first. */
    views(merchantId: number, id: bigint) {
      return db
        .selectFrom('audit_log')
        .select(['actor', 'details', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .where('action', '=', 'kyc.view')
        .where('target', '=', `kyc_document:${id}`)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },
  };
}

export type KycDocumentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof kycRepository>['one']>>>;
