import { sql } from 'kysely';
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
import { issueClaims } from './promotions.service';
import { inTransaction } from '../../db/transaction';

type LevelRow = {
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

const nameIn = (names: Record<string, string>, lang: string | undefined, fallback: string) =>
  (lang ? names[lang] : undefined) ?? names[fallback] ?? Object.values(names)[0] ?? '';

const clubClosed = () => new DomainError('vip_club_off', 403, 'The VIP club is not available');

/** The merchant's VIP levels, lowest first. */
export function vipLevels(db: Database, merchantId: number): Promise<LevelRow[]> {
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
}

/**
 * A member's figures the club counts from a day on (null: from the start): deposits, and valid turnover
 * (stakes less refunds over every product), from member_day plus what the house roll-up has not folded in.
 */
async function clubFigures(
  db: Database,
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
}

/** The level-up bonus (once per level) and the monthly bonus are 'vip' promotions: monthly period or not. */
const vipPromotion = (db: Database, merchantId: number, monthly: boolean) =>
  db
    .selectFrom('promotion')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'vip')
    .where('enabled', '=', true)
    .where('period', monthly ? '=' : '<>', 'monthly')
    .orderBy('id')
    .executeTakeFirst();

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
    const reviewed = await sql<{ id: string; before: number; after: number; type: number }>`
      with f as (
        select m.id, m.vip_level, m.type, m.vip_raised_at,
          coalesce(sum(d.deposits), 0)::bigint as deposits,
          coalesce(sum(d.bets - d.refunds) filter (where d.product <> ''), 0)::bigint as turnover
        from member m
        left join member_day d on d.member_id = m.id and d.day between ${from}::date and ${to}::date
        where m.merchant_id = ${merchant.id}::int and m.vip_level > 0
        group by m.id
      ),
      r as (
        select f.*, (f.vip_raised_at >= ${from}::date or (f.deposits >= l.retain_deposits
          and f.turnover >= l.retain_turnover)) as kept
        from f join vip_level l on l.merchant_id = ${merchant.id}::int and l.level = f.vip_level
      ),
      ins as (
        insert into vip_review (merchant_id, member_id, month, level_before, level_after, deposits, turnover,
          reviewed_at)
        select ${merchant.id}::int, r.id, ${month}, r.vip_level,
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
      from ins join r on r.id = ins.member_id`.execute(trx);
    const kept = reviewed.rows.filter((r) => r.after === r.before);
    const promotion = await vipPromotion(trx, merchant.id, true);
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
    return { kept: kept.length, relegated: reviewed.rows.length - kept.length, bonuses };
  });
}

/**
 * The VIP club (issue 18 item 5, PROMO-002): levels reached by cumulative deposits and valid turnover
 * (counted again from a relegation on), kept through each month whose retention the member meets
 * (migrations 0044, 0052; the review is reviewVipMonth's). Working a member's level out raises member.vip_level and issues
 * the level-up bonus of every level crossed into the reward centre, each once (the claim's unique key).
 */
export function vipService(db: Database, clock: Clock) {
  /** Raises the member to `reached` (never lowers) and issues the bonuses of the levels crossed. */
  async function raise(merchant: MerchantRow, memberId: bigint, reached: number, levels: LevelRow[]) {
    const now = clock.now();
    await inTransaction(db, 'vip.service.raise', async (trx) => {
      const before = await trx
        .selectFrom('member')
        .select(['vip_level', 'type'])
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      if (before.vip_level >= reached) return;
      await trx
        .updateTable('member')
        .set({ vip_level: reached, vip_raised_at: now })
        .where('id', '=', memberId)
        .execute();
      const promotion = await vipPromotion(trx, merchant.id, false);
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
      const member = await db
        .selectFrom('member')
        .select(['vip_level', 'vip_since'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      const today = dayIn(clock.now(), merchant.settings.timeZone ?? 'UTC');
      const monthStart = `${today.slice(0, 7)}-01`;
      const [figures, month] = await Promise.all([
        clubFigures(db, memberId, member.vip_since),
        clubFigures(db, memberId, monthStart),
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
