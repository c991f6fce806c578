import { z } from 'zod';
import { ok } from './common';
import { amountString } from './wallet';

/** Page sizes of spec §9: game lists 26, recent lists 25. */
export const GAME_PAGE_SIZE = 26;
export const RECENT_PAGE_SIZE = 25;
/** The hot list is one page (spec §4); this bounds it. */
export const HOT_LIST_LIMIT = 100;
/** Minimum-bet filter options of spec §9 (besides "all"). */
export const MIN_BET_OPTIONS = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;
/** Game selection types of spec §3; any other gameClassify value is a vendor classification code. */
export const GAME_SELECTIONS = ['ALL', 'NEW', 'HOT', 'FAV'] as const;
/** Prize modes of spec §3. */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott'] as const;

/**
 * Category codes a game or vendor can carry: spec §1's categories (as in content's GAME_CATEGORIES)
 * plus ELOTT, the electronic-lottery group the prize-mode rule looks at.
 */
const category = z.string().regex(/^[A-Z][A-Z0-9_]{1,15}$/, 'category');
const vendorCode = z.string().regex(/^[A-Z0-9_]{2,24}$/, 'vassalage');
const lang = z
  .string()
  .regex(/^[A-Za-z_]{2,8}$/, 'language')
  .transform((s) => s.toUpperCase());
const nodeId = z.string().regex(/^[1-9]\d{0,17}$/, 'nodeId');
// Query strings arrive as text and JSON clients may send numbers: both are read as whole numbers.
const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const amountText = z
  .union([z.string().max(16), z.number().nonnegative().max(1_000_000)])
  .transform((v) => String(v))
  .refine((s) => /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/.test(s), 'minBet');

/** A game of spec §3 (ids as strings on the wire). */
export const game = z.object({
  nodeId,
  gameName: z.string().nullable().describe('in the asked language; null → show nodeName'),
  nodeName: z.string(),
  vassalage: z.string().describe('vendor code'),
  gameType: z.string().describe('category code'),
  gameId: z.string().describe("the vendor's game code"),
  roomId: z.string().nullable(),
  showIcon: z.boolean(),
  iconUrl: z.string(),
  supportPlay: z.boolean().describe('free/trial play supported'),
  gameClassifyNew: z.string().nullable().describe('vendor classification code'),
  minBet: z.string().describe('decimal, 2 places'),
  lines: z.number().int().nullable(),
  isNew: z.boolean(),
  hot: z.boolean(),
});
export type Game = z.infer<typeof game>;

/** A game vendor of spec §3. */
export const gameVendor = z.object({
  vassalage: z.string(),
  name: z.string(),
  mobileSmallIcon: z.string(),
  mobileLargeIcon: z.string(),
  gameCategory: z.string(),
  accountTypeName: z.string(),
});
export type GameVendor = z.infer<typeof gameVendor>;
export const vendorsQuery = z.object({
  gameType: category.optional(),
  merchant: z.string().max(32).optional(),
});
export const vendorsResponse = ok(z.array(gameVendor));

/** Vendor config of spec §3: sorting per category (vendorNames with gameType and vassalage) and mapping. */
export const vendorName = z.object({ gameType: z.string(), vassalage: z.string() });
export const categorySorting = z.object({ gameCategory: z.string(), vendorNames: z.array(vendorName) });
export type CategorySorting = z.infer<typeof categorySorting>;
export const vendorConfig = z.object({
  sorting: z.array(categorySorting),
  mapping: z.record(z.string(), z.array(z.string())).describe('category → vassalage codes, in order'),
  prizeMode: z.enum(PRIZE_MODES),
});
export type VendorConfig = z.infer<typeof vendorConfig>;
export const vendorConfigResponse = ok(vendorConfig);

/** Vendor game types (classifications) of one category: `typeId` is the category code. */
export const gameTypesQuery = z.object({
  typeId: category,
  merchant_code: z.string().max(32).optional(),
  language: lang.optional(),
});
export const gameClassification = z.object({
  code: z.string(),
  name: z.string(),
  vassalage: z.string().nullable(),
});
export type GameClassification = z.infer<typeof gameClassification>;
export const gameTypesResponse = ok(z.array(gameClassification));

/** Game list request of spec §3 (`merchant` and `platform` are accepted; the merchant is the host's). */
export const gameListRequest = z.object({
  merchant: z.string().max(32).optional(),
  platform: z.literal('html5').default('html5'),
  gameName: z.string().max(64).optional().describe('search; empty or whitespace-only means none'),
  gameType: category.optional(),
  isNew: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
  pageNo: whole(1, 10_000).default(1),
  pageSize: whole(1, 100).default(GAME_PAGE_SIZE),
  vassalage: vendorCode.optional(),
  gameClassify: z
    .string()
    .regex(/^[A-Z0-9_]{2,24}$/, 'gameClassify')
    .optional(),
  minBet: amountText.optional(),
  minLine: whole(1, 10_000).optional(),
  language: lang.optional(),
});
export type GameListRequest = z.input<typeof gameListRequest>;
export type GameListFilter = z.output<typeof gameListRequest>;
export const gameListReply = z.object({
  games: z.array(game),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
});
export type GameListReply = z.infer<typeof gameListReply>;
export const gameListResponse = ok(gameListReply);

export const hotGamesQuery = z.object({
  isPlatform: z.coerce.number().int().optional(),
  platform: z.literal('html5').default('html5'),
  gameType: category.optional(),
  language: lang.optional(),
});
export const hotGamesResponse = ok(z.array(game));

/** Home's recent-wins feed: how many wins it shows and how far back it looks. */
export const RECENT_WINS_LIMIT = 12;
export const RECENT_WINS_DAYS = 7;
export const recentWinsQuery = z.object({ language: lang.optional() });
/**
 * One win on the site, newest first: a game round or a lottery bet that paid more than its stake. The
 * user name comes masked ("de***01"); `game` names the title in the asked language.
 */
export const recentWin = z.object({
  userName: z.string(),
  game: z.string(),
  product: z.enum(['game', 'lottery']),
  winAmount: amountString,
  at: z.string(),
});
export type RecentWin = z.infer<typeof recentWin>;
export const recentWinsResponse = ok(z.array(recentWin));

export const favouritesQuery = z.object({
  pageNo: whole(1, 10_000).default(1),
  pageSize: whole(1, 100).default(GAME_PAGE_SIZE),
  gameType: category.optional(),
  language: lang.optional(),
});
export const favouritesReply = z.object({
  content: z.array(game),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
});
export type FavouritesReply = z.infer<typeof favouritesReply>;
export const favouritesResponse = ok(favouritesReply);

/** Favourite add (POST body) and remove (DELETE query): nodeId and vendor. */
export const favouriteRequest = z.object({ nodeId, vendor: vendorCode });
export type FavouriteRequest = z.infer<typeof favouriteRequest>;
/** The member's favourite ids after a change, or from the ids fetch: strings (spec §3). */
export const favouriteIdsResponse = ok(z.array(z.string()));

export const recentAddQuery = z.object({ nodeId, vendor: vendorCode.optional() });
export const recentQuery = z.object({
  page: whole(1, 10_000).default(1),
  pageSize: whole(1, 100).default(RECENT_PAGE_SIZE),
  gameType: category.optional(),
  language: lang.optional(),
  clientType: z.coerce.number().int().default(2),
});
export const recentReply = z.object({ list: z.array(game), totalPages: z.number().int() });
export type RecentReply = z.infer<typeof recentReply>;
export const recentResponse = ok(recentReply);

export const artParams = z.object({ file: z.string().regex(/^[1-9]\d{0,17}\.svg$/, 'file') });
export const vendorArtParams = z.object({
  file: z.string().regex(/^[A-Z0-9_]{2,24}(-lg)?\.svg$/, 'file'),
});
