// Long file: the demo's promotions and VIP levels are data tables (some 300 lines of them), read best whole beside the seeding that uses them.
import type { PromotionKind, PromotionPeriod } from '@panalo/contract/promotion-rules';
import type { Database } from '../../db/database';
import type { PromotionReward, PromotionTexts } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { merchantsRepository } from '../merchants/merchants.repository';
import { DomainError } from '../../lib/domain-error';
import type { FileStore } from '../../lib/file-store';
import { applicationService } from './application.service';
import { promotionsService } from './promotions.service';

interface DemoPromotion {
  code: string;
  kind: PromotionKind;
  category: string;
  period: PromotionPeriod;
  reward: PromotionReward;
  wageringTenths: number;
  /** Minor units. */
  budget: bigint | null;
  texts: PromotionTexts;
}

/** Panalo's promotions so far (issue 18 grows the set): a daily check-in and an operator's reward. */
const PANALO: DemoPromotion[] = [
  {
    // The footer badge's '+3%': on every deposit of ₱100 or more, at most ₱1,000; deposit and bonus wagered once.
    code: 'DEPOSIT3',
    kind: 'deposit',
    category: 'deposit',
    period: 'every',
    reward: { type: 'deposit', percentBp: 300, max: '100000', minDeposit: '10000', firstDeposit: false },
    wageringTenths: 10,
    budget: null,
    texts: {
      EN: {
        title: '+3% on every deposit',
        terms:
          '<p>Tick the offer when you deposit {{promotion:DEPOSIT3.minDeposit}} or more: we add {{promotion:DEPOSIT3.percent}} (at most {{promotion:DEPOSIT3.max}}). Deposit and bonus must be wagered {{promotion:DEPOSIT3.wagering}} before a withdrawal.</p>',
      },
      TY: {
        title: '+3% sa bawat deposito',
        terms:
          '<p>Piliin ang alok kapag nagdeposito ng {{promotion:DEPOSIT3.minDeposit}} o higit pa: dadagdagan namin ng {{promotion:DEPOSIT3.percent}} (hanggang {{promotion:DEPOSIT3.max}}). Kailangang itaya nang {{promotion:DEPOSIT3.wagering}} ang deposito at bonus bago mag-withdraw.</p>',
      },
    },
  },
  {
    // The welcome offer: the first deposit doubled up to ₱2,000, deposit and bonus wagered three times.
    code: 'FIRST-DEPOSIT-100',
    kind: 'deposit',
    category: 'deposit',
    period: 'once',
    reward: { type: 'deposit', percentBp: 10_000, max: '200000', minDeposit: '10000', firstDeposit: true },
    wageringTenths: 30,
    budget: 100_000_000n,
    texts: {
      EN: {
        title: 'First deposit doubled',
        terms:
          '<p>Your first deposit of {{promotion:FIRST-DEPOSIT-100.minDeposit}} or more gets a {{promotion:FIRST-DEPOSIT-100.percent}} bonus, up to {{promotion:FIRST-DEPOSIT-100.max}}. Deposit and bonus must be wagered {{promotion:FIRST-DEPOSIT-100.wagering}} before a withdrawal. One per person.</p>',
      },
      TY: {
        title: 'Dobleng unang deposito',
        terms:
          '<p>Ang iyong unang deposito na {{promotion:FIRST-DEPOSIT-100.minDeposit}} o higit pa ay may {{promotion:FIRST-DEPOSIT-100.percent}} na bonus, hanggang {{promotion:FIRST-DEPOSIT-100.max}}. Kailangang itaya nang {{promotion:FIRST-DEPOSIT-100.wagering}} ang deposito at bonus bago mag-withdraw. Isa bawat tao.</p>',
      },
    },
  },
  {
    code: 'DAILY-CHECKIN',
    kind: 'checkin',
    category: 'daily',
    period: 'daily',
    // ₱1, 2, 3, 5, 8, 10 and 20 for days 1–7 of a streak, ₱20 a day after.
    reward: { type: 'streak', amounts: ['100', '200', '300', '500', '800', '1000', '2000'] },
    wageringTenths: 10,
    budget: 10_000_000n,
    texts: {
      EN: {
        title: 'Daily check-in',
        terms:
          '<p>Check in every day: day 1 pays ₱1.00, day 7 and every day after ₱20.00. Missing a day starts the streak again.</p><p>The reward must be wagered once before a withdrawal.</p>',
      },
      TY: {
        title: 'Araw-araw na check-in',
        terms:
          '<p>Mag-check in araw-araw: ₱1.00 sa unang araw, ₱20.00 sa ikapitong araw at bawat araw pagkatapos. Kapag lumaktaw ng isang araw, magsisimula muli ang bilang.</p><p>Kailangang itaya nang isang beses ang gantimpala bago mag-withdraw.</p>',
      },
    },
  },
  {
    code: 'WELCOME-BACK',
    kind: 'manual',
    category: 'vip',
    period: 'once',
    reward: { type: 'fixed', amount: '5000' },
    wageringTenths: 50,
    budget: 50_000_000n,
    texts: {
      EN: {
        title: 'Welcome back bonus',
        terms:
          '<p>A gift from our team, waiting in your reward centre. Wager it 5 times before a withdrawal.</p>',
      },
      TY: {
        title: 'Bonus sa muling pagbabalik',
        terms:
          '<p>Regalo mula sa aming team, nasa iyong reward centre. Itaya ito nang 5 beses bago mag-withdraw.</p>',
      },
    },
  },
  {
    // The VIP club's level-up bonus: the amounts are the levels' (vip_level), claimed in the reward centre.
    code: 'VIP-LEVELUP',
    kind: 'vip',
    category: 'vip',
    period: 'once',
    reward: { type: 'fixed', amount: '0' },
    wageringTenths: 10,
    budget: null,
    texts: {
      EN: { title: 'VIP level-up bonus', terms: '<p>Paid once for every VIP level you reach.</p>' },
      TY: {
        title: 'Bonus sa pag-akyat ng VIP level',
        terms: '<p>Ibinibigay nang isang beses sa bawat VIP level na maaabot mo.</p>',
      },
    },
  },
  {
    // The club's monthly bonus: each level's, to members who kept their level through the month.
    code: 'VIP-MONTHLY',
    kind: 'vip',
    category: 'vip',
    period: 'monthly',
    reward: { type: 'fixed', amount: '0' },
    wageringTenths: 10,
    budget: null,
    texts: {
      EN: {
        title: 'VIP monthly bonus',
        terms: '<p>Paid after each month in which you kept your VIP level.</p>',
      },
      TY: {
        title: 'Buwanang bonus ng VIP',
        terms: '<p>Ibinibigay pagkatapos ng bawat buwan na napanatili mo ang iyong VIP level.</p>',
      },
    },
  },
  {
    // Invite friends: ₱20 for every friend whose deposits reach ₱100 (claimed in the reward centre).
    code: 'INVITE-FRIENDS',
    kind: 'referral',
    category: 'referral',
    period: 'once',
    reward: { type: 'referral', amount: '2000', minDeposit: '10000' },
    wageringTenths: 10,
    budget: 100_000_000n,
    texts: {
      EN: {
        title: 'Invite friends',
        terms:
          '<p>Share your link. For every friend who registers with it and deposits ₱100 or more, ₱20.00 waits for you in the reward centre. Wager it once before a withdrawal.</p><p>Accounts registered from your own network do not count.</p>',
      },
      TY: {
        title: 'Mag-imbita ng kaibigan',
        terms:
          '<p>Ibahagi ang iyong link. Sa bawat kaibigang magrehistro gamit ito at magdeposito ng ₱100 o higit pa, may ₱20.00 na naghihintay sa iyo sa reward centre. Itaya ito nang isang beses bago mag-withdraw.</p><p>Hindi bilang ang mga account na nirehistro mula sa sarili mong network.</p>',
      },
    },
  },
  {
    // Daily rebate by VIP level (Member … Diamond): taken during the day (manual rebate) or paid the next.
    code: 'DAILY-REBATE',
    kind: 'rebate',
    category: 'rebate',
    period: 'daily',
    reward: {
      type: 'rebate',
      rates: {
        slots: [50, 60, 70, 80, 100, 120],
        fishing: [50, 60, 70, 80, 100, 120],
        live: [30, 40, 50, 60, 70, 80],
        cards: [30, 40, 50, 60, 70, 80],
        sports: [30, 40, 50, 60, 70, 80],
        esports: [30, 40, 50, 60, 70, 80],
        cockfight: [20, 30, 40, 50, 60, 70],
        lottery: [20, 30, 40, 50, 60, 70],
      },
      min: '100',
      max: '500000',
    },
    wageringTenths: 10,
    budget: null,
    texts: {
      EN: {
        title: 'Daily rebate',
        terms:
          '<p>Up to 1.20 % of your valid turnover back every day, by product and VIP level. Take today’s rebate at any time in manual rebate; what you leave is paid automatically after the day closes.</p><p>At least {{promotion:DAILY-REBATE.min}}, at most {{promotion:DAILY-REBATE.max}} a day. Wager the rebate {{promotion:DAILY-REBATE.wagering}} before a withdrawal.</p>',
      },
      TY: {
        title: 'Araw-araw na rebate',
        terms:
          '<p>Hanggang 1.20 % ng iyong valid na taya ang ibinabalik araw-araw, ayon sa produkto at VIP level. Kunin ang rebate ngayon anumang oras sa manual rebate; ang hindi mo kinuha ay awtomatikong ibibigay pagsara ng araw.</p><p>Hindi bababa sa {{promotion:DAILY-REBATE.min}}, hindi hihigit sa {{promotion:DAILY-REBATE.max}} bawat araw. Itaya ang rebate nang {{promotion:DAILY-REBATE.wagering}} bago mag-withdraw.</p>',
      },
    },
  },
  {
    // An application promotion: the member sends a screenshot of a big win; an operator reviews it.
    code: 'SHARE-BIG-WIN',
    kind: 'apply',
    category: 'event',
    period: 'once',
    reward: { type: 'fixed', amount: '8800' },
    wageringTenths: 10,
    budget: 5_000_000n,
    texts: {
      EN: {
        title: 'Share your big win',
        terms:
          '<p>Won 100× your stake or more? Send us a screenshot of the win (up to 3 images) with a short comment. Once an operator has checked it, ₱88.00 waits for you in the reward centre.</p><p>Once per member. Wager the reward once before a withdrawal.</p>',
      },
      TY: {
        title: 'Ibahagi ang iyong malaking panalo',
        terms:
          '<p>Nanalo ng 100× ng iyong taya o higit pa? Ipadala sa amin ang screenshot ng panalo (hanggang 3 larawan) kasama ang maikling komento. Kapag nasuri na ng operator, may ₱88.00 na naghihintay sa iyo sa reward centre.</p><p>Isang beses bawat miyembro. Itaya ang reward nang isang beses bago mag-withdraw.</p>',
      },
    },
  },
  {
    // A daily mission: ₱1,000 of valid turnover on slots pays ₱5.00.
    code: 'MISSION-SLOTS-1000',
    kind: 'mission',
    category: 'mission',
    period: 'daily',
    reward: { type: 'mission', goal: 'turnover', product: 'slots', target: '100000', amount: '500' },
    wageringTenths: 10,
    budget: 2_000_000n,
    texts: {
      EN: {
        title: 'Spin ₱1,000 on slots today',
        terms:
          '<p>Reach ₱1,000 of valid turnover on slots today and claim ₱5.00. A new mission every day.</p>',
      },
      TY: {
        title: 'Mag-spin ng ₱1,000 sa slots ngayon',
        terms:
          '<p>Umabot sa ₱1,000 na valid na taya sa slots ngayong araw at kunin ang ₱5.00. May bagong misyon araw-araw.</p>',
      },
    },
  },
  {
    // A weekly slots race: the top five by valid turnover on slots, Monday to Sunday.
    code: 'WEEKLY-SLOTS-RACE',
    kind: 'leaderboard',
    category: 'mission',
    period: 'weekly',
    reward: { type: 'leaderboard', product: 'slots', prizes: ['50000', '30000', '20000', '10000', '10000'] },
    wageringTenths: 10,
    budget: null,
    texts: {
      EN: {
        title: 'Weekly slots race',
        terms:
          '<p>The five players with the most valid turnover on slots from Monday to Sunday win ₱500, ₱300, ₱200, ₱100 and ₱100. Prizes wait in the reward centre after the week closes.</p>',
      },
      TY: {
        title: 'Lingguhang karera sa slots',
        terms:
          '<p>Ang limang manlalarong may pinakamalaking valid na taya sa slots mula Lunes hanggang Linggo ay mananalo ng ₱500, ₱300, ₱200, ₱100 at ₱100. Naghihintay ang premyo sa reward centre pagsara ng linggo.</p>',
      },
    },
  },
];

/** Panalo's VIP club: what reaches each level (₱ deposits and valid turnover) and its level-up bonus. */
const LEVELS: {
  level: number;
  names: Record<string, string>;
  deposits: bigint;
  turnover: bigint;
  bonus: bigint;
  /** What keeps the level through a month (deposits, valid turnover) and its monthly bonus. */
  retain?: { deposits: bigint; turnover: bigint; monthly: bigint };
  /** What may be withdrawn in a day at the level (none: no limit of the level's own). */
  withdrawDaily?: bigint;
}[] = [
  {
    level: 0,
    names: { EN: 'Member', TY: 'Miyembro' },
    deposits: 0n,
    turnover: 0n,
    bonus: 0n,
    withdrawDaily: 10_000_000n,
  },
  {
    level: 1,
    names: { EN: 'Bronze', TY: 'Tanso' },
    deposits: 100_000n,
    turnover: 500_000n,
    bonus: 1_800n,
    withdrawDaily: 20_000_000n,
    retain: { deposits: 50_000n, turnover: 200_000n, monthly: 800n },
  },
  {
    level: 2,
    names: { EN: 'Silver', TY: 'Pilak' },
    deposits: 500_000n,
    turnover: 3_000_000n,
    bonus: 5_800n,
    withdrawDaily: 30_000_000n,
    retain: { deposits: 200_000n, turnover: 1_000_000n, monthly: 2_800n },
  },
  {
    level: 3,
    names: { EN: 'Gold', TY: 'Ginto' },
    deposits: 2_000_000n,
    turnover: 15_000_000n,
    bonus: 18_800n,
    withdrawDaily: 50_000_000n,
    retain: { deposits: 500_000n, turnover: 5_000_000n, monthly: 8_800n },
  },
  {
    level: 4,
    names: { EN: 'Platinum', TY: 'Platinum' },
    deposits: 10_000_000n,
    turnover: 80_000_000n,
    bonus: 58_800n,
    withdrawDaily: 200_000_000n,
    retain: { deposits: 2_000_000n, turnover: 20_000_000n, monthly: 28_800n },
  },
  {
    level: 5,
    names: { EN: 'Diamond', TY: 'Diyamante' },
    deposits: 50_000_000n,
    turnover: 500_000_000n,
    bonus: 188_800n,
    retain: { deposits: 10_000_000n, turnover: 100_000_000n, monthly: 88_800n },
  },
];

/**
 * The demo's promotions, made once; demo01's welcome-back reward is granted by ops01 through the same
 * service an operator's call uses, so it waits in demo01's reward centre, and demo01 has checked in.
 */
export async function seedPromotions(db: Database, clock: Clock): Promise<void> {
  const merchant = await merchantsRepository(db).findByCode('panalo');
  if (!merchant) return;
  const now = clock.now();
  for (const p of PANALO) {
    await db
      .insertInto('promotion')
      .values({
        merchant_id: merchant.id,
        code: p.code,
        kind: p.kind,
        category: p.category,
        texts: JSON.stringify(p.texts),
        period: p.period,
        reward: JSON.stringify(p.reward),
        wagering_multiplier_tenths: p.wageringTenths,
        budget: p.budget,
        starts_at: new Date(now.getTime() - 30 * 86_400_000),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .execute();
  }
  await db
    .insertInto('vip_level')
    .values(
      LEVELS.map((l) => ({
        merchant_id: merchant.id,
        level: l.level,
        names: JSON.stringify(l.names),
        deposits_required: l.deposits,
        turnover_required: l.turnover,
        level_up_bonus: l.bonus,
        retain_deposits: l.retain?.deposits ?? 0n,
        retain_turnover: l.retain?.turnover ?? 0n,
        monthly_bonus: l.retain?.monthly ?? 0n,
        withdraw_daily_amount: l.withdrawDaily ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_id', 'level']).doNothing())
    .execute();
  const [promotion, ops] = await Promise.all([
    db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('code', '=', 'WELCOME-BACK')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('username', '=', 'ops01')
      .executeTakeFirst(),
  ]);
  if (!ops) return;
  const service = promotionsService(db, clock);
  await service.grant(merchant, ops.id, promotion.id, { usernames: ['demo01'], amount: '50.00' });
  // demo01 has checked in today (signed), so its reward centre holds a reward to claim and a signed one.
  const [demo, checkin] = await Promise.all([
    db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('username', '=', 'demo01')
      .executeTakeFirst(),
    db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('code', '=', 'DAILY-CHECKIN')
      .executeTakeFirstOrThrow(),
  ]);
  if (!demo) return;
  await service.checkIn(merchant, demo.id, checkin.id).catch((err: unknown) => {
    // Seeded again on the same day: already checked in.
    if (!(err instanceof DomainError && err.code === 'promotion_already_taken')) throw err;
  });
  // demo01 has applied to the application promotion (a comment, no image): it waits for review.
  const share = await db
    .selectFrom('promotion')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('code', '=', 'SHARE-BIG-WIN')
    .executeTakeFirstOrThrow();
  await applicationService(db, clock, NO_FILES)
    .apply(merchant, demo.id, share.id, { comment: 'Won ₱1,250 on a ₱10 spin of Lucky Dice!', images: [] })
    .catch((err: unknown) => {
      if (!(err instanceof DomainError && err.code === 'application_already_sent')) throw err;
    });
}

/** The seed's application carries no image: it never touches the file store. */
const NO_FILES: FileStore = {
  put: () => Promise.reject(new Error('the seed stores no files')),
  get: () => Promise.resolve(null),
  remove: () => Promise.resolve(),
};
