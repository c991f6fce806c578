import { dayIn } from '@panalo/contract/age';
import { formatAmount } from '@panalo/contract/money';
import type { LeaderboardItem, MissionItem, MissionsView, RewardItem } from '@panalo/contract/promotions';
import { missionPercent, periodKey, periodRange, previousDay } from '@panalo/contract/promotion-rules';
import type { ProductGroup } from '@panalo/contract/rebate';
import type { Database } from '../../db/database';
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
} from './promotion-claims';
import { inTransaction } from '../../db/transaction';
import { servedText } from './promotion-figures';
import { missionRepository } from './mission.repository';
import { promotionsRepository } from './promotions.repository';

const missionOff = () => new DomainError('mission_off', 403, 'Mission activity is not available');
/** Places shown on a race's board. */
const BOARD = 20;

/**
 * Mission activity (issue 18 item 2, /m/leaderBoard, MISSION): missions pay once per period when the
 * member's valid turnover (of a product group, or all) or deposits in the period reach the target —
 * claimed by the member, paid in the claim's transaction like every credit; races rank the members by
 * valid turnover in the period, and once it has closed the prizes are issued to the reward centre (one
 * claim per place winner with the period's key: once, however often the job runs). Figures come from
 * member_day (the house roll-up keeps it within seconds). The SQL is mission.repository.ts'.
 */
export function missionService(db: Database, clock: Clock) {
  const today = (merchant: MerchantRow) => dayIn(clock.now(), merchant.settings.timeZone ?? 'UTC');
  const repo = missionRepository(db);

  const live = (merchant: MerchantRow, kinds: ('mission' | 'leaderboard')[]) =>
    repo.listRunningPromotions(merchant.id, kinds, clock.now());

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
          const done = memberId === null ? 0n : await repo.memberFigure(merchant.id, memberId, m, range);
          const claim =
            memberId === null
              ? undefined
              : await repo.findClaimStatus(p.id, memberId, periodKey(p.period, day));
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
          const rows = await repo.listRanking(merchant.id, race.product, range, BOARD, eligible);
          let me: LeaderboardItem['me'] = null;
          if (memberId !== null) {
            const mine = rows.find((r) => BigInt(r.member_id) === memberId);
            if (mine) me = { rank: mine.rank, turnover: formatAmount(BigInt(mine.total)) };
            else {
              const total = await repo.memberFigure(
                merchant.id,
                memberId,
                { goal: 'turnover', product: race.product },
                range,
              );
              if (total > 0n) {
                const above = await repo.countRankedAbove(merchant.id, race.product, range, eligible, total);
                me = { rank: above + 1, turnover: formatAmount(total) };
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
      const done = await repo.memberFigure(merchant.id, memberId, m, periodRange(p.period, day));
      if (done < BigInt(m.target))
        throw new DomainError('mission_not_reached', 409, 'This mission is not done yet');
      const amount = BigInt(m.amount);
      const key = periodKey(p.period, day);
      const row = await inTransaction(db, 'mission.service.claim', async (trx) => {
        // An account linked to mine took this period's reward: mine waits for an operator's review.
        // So does one above the promotion's auto-approve ceiling.
        const held = needsReview(p, amount) || (await linkedClaimExists(trx, memberId, p.id, key));
        const claim = await promotionsRepository(trx).insertClaimOnce({
          merchantId: merchant.id,
          promotionId: p.id,
          memberId,
          periodKey: key,
          status: held ? 'applying' : 'claimed',
          amount,
          terms: claimTermsOf(p),
          reserveTransfer: !held,
          at: now,
        });
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
  const repo = missionRepository(db);
  const races = await repo.listEnabledRaces();
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
    const rows = await repo.listRanking(
      r.merchant_id,
      r.reward.product,
      last,
      r.reward.prizes.length,
      eligible,
    );
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
