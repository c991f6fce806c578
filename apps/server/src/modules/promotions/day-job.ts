import { sql } from 'kysely';
import { dayIn } from '@panalo/contract/age';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { dayRolledUp, REBATE_GRACE_MS } from '../agents/rebate-run';
import { merchantsRepository, type MerchantRow } from '../merchants/merchants.repository';
import { referralService } from './referral.service';
import { reviewVipMonth, vipLevels, vipService } from './vip.service';

/** On a merchant's first run, the job goes back this many closed days at most. */
const CATCH_UP_DAYS = 7;

export interface PromotionDayReport {
  merchantId: number;
  day: string;
  raised: number;
  referrals: number;
}

/**
 * The daily promotion job (issue 18): once a merchant's day has closed (its grace passed and every bet of
 * it rolled up), the members active that day who reached a higher VIP level are raised — their level-up
 * bonuses issued into the reward centre, as if they had opened the club — and the inviters of friends who
 * deposited that day are issued the referral rewards those friends earned — as if they had opened invite
 * friends. Each reward is issued once by its claim's key (level-N, friend-<id>), so a day run twice, or
 * by two processes at once, pays nothing twice; a day done is written to promotion_day_job.
 */
export async function runPromotionDays(db: Database, clock: Clock): Promise<PromotionDayReport[]> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - REBATE_GRACE_MS);
  const vip = vipService(db, clock);
  const referral = referralService(db, clock);
  const merchants = merchantsRepository(db);
  const rows = await db.selectFrom('merchant').select('code').orderBy('id').execute();
  const out: PromotionDayReport[] = [];
  for (const { code } of rows) {
    const merchant = await merchants.findByCode(code);
    if (!merchant) continue;
    const tz = merchant.settings.timeZone ?? 'UTC';
    const today = dayIn(cutoff, tz);
    const days = await sql<{ day: string }>`
      select distinct d.day::text as day from member_day d
      where d.merchant_id = ${merchant.id}::int and d.day < ${today}::date
        and d.day > coalesce((select max(day) from promotion_day_job where merchant_id = ${merchant.id}::int),
                             ${today}::date - ${CATCH_UP_DAYS}::int)
      order by 1`.execute(db);
    for (const { day } of days.rows) {
      if (!(await dayRolledUp(db, { tz }, day))) break;
      let raised = 0;
      let referrals = 0;
      if (merchant.whitelabel.VIPBENEFIT === true) {
        const levels = await vipLevels(db, merchant.id);
        if (levels.length > 0) {
          // Members active that day whose cumulative figures reach a level above theirs.
          const reached = await sql<{ id: string; reached: number }>`
            with a as (select distinct member_id from member_day where merchant_id = ${merchant.id}::int and day = ${day}::date),
            f as (
              select d.member_id, sum(d.deposits)::bigint as deposits,
                coalesce(sum(d.bets - d.refunds) filter (where d.product <> ''), 0)::bigint as turnover
              from member_day d join a on a.member_id = d.member_id join member m on m.id = d.member_id
              -- (after a relegation, the figures count again from its month on)
              where d.day >= coalesce(m.vip_since, '-infinity'::date)
              group by d.member_id
            )
            select m.id::text as id, (
              select max(l.level) from vip_level l
              where l.merchant_id = ${merchant.id}::int and f.deposits >= l.deposits_required
                and f.turnover >= l.turnover_required) as reached
            from f join member m on m.id = f.member_id
            where m.vip_level < (
              select max(l.level) from vip_level l
              where l.merchant_id = ${merchant.id}::int and f.deposits >= l.deposits_required
                and f.turnover >= l.turnover_required)`.execute(db);
          for (const r of reached.rows) {
            await vip.raise(merchant, BigInt(r.id), r.reached, levels);
            raised++;
          }
        }
      }
      if (merchant.settings.promotions?.REFERRAL?.enabled === true) {
        const inviters = await sql<{ id: string }>`
          select distinct f.referrer_id::text as id from member_day d join member f on f.id = d.member_id
          where d.merchant_id = ${merchant.id}::int and d.day = ${day}::date and d.deposits > 0
            and f.referrer_id is not null and f.type <> ${MEMBER_TYPE.TRIAL}::int`.execute(db);
        for (const i of inviters.rows) referrals += await referral.issueFor(merchant, BigInt(i.id));
      }
      await sql`
        insert into promotion_day_job (merchant_id, day, raised, referrals, done_at)
        values (${merchant.id}::int, ${day}::date, ${raised}::int, ${referrals}::int, ${now}::timestamptz)
        on conflict do nothing`.execute(db);
      out.push({ merchantId: merchant.id, day, raised, referrals });
    }
    await reviewLastMonth(db, merchant, today, now);
  }
  return out;
}

/**
 * The club's monthly review (migration 0052) of the month before `today`'s, once that month's last day has
 * rolled up and unless it has run (vip_month_job); reviewVipMonth reviews each member once whatever runs.
 */
async function reviewLastMonth(db: Database, merchant: MerchantRow, today: string, now: Date) {
  if (merchant.whitelabel.VIPBENEFIT !== true) return;
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  const lastDay = new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
  const month = lastDay.slice(0, 7);
  const done = await db
    .selectFrom('vip_month_job')
    .select('month')
    .where('merchant_id', '=', merchant.id)
    .where('month', '=', month)
    .executeTakeFirst();
  if (done) return;
  if ((await vipLevels(db, merchant.id)).length === 0) return;
  if (!(await dayRolledUp(db, { tz: merchant.settings.timeZone ?? 'UTC' }, lastDay))) return;
  const r = await reviewVipMonth(db, merchant, month, now);
  await db
    .insertInto('vip_month_job')
    .values({ merchant_id: merchant.id, month, kept: r.kept, relegated: r.relegated, done_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
