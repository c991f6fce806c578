/** The demo vendors (invented studios; TF and DS88 are spec §3's e-sport and cockfight codes). */
export interface VendorSeed {
  code: string;
  name: string;
  category: string;
  accountTypeName: string;
  colours: string;
  /** The seamless-wallet integration running its games (game_vendor.code); null when not on the wallet (the lottery). */
  wallet: string | null;
  /** Where the vendor config lists it (esports and cockfight sit under SPORTS, spec §4). */
  listedUnder: string;
}

export const SIMULATOR = 'PSIM';
export const INHOUSE_VENDOR = 'PNL';
export const LOTTERY_VENDOR = 'LOTT';

export const VENDORS: readonly VendorSeed[] = [
  v('KSP', 'Kampeon Sports', 'SPORTS', '#0b5394,#ffd966'),
  v('PBS', 'Palaro Bet Sports', 'SPORTS', '#274e13,#93c47d'),
  { ...v('TF', 'Tala Fight Esports', 'ESPORTS', '#20124d,#ff00ff'), listedUnder: 'SPORTS' },
  { ...v('DS88', 'Dugtong Sabong 88', 'COCKFIGHT', '#660000,#f1c232'), listedUnder: 'SPORTS' },
  v('LVA', 'Luzon Live Studios', 'LIVE', '#4c1130,#e6b8af'),
  v('MNL', 'Maynila Live Casino', 'LIVE', '#1c4587,#c9daf8'),
  v('KDG', 'Karagatan Games', 'FISH', '#0c343d,#76a5af'),
  v('BYN', 'Bayani Slots', 'RNG', '#7f6000,#ffe599'),
  v('ARW', 'Araw Gaming', 'RNG', '#b45f06,#fce5cd'),
  v('HMY', 'Himaya Play', 'RNG', '#351c75,#b4a7d6'),
  v('BRH', 'Baraha Cards', 'PVP', '#134f5c,#a2c4c9'),
  // Our own games play on the wallet as the internal vendor of the same code (inhouse-play).
  { ...v(INHOUSE_VENDOR, 'Panalo Originals', 'INHOUSE', '#0f8a5f,#f5b700'), wallet: INHOUSE_VENDOR },
  { ...v(LOTTERY_VENDOR, 'Panalo Lotto', 'LOTT', '#990000,#ffffff'), wallet: null },
];

function v(code: string, name: string, category: string, colours: string): VendorSeed {
  return {
    code,
    name,
    category,
    accountTypeName: category,
    colours,
    wallet: SIMULATOR,
    listedUnder: category,
  };
}

export interface ClassificationSeed {
  category: string;
  code: string;
  vendor: string | null;
  en: string;
  ty: string;
}

const c = (category: string, code: string, en: string, ty: string, vendor: string | null = null) => ({
  category,
  code,
  vendor,
  en,
  ty,
});

/** Vendor classifications (gameClassifyNew) per category: the game-type section and classify menu. */
export const CLASSIFICATIONS: readonly ClassificationSeed[] = [
  c('RNG', 'VIDEO', 'Video slots', 'Video slots'),
  c('RNG', 'CLASSIC', 'Classic slots', 'Klasikong slots'),
  c('RNG', 'MEGAWAYS', 'Megaways', 'Megaways'),
  c('RNG', 'JACKPOT', 'Jackpot', 'Jackpot'),
  c('RNG', 'HOLDWIN', 'Hold & Win', 'Hold & Win'),
  c('RNG', 'TABLE', 'Table games', 'Mga larong mesa'),
  c('LIVE', 'BACCARAT', 'Baccarat', 'Baccarat'),
  c('LIVE', 'ROULETTE', 'Roulette', 'Roulette'),
  c('LIVE', 'SICBO', 'Sic Bo', 'Sic Bo'),
  c('LIVE', 'DRAGONTIGER', 'Dragon Tiger', 'Dragon Tiger'),
  c('LIVE', 'BLACKJACK', 'Blackjack', 'Blackjack'),
  c('PVP', 'TONGITS', 'Tongits', 'Tongits'),
  c('PVP', 'POKER', 'Poker', 'Poker'),
  c('PVP', 'RUMMY', 'Rummy', 'Rummy'),
  c('PVP', 'PUSOY', 'Pusoy', 'Pusoy'),
  c('FISH', 'SHOOTER', 'Fish shooters', 'Pamamaril ng isda', 'KDG'),
  c('FISH', 'ARCADE', 'Arcade', 'Arcade', 'KDG'),
  c('SPORTS', 'ESPORTS', 'Esports', 'Esports'),
];
