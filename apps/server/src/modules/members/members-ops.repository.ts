import { MEMBER_TYPE } from '@panalo/contract/member';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/** A member as the console's search lists it. */
export type MemberListRow = {
  id: bigint;
  username: string;
  nickname: string | null;
  type: number;
  status: 'active' | 'disabled' | 'self_excluded';
  vip_level: number;
  balance: bigint | string | null;
  upline: string | null;
  created_at: Date;
  last_login_at: Date | null;
};

/** What a search looks for, each with the values its branch reads (its own index). */
export type MemberMatch =
  /** A username prefix, lower-cased. */
  | { by: 'username'; prefix: string }
  /** The national numbers that may be meant. */
  | { by: 'mobile'; numbers: string[] }
  /** A payee name or nickname, lower-cased. */
  | { by: 'name'; name: string }
  | { by: 'cardLast4'; last4: string }
  | { by: 'cardHash'; hash: string }
  /** The IP address of a registration or a sign-in. */
  | { by: 'ip'; ip: string }
  | { by: 'device'; device: string };

/**
 * SQL of the console's member screens (search, detail, lock, the 360° profile, notes): every lookup is
 * bounded to one merchant or to a member found so; staff accounts (types from 90) are never listed.
 */
export function membersOpsRepository(db: Database) {
  /** The members matching, as ids (each branch uses its own index); at most `max` by username. */
  const matching = (merchantId: number, m: MemberMatch, max: number): RawBuilder<{ id: bigint }> => {
    switch (m.by) {
      case 'username':
        // In the prefix index's own order (bytes, as text_pattern_ops keeps them): the first matches
        // come straight from the index, however many share a short prefix.
        return sql<{ id: bigint }>`select id from member where merchant_id = ${merchantId}
          and username like ${m.prefix.replace(/[\\%_]/g, '\\$&') + '%'}
          order by username collate "C" limit ${max}`;
      case 'mobile':
        return sql<{ id: bigint }>`select id from member where merchant_id = ${merchantId}
          and mobile_num in (${sql.join(m.numbers)})`;
      case 'name':
        return sql<{ id: bigint }>`select id from member where merchant_id = ${merchantId}
          and (lower(payee_name) = ${m.name} or lower(nickname) = ${m.name})`;
      case 'cardLast4':
        return sql<{ id: bigint }>`select distinct member_id as id from member_bank_card
            where merchant_id = ${merchantId} and card_last4 = ${m.last4}`;
      case 'cardHash':
        return sql<{ id: bigint }>`select distinct member_id as id from member_bank_card
          where merchant_id = ${merchantId} and card_hash = ${m.hash}`;
      case 'ip':
        return sql<{
          id: bigint;
        }>`select id from member where merchant_id = ${merchantId} and register_ip = ${m.ip}
          union select member_id from member_session where merchant_id = ${merchantId} and ip = ${m.ip}`;
      case 'device':
        return sql<{ id: bigint }>`select distinct member_id as id from member_session
          where merchant_id = ${merchantId} and device = ${m.device}`;
    }
  };

  // Players and agents only: staff accounts (types from 90) are the staff screen's, never a member's.
  const rowsOf = (merchantId: number, ids: RawBuilder<{ id: bigint }>) => sql<MemberListRow>`
    select m.id, m.username, m.nickname, m.type, m.status, m.vip_level, a.balance, u.username as upline,
      m.created_at, m.last_login_at
    from (${ids}) hit
    join member m on m.id = hit.id and m.merchant_id = ${merchantId} and m.type < ${MEMBER_TYPE.OPERATOR}
    left join member u on u.id = m.upline_id
    left join ledger_account a on a.owner_member_id = m.id and a.kind = 'member_wallet' and a.book = 'real'`;

  return {
    /** The member's id and type, if the merchant has it. */
    memberType(merchantId: number, id: bigint) {
      return db
        .selectFrom('member')
        .select(['id', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The merchant's settings (the search by mobile reads its dialling codes). */
    async merchantSettings(merchantId: number): Promise<unknown> {
      const codes = await db
        .selectFrom('merchant')
        .select('settings')
        .where('id', '=', merchantId)
        .executeTakeFirst();
      return codes?.settings;
    },

    /**
     * A page of the members a search finds (at most `max` in all, players and agents only), by
     * username, with the total found.
     */
    async search(
      merchantId: number,
      match: MemberMatch,
      o: { page: number; pageSize: number; max: number },
    ): Promise<{ rows: MemberListRow[]; total: number }> {
      const ids = sql<{
        id: bigint;
      }>`select found.id from (${matching(merchantId, match, o.max)}) found
        join member s on s.id = found.id and s.type < ${MEMBER_TYPE.OPERATOR}
        limit ${o.max}`;
      const { rows: counted } = await sql<{
        n: string;
      }>`select count(*)::text as n from (${ids}) hit`.execute(db);
      const total = Number(counted[0]?.n ?? 0);
      const { rows } = await sql<MemberListRow>`${rowsOf(merchantId, ids)}
        order by m.username limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`.execute(db);
      return { rows, total };
    },

    /** One player or agent of the merchant as the search lists it, if any. */
    async listed(merchantId: number, id: bigint): Promise<MemberListRow | undefined> {
      const { rows } = await sql<MemberListRow>`${rowsOf(
        merchantId,
        sql<{ id: bigint }>`select ${id}::bigint as id`,
      )}`.execute(db);
      return rows[0];
    },

    /** The member's contact fields and exclusion in force. */
    contact(id: bigint) {
      return db
        .selectFrom('member')
        .select([
          'email',
          'country_dialing_code',
          'mobile_num',
          'payee_name',
          'register_ip',
          'exclusion_kind',
          'excluded_until',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    /** Players and agents linked to the member (`member_links`: shared device, IP, card…), at most 50. */
    async linked(id: bigint) {
      const { rows } = await sql<{ id: bigint; username: string; via: string[] }>`
          select m.id, m.username, array_agg(distinct l.via order by l.via) as via
          from member_links(${id}) l join member m on m.id = l.member_id and m.type < ${MEMBER_TYPE.OPERATOR}
          group by m.id, m.username order by m.username limit 50`.execute(db);
      return rows;
    },

    /** The member's latest 10 signed-in sessions, newest first. */
    sessions(id: bigint) {
      return db
        .selectFrom('member_session')
        .select(['ip', 'device', 'user_agent', 'created_at', 'last_seen_at', 'revoked_at', 'expires_at'])
        .where('member_id', '=', id)
        .where('kind', '=', 'session')
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
    },

    /** The last 20 entries of the member's real wallet, newest first. */
    async latestLedger(id: bigint) {
      const { rows } = await sql<{
        id: bigint;
        kind: string;
        amount: bigint | string;
        balance_after: bigint | string | null;
        memo: string | null;
        created_at: Date;
      }>`
          select t.id, t.kind, e.amount, e.balance_after, t.memo, e.created_at
          from ledger_account a
          join ledger_entry e on e.account_id = a.id
          join ledger_transfer t on t.id = e.transfer_id
          where a.owner_member_id = ${id} and a.kind = 'member_wallet' and a.book = 'real'
          order by e.id desc limit 20`.execute(db);
      return rows;
    },

    /** The member's paid deposits and withdrawals (sums and counts) and the withdrawals waiting. */
    async cashierTotals(id: bigint) {
      const { rows } = await sql<{
        deposits: string;
        deposit_count: string;
        withdrawals: string;
        withdrawal_count: string;
        pending: string;
      }>`
          select
            (select coalesce(sum(amount), 0)::text from deposit_order where member_id = ${id} and status = 'paid') as deposits,
            (select count(*)::text from deposit_order where member_id = ${id} and status = 'paid') as deposit_count,
            (select coalesce(sum(amount), 0)::text from withdrawal where member_id = ${id} and status = 'paid') as withdrawals,
            (select count(*)::text from withdrawal where member_id = ${id} and status = 'paid') as withdrawal_count,
            (select count(*)::text from withdrawal where member_id = ${id} and status = 'pending') as pending`.execute(
        db,
      );
      return rows[0]!;
    },

    /** The member's status and type, the row locked `FOR NO KEY UPDATE`. */
    lockStatus(merchantId: number, id: bigint) {
      return db
        .selectFrom('member')
        .select(['status', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    async setStatus(id: bigint, status: 'active' | 'disabled'): Promise<void> {
      await db.updateTable('member').set({ status }).where('id', '=', id).execute();
    },

    /** The member's type, if the merchant has it. */
    typeOf(merchantId: number, id: bigint) {
      return db
        .selectFrom('member')
        .select('type')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The member's latest `limit` lottery bets, newest first. */
    latestLotteryBets(merchantId: number, id: bigint, limit: number) {
      return db
        .selectFrom('lottery_bet')
        .select([
          'id',
          'game_code',
          'numero',
          'bet_type',
          'selection',
          'stake',
          'payout',
          'status',
          'book',
          'created_at',
        ])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', id)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The member's latest `limit` game rounds with their vendor's code, newest first. */
    latestRounds(merchantId: number, id: bigint, limit: number) {
      return db
        .selectFrom('game_round as r')
        .leftJoin('game_vendor as v', 'v.id', 'r.vendor_id')
        .select([
          'r.id',
          'v.code as vendor',
          'r.game_code',
          'r.bet_total',
          'r.win_total',
          'r.refund_total',
          'r.status',
          'r.book',
          'r.started_at',
        ])
        .where('r.merchant_id', '=', merchantId)
        .where('r.member_id', '=', id)
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The member's latest `limit` promotion claims with the promotion's code, newest first. */
    latestBonuses(merchantId: number, id: bigint, limit: number) {
      return db
        .selectFrom('promotion_claim as c')
        .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
        .select(['c.id', 'c.status', 'c.amount', 'c.created_at', 'c.terms', 'p.code'])
        .where('c.merchant_id', '=', merchantId)
        .where('c.member_id', '=', id)
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The member's latest `limit` turnover requirements, newest first. */
    latestTurnover(merchantId: number, id: bigint, limit: number) {
      return db
        .selectFrom('wagering_requirement')
        .select(['id', 'source', 'required', 'done', 'created_at', 'completed_at', 'forfeited_at'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', id)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The staff's notes on the member with their authors, newest first, at most 200. */
    notes(merchantId: number, id: bigint) {
      return db
        .selectFrom('member_note as n')
        .innerJoin('member as s', 's.id', 'n.staff_id')
        .select(['n.id', 's.username', 'n.body', 'n.created_at'])
        .where('n.merchant_id', '=', merchantId)
        .where('n.member_id', '=', id)
        .orderBy('n.id', 'desc')
        .limit(200)
        .execute();
    },

    async insertNote(o: {
      merchantId: number;
      memberId: bigint;
      staffId: bigint;
      body: string;
      at: Date;
    }): Promise<bigint> {
      const row = await db
        .insertInto('member_note')
        .values({
          merchant_id: o.merchantId,
          member_id: o.memberId,
          staff_id: o.staffId,
          body: o.body,
          created_at: o.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A member's username (a note's author). */
    async username(id: bigint): Promise<string> {
      const staff = await db
        .selectFrom('member')
        .select('username')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return staff.username;
    },

    /** A temporary password: the member must change it at the next sign-in. */
    async setTemporaryPassword(merchantId: number, id: bigint, passwordHash: string): Promise<void> {
      await db
        .updateTable('member')
        .set({ password_hash: passwordHash, first_time_login: true })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .execute();
    },
  };
}
export type MembersOpsRepository = ReturnType<typeof membersOpsRepository>;
