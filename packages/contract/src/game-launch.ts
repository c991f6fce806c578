import { z } from 'zod';
import { ok } from './common';

export const gameLaunchPaths = {
  /** POST, member (trial too, with play money): gameLaunchRequest → gameLaunchResponse. */
  launch: '/api/games/launch',
} as const;

/** The generic launcher's route of spec §2/§4 (/m/launchGame) and where the member comes back to. */
export const LAUNCH_GAME_ROUTE = '/m/launchGame';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * Spec §4's generic launcher: category, vendor, gameId, nodeId and supportPlay of a catalogue tile,
 * plus the device, the language the game should speak and the page of this site to come back to.
 */
export const gameLaunchRequest = z.object({
  category: z.string().regex(/^[A-Z][A-Z0-9_]{1,15}$/, 'category'),
  vendor: z.string().regex(/^[A-Z0-9_]{2,24}$/, 'vassalage'),
  gameId: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'gameId'),
  nodeId: z.string().regex(/^[1-9]\d{0,17}$/, 'nodeId'),
  /** As the tile says; the server goes by the catalogue's own flag. */
  supportPlay: flag.optional(),
  device: z.enum(['MOBILE', 'PC']).default('MOBILE'),
  language: z
    .string()
    .regex(/^[A-Za-z_]{2,8}$/, 'language')
    .transform((s) => s.toUpperCase())
    .optional(),
  /** A path of this site (`/m/...`); anything else is replaced by the game list of the category. */
  backUrl: z.string().max(512).default(''),
});
export type GameLaunchRequest = z.input<typeof gameLaunchRequest>;
export type GameLaunch = z.output<typeof gameLaunchRequest>;

/** The address to send the browser to: the vendor's game page, with a launch token in it. */
export const gameLaunchReply = z.object({ gameUrl: z.string() });
export type GameLaunchReply = z.infer<typeof gameLaunchReply>;
export const gameLaunchResponse = ok(gameLaunchReply);
