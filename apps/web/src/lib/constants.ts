/**
 * Site configuration of spec §3 and the fixed figures of spec §9 that are configuration, not behaviour:
 * codes the server and the game vendors expect, and timings shared by UI helpers. Rules that use them
 * live beside their features; this file only names the values once.
 */

/** I18N-003/004: the site starts in TY and offers TY and EN (a merchant's bundle may narrow this). */
export const SITE_LANGUAGES = { default: 'TY', supported: ['TY', 'EN'] } as const;

/** CONST-004: prize modes (normal lottery, ZY, electronic lottery). */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** CONST-005: content (announcement and promotion) types. */
export const CONTENT_TYPES = {
  Agent: 'A',
  Player: 'PL',
  Banner: 'B',
  Pop_Up: 'PU',
  Promotion: 'PR',
} as const;
export type ContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];

/** CONST-006: the e-sport game code. */
export const ESPORT_GAME_CODE = 'TF';
/** CONST-007: the cockfight game code. */
export const COCKFIGHT_GAME_CODE = 'DS88';

/** CONST-008: lottery play types. */
export const PLAY_TYPES = ['Tradition', 'Entertainment'] as const;
export type PlayType = (typeof PLAY_TYPES)[number];

/** CONST-009: game selection types. */
export const GAME_SELECTION_TYPES = ['NEW', 'FAV', 'ALL', 'HOT'] as const;
export type GameSelectionType = (typeof GAME_SELECTION_TYPES)[number];

/** CONST-010: module ids the server uses to tell features apart (e.g. VERIFICATION3 for SMS codes). */
export const MODULE_IDS = [
  'COMM3',
  'FUNDTRANS3',
  'AGEANNOUNCE3',
  'MEMTRANS3',
  'PERSPNL3',
  'AGEINFO3',
  'AGEDOWNMAN3',
  'REG3',
  'CAPTCHA3',
  'VERIFICATION3',
  'GAMELO3',
  'GAMELOFAV3',
  'GAMELOREC3',
  'GAMELOHOT3',
] as const;
export type ModuleId = (typeof MODULE_IDS)[number];

/** CONST-011: the fixed part of the game queries (list, hot games, recent games). */
export const GAME_QUERY = { clientType: 2, platform: 'html5' } as const;

/** CONST-014..016: lazy images start within 100 px of the viewport, scroll checks every 300 ms, 200 ms delay. */
export const LAZY_IMAGE = { thresholdPx: 100, scrollThrottleMs: 300, delayMs: 200 } as const;

/** CONST-017: a dialog ignores taps on its mask for this long after opening (the opening tap's echo). */
export const DIALOG_MASK_GUARD_MS = 300;

/** CONST-022: the oldest iOS the app supports, as [major, minor]. */
export const MIN_IOS_VERSION = [12, 4] as const;
