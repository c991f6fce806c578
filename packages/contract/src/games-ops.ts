import { z } from 'zod';
import { dbIdString, ok } from './common';
import { CATALOGUE_SORT_MAX, GAME_SHOWN_FILTERS } from './catalogue-rules';

// The operator's game catalogue (issue 20 screen 7): which of the platform's games and vendors this
// site shows, in what order, and which games it marks hot.

export const opsGamesQuery = z.object({
  vendor: z.string().trim().max(32).optional(),
  /** Words of the game's name (any language). */
  q: z.string().trim().max(64).optional(),
  show: z.enum(GAME_SHOWN_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const opsGame = z.object({
  id: dbIdString,
  vendor: z.string(),
  vendorName: z.string(),
  gameId: z.string(),
  name: z.string(),
  /** The game's category (slots, live, fishing…). */
  type: z.string(),
  iconUrl: z.string().nullable(),
  hidden: z.boolean(),
  /** Hidden with all of its vendor's games. */
  vendorHidden: z.boolean(),
  /** Shown as hot here: this site's choice, else the catalogue's. */
  hot: z.boolean(),
  /** This site's choice (null: the catalogue's), and the catalogue's. */
  siteHot: z.boolean().nullable(),
  catalogueHot: z.boolean(),
  /** Position in the lists (lower first): this site's, else the catalogue's. */
  sort: z.number().int(),
  siteSort: z.number().int().nullable(),
  catalogueSort: z.number().int(),
});
export type OpsGame = z.infer<typeof opsGame>;
export const opsGamesResponse = ok(
  z.object({ list: z.array(opsGame), total: z.number().int(), totalPages: z.number().int() }),
);

export const opsGameParams = z.object({ id: dbIdString });
/** Lower first; the catalogue numbers from 0 in each category, so a negative place comes before it. */
const sort = z.number().int().min(-CATALOGUE_SORT_MAX).max(CATALOGUE_SORT_MAX).nullable();
/** A game's settings on this site (null: the catalogue's own). */
export const opsGameUpdate = z.object({ hidden: z.boolean(), hot: z.boolean().nullable(), sort }).strict();
export type OpsGameUpdate = z.infer<typeof opsGameUpdate>;
export const opsGameResponse = ok(opsGame);

export const opsVendor = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  /** Games of the vendor the platform offers. */
  games: z.number().int(),
  hidden: z.boolean(),
  sort: z.number().int(),
  siteSort: z.number().int().nullable(),
  catalogueSort: z.number().int(),
});
export type OpsVendor = z.infer<typeof opsVendor>;
export const opsVendorsResponse = ok(z.array(opsVendor));
export const opsVendorParams = z.object({ code: z.string().trim().min(1).max(32) });
export const opsVendorUpdate = z.object({ hidden: z.boolean(), sort }).strict();
export type OpsVendorUpdate = z.infer<typeof opsVendorUpdate>;
export const opsVendorResponse = ok(opsVendor);
