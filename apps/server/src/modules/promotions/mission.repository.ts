import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { Database } from '../../db/database';

/** A period of days, both ends included ('YYYY-MM-DD'). */
type DayRange = { from: string; to: string };

/** Only the members a race is open to (eligibility, exclusions: 0055), when a rule limits it. */
type EligibleAt = { promotionId: bigint; at: Date } | null;

/** The figure a mission or race counts over [from, to]: valid turnover (of a product group) or deposits. */
function figure(o: { goal: 'turnover' | 'deposits'; product: string | null }) {
  if (o.goal === 'deposits') return { column: sql`d.deposits`, where: sql`true` };
  return {
    column: sql`d.bets - d.refunds`,
    where: o.product === null ? sql`d.product <> ''` : sql`d.product = ${o.product}`,
  };
}

/** The ranking of a race over [from, to]: members by valid turnover, highest first (ties: earlier id). */
function ranking(
  merchantId: number,
  product: string | null,
  range: DayRange,
  limit: number,
  eligible: EligibleAt,
) {
  const f = figure({ goal: 'turnover', product });
  return sql<{ member_id: string; username: string; total: string; rank: number }>`
    select t.member_id::text, m.username, t.total::text, (row_number() over (order by t.total desc, t.member_id))::int as rank
    from (
      select d.member_id, sum(${f.column})::bigint as total from member_day d
      where d.merchant_id = ${merchantId}::int and d.day between ${range.from}::date and ${range.to}::date
        and ${f.where}
      group by d.member_id having sum(${f.column}) > 0
    ) t join member m on m.id = t.member_id
    where m.type <> ${MEMBER_TYPE.TRIAL}::int${
      eligible === null
        ? sql``
        : sql` and promotion_eligible(${eligible.promotionId}::bigint, m.id, ${eligible.at}::timestamptz)`
    }
    order by t.total desc, t.member_id
    limit ${limit}::int`;
}

/** Missions' and races' SQL: their promotions, the members' figures from member_day, the rankings. */
export function missionRepository(db: Database) {
  return {
    /** The merchant's enabled promotions of these kinds running at `now`, in their order. */
    listRunningPromotions(merchantId: number, kinds: ('mission' | 'leaderboard')[], now: Date) {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('kind', 'in', kinds)
        .where('enabled', '=', true)
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** A member's figure over the days (valid turnover of a product group, or all; or deposits). */
    async memberFigure(
      merchantId: number,
      memberId: bigint,
      m: { goal: 'turnover' | 'deposits'; product: string | null },
      range: DayRange,
    ): Promise<bigint> {
      const f = figure(m);
      const r = await sql<{ total: string }>`
      select coalesce(sum(${f.column}), 0)::text as total from member_day d
      where d.member_id = ${memberId}::bigint and d.merchant_id = ${merchantId}::int
        and d.day between ${range.from}::date and ${range.to}::date and ${f.where}`.execute(db);
      return BigInt(r.rows[0]?.total ?? '0');
    },

    /** The status of a member's claim of a promotion in a period, if any. */
    findClaimStatus(promotionId: bigint, memberId: bigint, periodKey: string) {
      return db
        .selectFrom('promotion_claim')
        .select('status')
        .where('promotion_id', '=', promotionId)
        .where('member_id', '=', memberId)
        .where('period_key', '=', periodKey)
        .executeTakeFirst();
    },

    /** A race's first `limit` places over the days (free-trial accounts never rank). */
    async listRanking(
      merchantId: number,
      product: string | null,
      range: DayRange,
      limit: number,
      eligible: EligibleAt,
    ) {
      return (await ranking(merchantId, product, range, limit, eligible).execute(db)).rows;
    },

    /** How many members of a race's ranking (its first 1,000,000) have more turnover than `total`. */
    async countRankedAbove(
      merchantId: number,
      product: string | null,
      range: DayRange,
      eligible: EligibleAt,
      total: bigint,
    ): Promise<number> {
      const above = await sql<{ n: number }>`
                  select count(*)::int as n from (${ranking(merchantId, product, range, 1_000_000, eligible)}) r
                  where r.total::bigint > ${total}::bigint`.execute(db);
      return above.rows[0]?.n ?? 0;
    },

    /** Every merchant's enabled leaderboard races, with the merchant's settings, language and code. */
    listEnabledRaces() {
      return db
        .selectFrom('promotion as p')
        .innerJoin('merchant as m', 'm.id', 'p.merchant_id')
        .selectAll('p')
        .select(['m.settings', 'm.default_language', 'm.code as merchant_code'])
        .where('p.kind', '=', 'leaderboard')
        .where('p.enabled', '=', true)
        .execute();
    },
  };
}
