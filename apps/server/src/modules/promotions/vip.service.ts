import { MEMBER_TYPE } from '@panalo/contract/member';
import { dayIn } from '@panalo/contract/age';
import { formatAmount } from '@panalo/contract/money';
import type { VipBenefits } from '@panalo/contract/promotions';
import { vipLevelReached } from '@panalo/contract/promotion-rules';
import type { Database } from '../../db/database';
import type { PromotionTexts } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { issueClaims } from './promotion-claims';
import { inTransaction } from '../../db/transaction';
import { vipRepository, type LevelRow } from './vip.repository';
import { own } from '../../lib/own';

const nameIn = (names: Record<string, string>, lang: string | undefined, fallback: string) =>
  own(names, lang) ?? own(names, fallback) ?? Object.values(names)[0] ?? '';

const clubClosed = () => new DomainError('vip_club_off', 403, 'The VIP club is not available');

/** The merchant's VIP levels, lowest first. */
export function vipLevels(db: Database, merchantId: number): Promise<LevelRow[]> {
  return vipRepository(db).listLevels(merchantId);
}

/** "VIP monthly bonus · Gold" in each of the promotion's languages. */
const titledFor = (texts: PromotionTexts, l: LevelRow, fallback: string) =>
  Object.fromEntries<PromotionTexts[string]>(
    Object.entries(texts).map(([lang, t]) => [
      lang,
      { title: `${t.title} · ${nameIn(l.names, lang, fallback)}`, terms: '' },
    ]),
  );

/** The first and last day of a month ('YYYY-MM') and the first day of the next. */
function monthDays(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: iso(new Date(Date.UTC(y, m - 1, 1))),
    to: iso(new Date(Date.UTC(y, m, 0))),
    next: iso(new Date(Date.UTC(y, m, 1))),
  };
}

export interface VipMonthReport {
  kept: number;
  relegated: number;
  bonuses: number;
}

/**
 * Reviews a closed month of a merchant's club (migration 0052), in one transaction: each member above
 * level 0 once (vip_review's key) — kept when the month's deposits and valid turnover reach the level's
 * retention (or the level was raised within the month), else relegated one level with the figures
 * towards the next levels counting again from the next month — and each member kept issued the level's
 * monthly bonus into the reward centre (key month-YYYY-MM; free-trial accounts never).
 */
export async function reviewVipMonth(
  db: Database,
  merchant: MerchantRow,
  month: string,
  now: Date,
): Promise<VipMonthReport> {
  const { from, to, next } = monthDays(month);
  const levels = await vipLevels(db, merchant.id);
  return inTransaction(db, 'vip.service.reviewVipMonth', async (trx) => {
    const tx = vipRepository(trx);
    const reviewed = await tx.reviewMonth({ merchantId: merchant.id, month, from, to, next, now });
    const kept = reviewed.filter((r) => r.after === r.before);
    const promotion = await tx.findVipPromotion(merchant.id, true);
    let bonuses = 0;
    if (promotion) {
      for (const l of levels) {
        if (l.monthly_bonus <= 0n) continue;
        const members = kept.filter((r) => r.before === l.level && r.type !== MEMBER_TYPE.TRIAL);
        bonuses += (
          await issueClaims(trx, {
            merchant,
            promotion,
            claims: members.map((r) => ({
              memberId: BigInt(r.id),
              periodKey: `month-${month}`,
              amount: l.monthly_bonus,
              title: titledFor(promotion.texts, l, merchant.default_language),
            })),
            expiresAt: null,
            at: now,
          })
        ).length;
      }
    }
    return { kept: kept.length, relegated: reviewed.length - kept.length, bonuses };
  });
}

/**
 * The VIP club (issue 18 item 5, PROMO-002): levels reached by cumulative deposits and valid turnover
 * (counted again from a relegation on), kept through each month whose retention the member meets
 * (migrations 0044, 0052; the review is reviewVipMonth's). Working a member's level out raises member.vip_level and issues
 * the level-up bonus of every level crossed into the reward centre, each once (the claim's unique key).
 */
export function vipService(db: Database, clock: Clock) {
  const repo = vipRepository(db);

  /** Raises the member to `reached` (never lowers) and issues the bonuses of the levels crossed. */
  async function raise(merchant: MerchantRow, memberId: bigint, reached: number, levels: LevelRow[]) {
    const now = clock.now();
    await inTransaction(db, 'vip.service.raise', async (trx) => {
      const tx = vipRepository(trx);
      const before = await tx.lockMemberLevel(memberId);
      if (before.vip_level >= reached) return;
      await tx.setMemberLevel(memberId, reached, now);
      const promotion = await tx.findVipPromotion(merchant.id, false);
      const crossed = levels.filter(
        (l) => l.level > before.vip_level && l.level <= reached && l.level_up_bonus > 0n,
      );
      // Free-trial accounts never receive real-money promotions.
      if (promotion && crossed.length > 0 && before.type !== MEMBER_TYPE.TRIAL) {
        await issueClaims(trx, {
          merchant,
          promotion,
          claims: crossed.map((l) => ({
            memberId,
            periodKey: `level-${l.level}`,
            amount: l.level_up_bonus,
            // "VIP level-up bonus · Gold" in each of the promotion's languages.
            title: titledFor(promotion.texts, l, merchant.default_language),
          })),
          expiresAt: null,
          at: now,
        });
      }
    });
  }

  return {
    /** The daily job: raises a member to the level reached (bonuses issued once), as opening the club would. */
    raise,

    /** My place in the club (API-032: GET), raising my level first when my figures reached a higher one. */
    async benefits(merchant: MerchantRow, memberId: bigint, lang: string | undefined): Promise<VipBenefits> {
      if (merchant.whitelabel.VIPBENEFIT !== true) throw clubClosed();
      const levels = await vipLevels(db, merchant.id);
      const member = await repo.findMemberClub(memberId);
      const today = dayIn(clock.now(), merchant.settings.timeZone ?? 'UTC');
      const monthStart = `${today.slice(0, 7)}-01`;
      const [figures, month] = await Promise.all([
        repo.clubFigures(memberId, member.vip_since),
        repo.clubFigures(memberId, monthStart),
      ]);
      const reached = vipLevelReached(
        levels.map((l) => ({ level: l.level, deposits: l.deposits_required, turnover: l.turnover_required })),
        figures.deposits,
        figures.turnover,
      );
      if (reached > member.vip_level) await raise(merchant, memberId, reached, levels);
      const level = Math.max(reached, member.vip_level);
      const name = (l: LevelRow) => nameIn(l.names, lang, merchant.default_language);
      const current = levels.find((l) => l.level === level);
      const next = levels.find((l) => l.level > level);
      const left = (need: bigint, have: bigint) => formatAmount(need > have ? need - have : 0n);
      return {
        level,
        name: current ? name(current) : '',
        deposits: formatAmount(figures.deposits),
        turnover: formatAmount(figures.turnover > 0n ? figures.turnover : 0n),
        next: next
          ? {
              level: next.level,
              name: name(next),
              depositsLeft: left(next.deposits_required, figures.deposits),
              turnoverLeft: left(next.turnover_required, figures.turnover),
            }
          : null,
        // What keeps my level through this month (none at level 0 or when the level asks nothing).
        retention:
          current && (current.retain_deposits > 0n || current.retain_turnover > 0n) && level > 0
            ? {
                month: today.slice(0, 7),
                deposits: formatAmount(month.deposits),
                turnover: formatAmount(month.turnover > 0n ? month.turnover : 0n),
                depositsLeft: left(current.retain_deposits, month.deposits),
                turnoverLeft: left(current.retain_turnover, month.turnover),
              }
            : null,
        levels: levels.map((l) => ({
          level: l.level,
          name: name(l),
          depositsRequired: formatAmount(l.deposits_required),
          turnoverRequired: formatAmount(l.turnover_required),
          levelUpBonus: formatAmount(l.level_up_bonus),
          retainDeposits: formatAmount(l.retain_deposits),
          retainTurnover: formatAmount(l.retain_turnover),
          monthlyBonus: formatAmount(l.monthly_bonus),
          withdrawDailyCount: l.withdraw_daily_count,
          withdrawDailyAmount:
            l.withdraw_daily_amount === null ? null : formatAmount(BigInt(l.withdraw_daily_amount)),
        })),
      };
    },
  };
}
