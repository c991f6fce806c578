import type { Brand, Texts } from './types';

export interface AnnouncementSeed {
  type: 'A' | 'PL' | 'B' | 'PU' | 'PR' | 'H';
  group: 'm_home' | 'm_reg';
  execution?: 'A' | 'B' | 'F';
  promotionType?: string;
  image?: string;
  link?: string;
  /** Written this many days before the seed time. */
  ageDays: number;
  /** Live from / until this many days after the seed time (negative: in the past); absent = always. */
  startsInDays?: number;
  endsInDays?: number;
  texts: Texts;
}

function banners(b: Brand): AnnouncementSeed[] {
  return [
    {
      type: 'B',
      group: 'm_home',
      image: `banners/${b.code}-welcome.webp`,
      link: '/m/activity',
      ageDays: 30,
      texts: {
        EN: {
          title: `Welcome to ${b.name}`,
          // The offer's figures come from the promotion itself, filled in when served (#49 item 1); a
          // brand without the offer promises none.
          content: b.welcomeOffer
            ? '<p>{{promotion:FIRST-DEPOSIT-100.percent}} first deposit bonus up to {{promotion:FIRST-DEPOSIT-100.max}}.</p>'
            : '<p>Lotto draws every minute, slots, live casino and sports in one wallet.</p>',
        },
        TY: {
          title: `Maligayang pagdating sa ${b.name}`,
          content: b.welcomeOffer
            ? '<p>{{promotion:FIRST-DEPOSIT-100.percent}} bonus sa unang deposito hanggang {{promotion:FIRST-DEPOSIT-100.max}}.</p>'
            : '<p>Lotto bawat minuto, slots, live casino at sports sa iisang wallet.</p>',
        },
      },
    },
    {
      type: 'B',
      group: 'm_home',
      image: `banners/${b.code}-lottery.webp`,
      link: '/m/lottery',
      ageDays: 20,
      texts: {
        EN: { title: 'Draws every minute', content: '<p>Fast lotto with provably fair draws.</p>' },
        TY: {
          title: 'May bola bawat minuto',
          content: '<p>Mabilis na lotto na may patas na bola.</p>',
        },
      },
    },
    {
      type: 'B',
      group: 'm_home',
      image: `banners/${b.code}-sports.webp`,
      link: '/m/gameList?gameType=SPORTS',
      ageDays: 10,
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
      type: 'B',
      group: 'm_reg',
      image: `banners/${b.code}-welcome.webp`,
      ageDays: 30,
      texts: {
        EN: {
          title: 'Sign up in one minute',
          content: b.welcomeOffer
            ? '<p>Create your account: your first deposit gets a {{promotion:FIRST-DEPOSIT-100.percent}} bonus, up to {{promotion:FIRST-DEPOSIT-100.max}}.</p>'
            : '<p>Create your account and play in a minute.</p>',
        },
        TY: {
          title: 'Mag-sign up sa loob ng isang minuto',
          content: b.welcomeOffer
            ? '<p>Gumawa ng account: may {{promotion:FIRST-DEPOSIT-100.percent}} na bonus ang unang deposito mo, hanggang {{promotion:FIRST-DEPOSIT-100.max}}.</p>'
            : '<p>Gumawa ng account at maglaro sa loob ng isang minuto.</p>',
        },
      },
    },
  ];
}

function notices(b: Brand): AnnouncementSeed[] {
  const lastNotice: AnnouncementSeed =
    b.code === 'luzon'
      ? {
          type: 'PL',
          group: 'm_home',
          ageDays: 1.15,
          texts: {
            EN: {
              title: 'Live baccarat tables now open around the clock',
              content:
                '<p>Six new live baccarat and roulette tables are streaming 24/7 from our Manila studio.</p><p>Find them under <b>Live</b> on the home page.</p>',
            },
            TY: {
              title: 'Bukas na buong araw ang mga live baccarat table',
              content:
                '<p>Anim na bagong live baccarat at roulette table ang naka-stream nang 24/7 mula sa aming studio sa Maynila.</p><p>Hanapin sila sa <b>Live</b> sa home page.</p>',
            },
          },
        }
      : {
          type: 'PL',
          group: 'm_home',
          ageDays: 1.15,
          texts: {
            EN: {
              title: 'New game: Pick 3 draws every minute',
              content:
                '<p>Pick three digits and win up to 900× your stake. A new draw starts every minute, day and night.</p><p>Each draw’s seed hash is published before betting opens.</p>',
            },
            TY: {
              title: 'Bagong laro: Pick 3, may bola bawat minuto',
              content:
                '<p>Pumili ng tatlong numero at manalo ng hanggang 900× ng iyong taya. May bagong bola bawat minuto, araw man o gabi.</p><p>Inilalabas ang hash ng seed bago magbukas ang taya.</p>',
            },
          },
        };
  return [
    {
      type: 'H',
      group: 'm_home',
      ageDays: 0.06,
      texts: {
        EN: {
          title: `${b.name}: deposits and withdrawals 24/7 with GCash and Maya`,
          content: '<p>Cash in and cash out any time, most requests done in minutes.</p>',
        },
        TY: {
          title: `${b.name}: deposito at withdrawal 24/7 gamit ang GCash at Maya`,
          content:
            '<p>Mag-cash in at mag-cash out kahit kailan; karamihan ay tapos sa loob ng ilang minuto.</p>',
        },
      },
    },
    {
      type: 'PL',
      group: 'm_home',
      ageDays: 6.3,
      texts: {
        EN: {
          title: 'Scheduled maintenance on Sunday 02:00–03:00',
          content:
            '<p>Deposits and withdrawals pause for one hour while we upgrade the cashier. Games and lotto stay open.</p>',
        },
        TY: {
          title: 'Nakatakdang maintenance sa Linggo 02:00–03:00',
          content:
            '<p>Pansamantalang hihinto ang deposito at withdrawal nang isang oras habang ina-upgrade ang cashier. Bukas pa rin ang mga laro at lotto.</p>',
        },
      },
    },
    {
      type: 'PL',
      group: 'm_home',
      ageDays: 4.62,
      texts: {
        EN: {
          title: 'New: GCash and Maya deposits credit in seconds',
          content: `<p>Choose GCash or Maya in the cashier. The minimum deposit is ${b.minDeposit}.</p>`,
        },
        TY: {
          title: 'Bago: GCash at Maya, pasok agad ang deposito',
          content: `<p>Piliin ang GCash o Maya sa cashier. Ang pinakamababang deposito ay ${b.minDeposit}.</p>`,
        },
      },
    },
    {
      type: 'PL',
      group: 'm_home',
      ageDays: 3.21,
      texts: {
        EN: {
          title: 'Beware of scams: we never ask for your password or OTP',
          content:
            '<p>Our staff will never ask for your password, payment password or SMS code, by chat, call or social media.</p><p>Only use the customer-service links inside this site.</p>',
        },
        TY: {
          title: 'Mag-ingat sa scam: hindi namin hihingin ang password o OTP mo',
          content:
            '<p>Hindi kailanman hihingin ng aming staff ang iyong password, payment password o SMS code, sa chat, tawag o social media man.</p><p>Gamitin lang ang mga customer-service link sa loob ng site na ito.</p>',
        },
      },
    },
    {
      type: 'PL',
      group: 'm_home',
      ageDays: 2.45,
      texts: {
        EN: {
          title: 'Play responsibly: set your own deposit limit',
          content:
            '<p>You can set a daily, weekly or monthly deposit limit, or take a break, from the security centre.</p>',
        },
        TY: {
          title: 'Maglaro nang responsable: itakda ang sariling deposit limit',
          content:
            '<p>Maaari kang magtakda ng pang-araw-araw, lingguhan o buwanang deposit limit, o magpahinga muna, sa security centre.</p>',
        },
      },
    },
    lastNotice,
    // Out of its window at seed time: one finished, one not started yet.
    {
      type: 'PL',
      group: 'm_home',
      ageDays: 12,
      endsInDays: -5,
      texts: {
        EN: { title: 'Holiday cashback has ended', content: '<p>Thank you for playing with us.</p>' },
        TY: {
          title: 'Tapos na ang holiday cashback',
          content: '<p>Salamat sa paglalaro kasama namin.</p>',
        },
      },
    },
    {
      type: 'PL',
      group: 'm_home',
      ageDays: 0,
      startsInDays: 3,
      texts: {
        EN: {
          title: 'Mid-year mega draw opens this weekend',
          content: '<p>One ticket with every ₱1,000 deposited.</p>',
        },
        TY: {
          title: 'Magbubukas ngayong weekend ang mid-year mega draw',
          content: '<p>Isang tiket sa bawat ₱1,000 na deposito.</p>',
        },
      },
    },
  ];
}

const popups: AnnouncementSeed[] = [
  {
    type: 'PU',
    group: 'm_home',
    execution: 'B',
    promotionType: 'WELCOME',
    ageDays: 7,
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
    ageDays: 5,
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
    ageDays: 5,
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

const agentNotices: AnnouncementSeed[] = [
  {
    type: 'A',
    group: 'm_home',
    ageDays: 3,
    texts: {
      EN: {
        title: 'Team rebate is paid every day',
        content:
          '<p>Yesterday’s team rebate is credited to your wallet shortly after midnight. See it in Agent rebate income.</p>',
      },
      TY: {
        title: 'Araw-araw ang bayad ng rebate ng team',
        content:
          '<p>Ang rebate ng team kahapon ay ipinapasok sa iyong wallet pagkalipas ng hatinggabi. Tingnan ito sa Agent rebate income.</p>',
      },
    },
  },
  {
    type: 'A',
    group: 'm_home',
    ageDays: 1,
    texts: {
      EN: {
        title: 'New: invitation links with their own rebate and expiry',
        content:
          '<p>Open an account → Invitation links: make a link, copy it and share it. Whoever registers through it joins your team at the link’s rates.</p>',
      },
      TY: {
        title: 'Bago: mga invitation link na may sariling rebate at expiry',
        content:
          '<p>Magbukas ng account → Mga invitation link: gumawa ng link, kopyahin at ibahagi. Ang magre-register dito ay sasali sa team mo sa rate ng link.</p>',
      },
    },
  },
];

/** Banners, the headline, player and agent notices and the login popups of one merchant. */
export function announcementSeeds(b: Brand): AnnouncementSeed[] {
  return [...banners(b), ...notices(b), ...popups, ...agentNotices];
}
