import type { Database } from '../database';

type Lang = 'EN' | 'TY';
type Texts = Record<Lang, { title: string; content: string }>;

interface AnnouncementSeed {
  type: 'A' | 'PL' | 'B' | 'PU' | 'PR' | 'H';
  group: string;
  execution?: 'A' | 'B' | 'F';
  promotionType?: string;
  image?: string;
  link?: string;
  texts: Texts;
}

const day = 86_400_000;

function announcements(code: string): AnnouncementSeed[] {
  const brand = code === 'luzon' ? 'Luzon Palace' : 'Panalo';
  return [
    {
      type: 'B',
      group: 'm_home',
      image: `banners/${code}-welcome.svg`,
      link: '/m/activity',
      texts: {
        EN: { title: `Welcome to ${brand}`, content: '<p>100% first deposit bonus up to ₱5,000.</p>' },
        TY: {
          title: `Maligayang pagdating sa ${brand}`,
          content: '<p>100% bonus sa unang deposito hanggang ₱5,000.</p>',
        },
      },
    },
    {
      type: 'B',
      group: 'm_home',
      image: `banners/${code}-lottery.svg`,
      link: '/m/lottery',
      texts: {
        EN: { title: 'Draws every minute', content: '<p>Fast lotto with provably fair draws.</p>' },
        TY: { title: 'May bola bawat minuto', content: '<p>Mabilis na lotto na may patas na bola.</p>' },
      },
    },
    {
      type: 'B',
      group: 'm_home',
      image: `banners/${code}-sports.svg`,
      link: '/m/gameList?gameType=SPORTS',
      texts: {
        EN: {
          title: 'Bet on tonight’s games',
          content: '<p>Basketball, football and esports odds live.</p>',
        },
        TY: {
          title: 'Tumaya sa laro ngayong gabi',
          content: '<p>Basketball, football at esports, live ang odds.</p>',
        },
      },
    },
    {
      type: 'PL',
      group: 'm_home',
      texts: {
        EN: {
          title: 'Scheduled maintenance on Sunday 02:00–03:00',
          content: '<p>Deposits and withdrawals pause for one hour while we upgrade the cashier.</p>',
        },
        TY: {
          title: 'Nakatakdang maintenance sa Linggo 02:00–03:00',
          content: '<p>Pansamantalang hihinto ang deposito at withdrawal nang isang oras.</p>',
        },
      },
    },
    {
      type: 'PL',
      group: 'm_home',
      texts: {
        EN: {
          title: 'New: GCash and Maya deposits credit in seconds',
          content: '<p>Choose GCash or Maya in the cashier.</p>',
        },
        TY: {
          title: 'Bago: GCash at Maya, pasok agad ang deposito',
          content: '<p>Piliin ang GCash o Maya sa cashier.</p>',
        },
      },
    },
    {
      type: 'PU',
      group: 'm_home',
      execution: 'B',
      promotionType: 'WELCOME',
      texts: {
        EN: { title: 'Join today', content: '<p>Register in one minute and claim your welcome bonus.</p>' },
        TY: {
          title: 'Sumali ngayon',
          content: '<p>Magparehistro sa loob ng isang minuto at kunin ang welcome bonus.</p>',
        },
      },
    },
    {
      type: 'PU',
      group: 'm_home',
      execution: 'A',
      promotionType: 'REWARD',
      link: '/m/rewardCenter',
      texts: {
        EN: {
          title: 'Daily rewards are ready',
          content: '<p>Open the reward centre to claim today’s bonus.</p>',
        },
        TY: {
          title: 'Handa na ang pang-araw-araw na gantimpala',
          content: '<p>Buksan ang reward centre para kunin ang bonus ngayon.</p>',
        },
      },
    },
    {
      type: 'PU',
      group: 'm_home',
      execution: 'F',
      promotionType: 'FIRST_LOGIN',
      texts: {
        EN: {
          title: 'First time here?',
          content: '<p>Set a payment password in the security centre before your first withdrawal.</p>',
        },
        TY: {
          title: 'Unang beses mo rito?',
          content: '<p>Mag-set ng payment password sa security centre bago ang unang withdrawal.</p>',
        },
      },
    },
  ];
}

const help: Texts[] = [
  {
    EN: {
      title: 'How do I deposit?',
      content: '<p>Open <b>Deposit</b>, choose a method, enter the amount and follow the steps.</p>',
    },
    TY: {
      title: 'Paano mag-deposito?',
      content:
        '<p>Buksan ang <b>Deposito</b>, pumili ng paraan, ilagay ang halaga at sundin ang mga hakbang.</p>',
    },
  },
  {
    EN: {
      title: 'How long does a withdrawal take?',
      content: '<p>Most withdrawals are paid within 15 minutes after approval.</p>',
    },
    TY: {
      title: 'Gaano katagal ang withdrawal?',
      content: '<p>Karamihan ay naibabayad sa loob ng 15 minuto matapos maaprubahan.</p>',
    },
  },
  {
    EN: {
      title: 'Is the lottery fair?',
      content:
        '<p>Every draw publishes a seed hash before it opens and the seed after; anyone can verify it.</p>',
    },
    TY: {
      title: 'Patas ba ang lotto?',
      content:
        '<p>Bawat bola ay may hash ng seed bago magbukas at ilalabas ang seed pagkatapos; kahit sino ay makakapag-verify.</p>',
    },
  },
];

const agreement: Texts = {
  EN: {
    title: 'User agreement',
    content:
      '<h3>1. Eligibility</h3><p>You must be of legal age to play.</p><h3>2. Accounts</h3><p>One account per person. Keep your password secret.</p><h3>3. Fair play</h3><p>Draw and game outcomes are generated by a verifiable random process.</p>',
  },
  TY: {
    title: 'Kasunduan ng user',
    content:
      '<h3>1. Pagiging karapat-dapat</h3><p>Dapat nasa legal na edad ka para maglaro.</p><h3>2. Mga account</h3><p>Isang account bawat tao. Itago ang iyong password.</p><h3>3. Patas na laro</h3><p>Ang resulta ng bola at laro ay mula sa prosesong random na maaaring i-verify.</p>',
  },
};

const categories: Record<string, string[]> = {
  panalo: ['HOT', 'LOTT', 'SPORTS', 'ESPORTS', 'LIVE', 'RNG', 'FISH', 'PVP', 'INHOUSE', 'COCKFIGHT'],
  luzon: ['HOT', 'LIVE', 'RNG', 'PVP', 'LOTT', 'SPORTS'],
};

const teams: [string, string, string][] = [
  ['PBA Governors’ Cup', 'Manila Eagles', 'Cebu Sharks'],
  ['UAAP Basketball', 'Davao Storm', 'Quezon Knights'],
  ['Premier Football', 'Iloilo United', 'Baguio Peaks'],
];

/** Demo content for one merchant: banners, notices, popups, hot matches, help, agreement, categories. */
export async function seedContent(trx: Database, merchantId: number, code: string, now: Date): Promise<void> {
  for (const [sort, a] of announcements(code).entries()) {
    const { id } = await trx
      .insertInto('announcement')
      .values({
        merchant_id: merchantId,
        type: a.type,
        group_name: a.group,
        platform: 'ALL',
        execution: a.execution ?? null,
        promotion_type: a.promotionType ?? null,
        image_url: a.image ?? null,
        link_url: a.link ?? null,
        sort,
        created_at: new Date(now.getTime() - (10 - sort) * day),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('announcement_i18n')
      .values(
        (['EN', 'TY'] as const).map((lang) => ({
          announcement_id: id,
          merchant_id: merchantId,
          lang,
          ...a.texts[lang],
        })),
      )
      .execute();
  }
  for (const [sort, [league, home, away]] of teams.entries()) {
    const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '-');
    await trx
      .insertInto('hot_match')
      .values({
        merchant_id: merchantId,
        league,
        home_team: home,
        away_team: away,
        home_team_image_url: `teams/${slug(home)}.svg`,
        away_team_image_url: `teams/${slug(away)}.svg`,
        match_time: new Date(now.getTime() + (sort + 1) * 5 * 3600_000),
        vendor: 'SABA',
        room_id: `room-${sort + 1}`,
        node_id: `match-${sort + 1}`,
        sort,
      })
      .execute();
  }
  for (const [sort, texts] of help.entries()) {
    const { id } = await trx
      .insertInto('help_item')
      .values({ merchant_id: merchantId, device: 'MOBILE', sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('help_item_i18n')
      .values(
        (['EN', 'TY'] as const).map((lang) => ({
          help_item_id: id,
          merchant_id: merchantId,
          lang,
          ...texts[lang],
        })),
      )
      .execute();
  }
  await trx
    .insertInto('content_page')
    .values(
      (['EN', 'TY'] as const).map((lang) => ({
        merchant_id: merchantId,
        slug: 'useragreement',
        lang,
        ...agreement[lang],
      })),
    )
    .execute();
  await trx
    .insertInto('game_category')
    .values(
      (categories[code] ?? categories.panalo ?? []).map((c, sort) => ({
        merchant_id: merchantId,
        code: c,
        icon_url: `categories/${c.toLowerCase()}.svg`,
        sort,
        enabled: true,
      })),
    )
    .execute();
}
