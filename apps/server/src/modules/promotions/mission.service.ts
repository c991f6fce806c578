import { sql } from 'kysely';
import { dayIn } from '@panalo/contract/age';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { formatAmount } from '@panalo/contract/money';
import type { LeaderboardItem, MissionItem, MissionsView, RewardItem } from '@panalo/contract/promotions';
import { missionPercent, periodKey, periodRange, previousDay } from '@panalo/contract/promotion-rules';
import type { ProductGroup } from '@panalo/contract/rebate';
import type { Database } from '../../db/database';
import type { PromotionReward } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError, notFound } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { dayRolledUp, REBATE_GRACE_MS } from '../agents/rebate-run';
import { maskFriend } from './referral.service';
import {
  claimTermsOf,
  assertEligible,
  eligibilityApplies,
  holdForReview,
  issueClaims,
  linkedClaimExists,
  needsReview,
  payClaim,
  rewardOf,
  textsIn,
} from './promotions.service';
import { inTransaction } from '../../db/transaction';
import { servedText } from './promotion-figures';

type Race = Extract<PromotionReward, { type: 'leaderboard' }>;

const missionOff = () => new DomainError('mission_off', 403, 'Mission activity is not available');
/** Places shown on a race's board. */
const BOARD = 20;

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
  race: Race,
  range: { from: string; to: string },
  limit: number,
  // Only the members the race is open to (eligibility, exclusions: 0055), when a rule limits it.
  eligible: { promotionId: bigint; at: Date } | null,
) {
  const f = figure({ goal: 'turnover', product: race.product });
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

/**
 * Mission activity (issue 18 item 2, /m/leaderBoard, MISSION): missions pay once per period when the
 * member's valid turnover (of a product group, or all) or deposits in the period reach the target —
 * claimed by the member, paid in the claim's transaction like every credit; races rank the members by
 * valid turnover in the period, and once it has closed the prizes are issued to the reward centre (one
 * claim per place winner with the period's key: once, however often the job runs). Figures come from
 * member_day (the house roll-up keeps it within seconds).
 */
export function missionService(db: Database, clock: Clock) {
  const today = (merchant: MerchantRow) => dayIn(clock.now(), merchant.settings.timeZone ?? 'UTC');

  async function live(merchant: MerchantRow, kinds: ('mission' | 'leaderboard')[]) {
    const now = clock.now();
    return db
      .selectFrom('promotion')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .where('kind', 'in', kinds)
      .where('enabled', '=', true)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async function progress(
    merchantId: number,
    memberId: bigint,
    m: { goal: 'turnover' | 'deposits'; product: string | null },
    range: { from: string; to: string },
  ) {
    const f = figure(m);
    const r = await sql<{ total: string }>`
      select coalesce(sum(${f.column}), 0)::text as total from member_day d
      where d.member_id = ${memberId}::bigint and d.merchant_id = ${merchantId}::int
        and d.day between ${range.from}::date and ${range.to}::date and ${f.where}`.execute(db);
    return BigInt(r.rows[0]?.total ?? '0');
  }

  return {
    async view(
      merchant: MerchantRow,
      memberId: bigint | null,
      lang: string | undefined,
    ): Promise<MissionsView> {
      if (merchant.settings.promotions?.MISSION?.enabled !== true) throw missionOff();
      const day = today(merchant);
      const promotions = await live(merchant, ['mission', 'leaderboard']);
      const missions: MissionItem[] = [];
      const races: LeaderboardItem[] = [];
      for (const p of promotions) {
        const text = await servedText(db, merchant.id, textsIn(p.texts, lang, merchant.default_language));
        const range = periodRange(p.period, day);
        if (p.reward.type === 'mission') {
          const m = p.reward;
          const done = memberId === null ? 0n : await progress(merchant.id, memberId, m, range);
          const claim =
            memberId === null
              ? undefined
              : await db
                  .selectFrom('promotion_claim')
                  .select('status')
                  .where('promotion_id', '=', p.id)
                  .where('member_id', '=', memberId)
                  .where('period_key', '=', periodKey(p.period, day))
                  .executeTakeFirst();
          const target = BigInt(m.target);
          missions.push({
            id: p.id.toString(),
            title: text.title,
            terms: text.terms,
            goal: m.goal,
            product: m.product as ProductGroup | null,
            target: formatAmount(target),
            done: formatAmount(done > 0n ? done : 0n),
            percent: missionPercent(done, target),
            reward: formatAmount(BigInt(m.amount)),
            period: range,
            status: claim
              ? claim.status === 'applying'
                ? 'applying'
                : 'claimed'
              : p.budget !== null && p.granted >= p.budget
                ? 'close'
                : null,
          });
        } else if (p.reward.type === 'leaderboard') {
          const race = p.reward;
          const eligible = (await eligibilityApplies(db, p)) ? { promotionId: p.id, at: clock.now() } : null;
          const rows = (await ranking(merchant.id, race, range, BOARD, eligible).execute(db)).rows;
          let me: LeaderboardItem['me'] = null;
          if (memberId !== null) {
            const mine = rows.find((r) => BigInt(r.member_id) === memberId);
            if (mine) me = { rank: mine.rank, turnover: formatAmount(BigInt(mine.total)) };
            else {
              const total = await progress(
                merchant.id,
                memberId,
                { goal: 'turnover', product: race.product },
                range,
              );
              if (total > 0n) {
                const above = await sql<{ n: number }>`
                  select count(*)::int as n from (${ranking(merchant.id, race, range, 1_000_000, eligible)}) r
                  where r.total::bigint > ${total}::bigint`.execute(db);
                me = { rank: (above.rows[0]?.n ?? 0) + 1, turnover: formatAmount(total) };
              }
            }
          }
          races.push({
            id: p.id.toString(),
            title: text.title,
            terms: text.terms,
            product: race.product as ProductGroup | null,
            period: range,
            prizes: race.prizes.map((x) => formatAmount(BigInt(x))),
            top: rows.map((r) => ({
              rank: r.rank,
              name: maskFriend(r.username),
              turnover: formatAmount(BigInt(r.total)),
              me: memberId !== null && BigInt(r.member_id) === memberId,
            })),
            me,
          });
        }
      }
      return { missions, races };
    },

    /** Claims a mission's reward: once per period, only when reached; paid at once with its turnover rule. */
    async claim(merchant: MerchantRow, memberId: bigint, promotionId: bigint): Promise<RewardItem> {
      if (merchant.settings.promotions?.MISSION?.enabled !== true) throw missionOff();
      const p = (await live(merchant, ['mission'])).find((x) => x.id === promotionId);
      if (!p || p.reward.type !== 'mission') throw notFound('promotion_unknown');
      const m = p.reward;
      const now = clock.now();
      await assertEligible(db, p.id, memberId, now);
      const day = today(merchant);
      const done = await progress(merchant.id, memberId, m, periodRange(p.period, day));
      if (done < BigInt(m.target))
        throw new DomainError('mission_not_reached', 409, 'This mission is not done yet');
      const amount = BigInt(m.amount);
      const key = periodKey(p.period, day);
      const row = await inTransaction(db, 'mission.service.claim', async (trx) => {
        // An account linked to mine took this period's reward: mine waits for an operator's review.
        // So does one above the promotion's auto-approve ceiling.
        const held = needsReview(p, amount) || (await linkedClaimExists(trx, memberId, p.id, key));
        const claim = await trx
          .insertInto('promotion_claim')
          .values({
            merchant_id: merchant.id,
            promotion_id: p.id,
            member_id: memberId,
            period_key: key,
            status: held ? 'applying' : 'claimed',
            amount,
            terms: JSON.stringify(claimTermsOf(p)),
            transfer_id: held ? null : sql<bigint>`nextval('ledger_transfer_id_seq')`,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!claim) throw new DomainError('promotion_already_taken', 409, 'Already done for this period');
        if (held) await holdForReview(trx, claim.id);
        else await payClaim(trx, claim, now, false);
        return claim;
      });
      return rewardOf(row, merchant, undefined, now);
    },
  };
}

/**
 * Issues the prizes of every race whose last period has closed (REBATE_GRACE_MS after its last day, and
 * every bet of it rolled up): the member at place n gets prize n in the reward centre, once per period
 * (the claim's key). Returns the number of prizes issued now.
 */
export async function issueDueRacePrizes(db: Database, clock: Clock): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - REBATE_GRACE_MS);
  const races = await db
    .selectFrom('promotion as p')
    .innerJoin('merchant as m', 'm.id', 'p.merchant_id')
    .selectAll('p')
    .select(['m.settings', 'm.default_language', 'm.code as merchant_code'])
    .where('p.kind', '=', 'leaderboard')
    .where('p.enabled', '=', true)
    .execute();
  let issued = 0;
  for (const r of races) {
    if (r.reward.type !== 'leaderboard') continue;
    const tz = r.settings.timeZone ?? 'UTC';
    // The period before the one the cut-off falls in has closed.
    const current = periodRange(r.period, dayIn(cutoff, tz));
    const last = periodRange(r.period, previousDay(current.from));
    if (r.starts_at > new Date(`${last.to}T23:59:59Z`)) continue;
    if (!(await dayRolledUp(db, { tz }, last.to))) continue;
    const eligible = (await eligibilityApplies(db, r)) ? { promotionId: r.id, at: now } : null;
    const rows = (await ranking(r.merchant_id, r.reward, last, r.reward.prizes.length, eligible).execute(db))
      .rows;
    if (rows.length === 0) continue;
    const merchant = { id: r.merchant_id, default_language: r.default_language } as MerchantRow;
    const prizes = r.reward.prizes;
    const key = periodKey(r.period, last.from);
    const made = await inTransaction(db, 'mission.service.issueDueRacePrizes', (trx) =>
      issueClaims(trx, {
        merchant,
        promotion: r,
        claims: rows.map((row) => ({
          memberId: BigInt(row.member_id),
          periodKey: key,
          amount: BigInt(prizes[row.rank - 1]!),
        })),
        expiresAt: null,
        at: now,
      }),
    );
    issued += made.length;
  }
  return issued;
}
