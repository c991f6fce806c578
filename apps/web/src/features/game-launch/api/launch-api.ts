import type { GameLaunchReply, GameLaunchRequest } from '@panalo/contract/game-launch';
import type { GameListReply, GameListRequest } from '@panalo/contract/games';
import type { LotteryLaunchRequest } from '@panalo/contract/lottery';
import { apiRequest } from '../../../lib/api';

/** POST /api/games/launch: the vendor's game URL with a wallet token in it (API-064). */
export const launchVendorGame = (body: GameLaunchRequest, signal?: AbortSignal) =>
  apiRequest<GameLaunchReply>('POST', '/games/launch', { body, signal });

/** POST /api/lottery/launch: the lottery's betting screen or lobby (API-061..063). */
export const launchLottery = (body: LotteryLaunchRequest, signal?: AbortSignal) =>
  apiRequest<{ gameUrl: string }>('POST', '/lottery/launch', { body, signal });

const firstGame = async (body: GameListRequest, signal?: AbortSignal) =>
  (
    await apiRequest<GameListReply>('POST', '/games/list', {
      body: { ...body, pageNo: 1, pageSize: 1, platform: 'html5' },
      signal,
    })
  ).games[0] ?? null;

/**
 * The game a hot match opens: the first game its vendor lists, else (a vendor this catalogue does not
 * carry) the first sports game, so that a match on the home page never leads nowhere.
 */
export const firstGameOf = async (vendor: string, language: string, signal?: AbortSignal) =>
  (await firstGame({ vassalage: vendor, language }, signal)) ??
  (await firstGame({ gameType: 'SPORTS', language }, signal));
