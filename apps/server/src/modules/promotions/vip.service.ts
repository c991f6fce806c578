import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { formatAmount } from '@panalo/contract/money';
import type { VipBenefits } from '@panalo/contract/promotions';
import { vipLevelReached } from '@panalo/contract/promotion-rules';
import type { Database } from '../../db/database';
import type { PromotionTexts } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { issueClaims } from './promotions.service';

type LevelRow = {
  level: number;
  names: Record<string, string>;
  deposits_required: bigint;
  turnover_required: bigint;
  level_up_bonus: bigint;
};

const nameIn = (names: Record<string, string>, lang: string | undefined, fallback: string) =>
  (lang ? names[lang] : undefined) ?? names[fallback] ?? Object.values(names)[0] ?? '';

const clubClosed = () => new DomainError('vip_club_off', 403, 'The VIP club is not available');

/** The merchant's VIP levels, lowest first. */
export function vipLevels(db: Database, merchantId: number): Promise<LevelRow[]> {
  return db
    .selectFrom('vip_level')
    .select(['level', 'names', 'deposits_required', 'turnover_required', 'level_up_bonus'])
    .where('merchant_id', '=', merchantId)
    .orderBy('level')
    .execute();
}

/**
 * A member's cumulative figures the club counts: deposits, and valid turnover (stakes less refunds over
 * every product), from member_day plus what the house roll-up has not folded in yet.
 */
async function clubFigures(db: Database, memberId: bigint): Promise<{ deposits: bigint; turnover: bigint }> {
  const r = await sql<{ deposits: string; turnover: string }>`
    select
      (select coalesce(sum(deposits), 0) from member_day where member_id = ${memberId}::bigint)::text as deposits,
      ((select coalesce(sum(bets - refunds), 0) from member_day where member_id = ${memberId}::bigint and product <> '')
        + (select coalesce(sum(amount) filter (where kind in ('bet', 'refund')), 0) from house_pending
           where member_id = ${memberId}::bigint))::text as turnover`.execute(db);
  const row = r.rows[0]!;
  return { deposits: BigInt(row.deposits), turnover: BigInt(row.turnover) };
}

/**
 * The VIP club (issue 18 item 5, PROMO-002): levels reached by cumulative deposits and valid turnover,
 * kept once reached (migration 0044). Working a member's level out raises member.vip_level and issues
 * the level-up bonus of every level crossed into the reward centre, each once (the claim's unique key).
 */
export function vipService(db: Database, clock: Clock) {
  /** Raises the member to `reached` (never lowers) and issues the bonuses of the levels crossed. */
  async function raise(merchant: MerchantRow, memberId: bigint, reached: number, levels: LevelRow[]) {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('member')
        .select(['vip_level', 'type'])
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (before.vip_level >= reached) return;
      await trx.updateTable('member').set({ vip_level: reached }).where('id', '=', memberId).execute();
      const promotion = await trx
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('kind', '=', 'vip')
        .where('enabled', '=', true)
        .orderBy('id')
        .executeTakeFirst();
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
            title: Object.fromEntries<PromotionTexts[string]>(
              Object.entries(promotion.texts).map(([lang, t]) => [
                lang,
                { title: `${t.title} · ${nameIn(l.names, lang, merchant.default_language)}`, terms: '' },
              ]),
            ),
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
      const figures = await clubFigures(db, memberId);
      const reached = vipLevelReached(
        levels.map((l) => ({ level: l.level, deposits: l.deposits_required, turnover: l.turnover_required })),
        figures.deposits,
        figures.turnover,
      );
      const member = await db
        .selectFrom('member')
        .select('vip_level')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
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
        levels: levels.map((l) => ({
          level: l.level,
          name: name(l),
          depositsRequired: formatAmount(l.deposits_required),
          turnoverRequired: formatAmount(l.turnover_required),
          levelUpBonus: formatAmount(l.level_up_bonus),
        })),
      };
    },
  };
}
