import { INHOUSE_VENDOR, LOTTERY_VENDOR } from './vendors';
import {
  ARENAS,
  ESPORT_EVENTS,
  FISH,
  LIVE_TABLES,
  LOTTERIES,
  PVP,
  SLOT_ADJ,
  SLOT_NOUN,
  SLOT_SUFFIX,
  SPORTS,
} from './words';
import { mulberry32 } from '../../../lib/mulberry32';

/** One demo game as the seed writes it (min bet in minor units). */
export interface GameSeed {
  vendor: string;
  gameId: string;
  gameType: string;
  en: string;
  ty: string;
  roomId: string | null;
  classify: string | null;
  minBet: bigint;
  lines: number | null;
  isNew: boolean;
  hot: boolean;
  supportPlay: boolean;
}

/** The in-house games (another module holds their maths): five games and three slot titles. */
export const INHOUSE_GAMES: readonly [string, string, string][] = [
  ['crash', 'Crash', 'Crash'],
  ['dice', 'Dice', 'Dais'],
  ['mines', 'Mines', 'Mina'],
  ['plinko', 'Plinko', 'Plinko'],
  ['baccarat', 'Baccarat', 'Baccarat'],
  ['pearl-of-manila', 'Pearl of Manila', 'Perlas ng Maynila'],
  ['jeepney-gold', 'Jeepney Gold', 'Gintong Dyip'],
  ['fiesta-fruits', 'Fiesta Fruits', 'Prutas ng Pista'],
];

const MIN_BETS = [1n, 5n, 10n, 50n, 75n, 100n, 500n];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The demo catalogue: 640+ games over every category of spec §1, deterministic. */
export function demoCatalogue(): GameSeed[] {
  const rand = mulberry32(20260601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const games: GameSeed[] = [];
  const add = (g: Omit<GameSeed, 'isNew' | 'hot' | 'minBet' | 'supportPlay'> & Partial<GameSeed>) =>
    games.push({
      isNew: rand() < 0.12,
      hot: rand() < 0.1,
      minBet: pick(MIN_BETS),
      supportPlay: true,
      ...g,
    });

  // Slots: every adjective × noun once, dealt round the three RNG studios, some with a suffix.
  const rngVendors = ['BYN', 'ARW', 'HMY'];
  const rngClasses = ['VIDEO', 'VIDEO', 'CLASSIC', 'MEGAWAYS', 'JACKPOT', 'HOLDWIN', 'TABLE'];
  let n = 0;
  for (const [adjEn, adjTy] of SLOT_ADJ) {
    for (const [nounEn, nounTy] of SLOT_NOUN) {
      const [sufEn, sufTy] = SLOT_SUFFIX[n % SLOT_SUFFIX.length]!;
      const en = `${adjEn} ${nounEn}${sufEn ? ` ${sufEn}` : ''}`;
      const ty = `${adjTy} ${nounTy}${sufTy ? ` ${sufTy}` : ''}`;
      const vendor = rngVendors[n % rngVendors.length]!;
      const classify = sufEn === 'Megaways' ? 'MEGAWAYS' : pick(rngClasses);
      add({
        vendor,
        gameId: `${vendor.toLowerCase()}-${slug(en)}`,
        gameType: 'RNG',
        en,
        ty,
        roomId: null,
        classify,
        lines: classify === 'TABLE' ? null : pick([5, 9, 10, 20, 25, 40, 50, 243]),
      });
      n++;
    }
  }

  for (const [vendor, prefix] of [
    ['LVA', 'Luzon'],
    ['MNL', 'Maynila'],
  ] as const) {
    for (const [code, en, ty, count] of LIVE_TABLES) {
      for (let i = 1; i <= count; i++) {
        add({
          vendor,
          gameId: `${vendor.toLowerCase()}-${code.toLowerCase()}-${i}`,
          gameType: 'LIVE',
          en: `${prefix} ${en} ${i}`,
          ty: `${ty} ${prefix} ${i}`,
          roomId: `${vendor}-${code}-${String(i).padStart(2, '0')}`,
          classify: code,
          lines: null,
          supportPlay: false,
        });
      }
    }
  }

  FISH.forEach(([en, ty], i) =>
    add({
      vendor: 'KDG',
      gameId: `kdg-${slug(en)}`,
      gameType: 'FISH',
      en,
      ty,
      roomId: null,
      classify: i % 4 === 3 ? 'ARCADE' : 'SHOOTER',
      lines: null,
    }),
  );

  for (const [code, en, ty, variants] of PVP) {
    variants.forEach(([vEn, vTy], i) =>
      add({
        vendor: 'BRH',
        gameId: `brh-${code.toLowerCase()}-${i + 1}`,
        gameType: 'PVP',
        en: `${en} ${vEn}`,
        ty: `${ty} ${vTy}`,
        roomId: null,
        classify: code,
        lines: null,
      }),
    );
  }

  for (const vendor of ['KSP', 'PBS']) {
    SPORTS.forEach(([en, ty]) =>
      add({
        vendor,
        gameId: `${vendor.toLowerCase()}-${slug(en)}`,
        gameType: 'SPORTS',
        en: `${vendor === 'KSP' ? 'Kampeon' : 'Palaro'} ${en}`,
        ty: `${ty} ${vendor === 'KSP' ? 'Kampeon' : 'Palaro'}`,
        roomId: null,
        classify: null,
        lines: null,
        supportPlay: false,
      }),
    );
  }
  ESPORT_EVENTS.forEach(([en, ty]) =>
    add({
      vendor: 'TF',
      gameId: `tf-${slug(en)}`,
      gameType: 'ESPORTS',
      en,
      ty,
      roomId: null,
      classify: null,
      lines: null,
      supportPlay: false,
    }),
  );
  ARENAS.forEach(([en, ty], i) =>
    add({
      vendor: 'DS88',
      gameId: `ds88-arena-${i + 1}`,
      gameType: 'COCKFIGHT',
      en,
      ty,
      roomId: `DS88-${i + 1}`,
      classify: null,
      lines: null,
      supportPlay: false,
    }),
  );

  INHOUSE_GAMES.forEach(([gameId, en, ty], i) =>
    add({
      vendor: INHOUSE_VENDOR,
      gameId,
      gameType: 'INHOUSE',
      en,
      ty,
      roomId: null,
      classify: null,
      lines: gameId.includes('-') ? 20 : null,
      minBet: 10n,
      isNew: i >= 5,
      hot: i < 3,
    }),
  );
  LOTTERIES.forEach(([code, en, ty]) =>
    add({
      vendor: LOTTERY_VENDOR,
      gameId: code,
      gameType: 'LOTT',
      en,
      ty,
      roomId: null,
      classify: null,
      lines: null,
      supportPlay: false,
    }),
  );
  return games;
}
