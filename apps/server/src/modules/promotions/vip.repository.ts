import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type LevelRow = {
  level: number;
  names: Record<string, string>;
  deposits_required: bigint;
  turnover_required: bigint;
  level_up_bonus: bigint;
  retain_deposits: bigint;
  retain_turnover: bigint;
  monthly_bonus: bigint;
  withdraw_daily_count: number | null;
  withdraw_daily_amount: bigint | null;
};

/** The VIP club's SQL: levels, the members' figures and levels, the bonus promotions, the month's review. */
export function vipRepository(db: Database) {
  return {
    /** The merchant's VIP levels, lowest first. */
    listLevels(merchantId: number): Promise<LevelRow[]> {
      return db
        .selectFrom('vip_level')
        .select([
          'level',
          'names',
          'deposits_required',
          'turnover_required',
          'level_up_bonus',
          'retain_deposits',
          'retain_turnover',
          'monthly_bonus',
          'withdraw_daily_count',
          'withdraw_daily_amount',
        ])
        .where('merchant_id', '=', merchantId)
        .orderBy('level')
        .execute();
    },

    /**
     * A member's figures the club counts from a day on (null: from the start): deposits, and valid turnover
     * (stakes less refunds over every product), from member_day plus what the house roll-up has not folded in.
     */
    async clubFigures(
      memberId: bigint,
      from: string | null,
    ): Promise<{ deposits: bigint; turnover: bigint }> {
      const r = await sql<{ deposits: string; turnover: string }>`
    select
      (select coalesce(sum(deposits), 0) from member_day where member_id = ${memberId}::bigint
        and day >= coalesce(${from}::date, '-infinity'))::text as deposits,
      ((select coalesce(sum(bets - refunds), 0) from member_day where member_id = ${memberId}::bigint
          and product <> '' and day >= coalesce(${from}::date, '-infinity'))
        + (select coalesce(sum(amount) filter (where kind in ('bet', 'refund')), 0) from house_pending
           where member_id = ${memberId}::bigint))::text as turnover`.execute(db);
      const row = r.rows[0]!;
      return { deposits: BigInt(row.deposits), turnover: BigInt(row.turnover) };
    },

    /**
     * The level-up bonus (once per level) and the monthly bonus are 'vip' promotions: the merchant's
     * enabled one (the first) of the monthly period, or not.
     */
    findVipPromotion(merchantId: number, monthly: boolean) {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', 'vip')
        .where('enabled', '=', true)
        .where('period', monthly ? '=' : '<>', 'monthly')
        .orderBy('id')
        .executeTakeFirst();
    },

    /**
     * Reviews a closed month [from, to] of the merchant's members above level 0, in one statement: a
     * vip_review row per member not reviewed yet (kept when raised within the month or when the month's
     * deposits and valid turnover reach the level's retention, else one level down), and each member
     * relegated moved down with `vip_since` the next month's first day. The members reviewed now.
     */
    async reviewMonth(o: {
      merchantId: number;
      month: string;
      from: string;
      to: string;
      next: string;
      now: Date;
    }) {
      const { merchantId, month, from, to, next, now } = o;
      const reviewed = await sql<{ id: string; before: number; after: number; type: number }>`
      with f as (
        select m.id, m.vip_level, m.type, m.vip_raised_at,
          coalesce(sum(d.deposits), 0)::bigint as deposits,
          coalesce(sum(d.bets - d.refunds) filter (where d.product <> ''), 0)::bigint as turnover
        from member m
        left join member_day d on d.member_id = m.id and d.day between ${from}::date and ${to}::date
        where m.merchant_id = ${merchantId}::int and m.vip_level > 0
        group by m.id
      ),
      r as (
        select f.*, (f.vip_raised_at >= ${from}::date or (f.deposits >= l.retain_deposits
          and f.turnover >= l.retain_turnover)) as kept
        from f join vip_level l on l.merchant_id = ${merchantId}::int and l.level = f.vip_level
      ),
      ins as (
        insert into vip_review (merchant_id, member_id, month, level_before, level_after, deposits, turnover,
          reviewed_at)
        select ${merchantId}::int, r.id, ${month}, r.vip_level,
          case when r.kept then r.vip_level else r.vip_level - 1 end, r.deposits, r.turnover, ${now}::timestamptz
        from r
        on conflict do nothing
        returning member_id, level_before, level_after
      ),
      down as (
        update member m set vip_level = ins.level_after, vip_since = ${next}::date
        from ins where m.id = ins.member_id and ins.level_after < ins.level_before
        returning m.id
      )
      select ins.member_id::text as id, ins.level_before as before, ins.level_after as after, r.type
      from ins join r on r.id = ins.member_id`.execute(db);
      return reviewed.rows;
    },

    /** A member's level and type, the member's row locked (FOR NO KEY UPDATE) until the transaction ends. */
    lockMemberLevel(memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['vip_level', 'type'])
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },

    async setMemberLevel(memberId: bigint, level: number, raisedAt: Date): Promise<void> {
      await db
        .updateTable('member')
        .set({ vip_level: level, vip_raised_at: raisedAt })
        .where('id', '=', memberId)
        .execute();
    },

    /** A member's level and the day the club counts the member's figures from. */
    findMemberClub(memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['vip_level', 'vip_since'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
    },
  };
}
