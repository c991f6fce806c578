import type { GameLaunchReply, GameLaunchRequest } from '@panalo/contract/game-launch';
import type { GameListReply } from '@panalo/contract/games';
import type { LotteryLaunchRequest } from '@panalo/contract/lottery';
import { apiRequest } from '../../../lib/api';

/** POST /api/games/launch: the vendor's game URL with a wallet token in it (API-064). */
export const launchVendorGame = (body: GameLaunchRequest, signal?: AbortSignal) =>
  apiRequest<GameLaunchReply>('POST', '/games/launch', { body, signal });

/** POST /api/lottery/launch: the lottery's betting screen or lobby (API-061..063). */
export const launchLottery = (body: LotteryLaunchRequest, signal?: AbortSignal) =>
  apiRequest<{ gameUrl: string }>('POST', '/lottery/launch', { body, signal });

/** The first game a vendor lists (a hot match names the vendor, not one of its games). */
export const firstGameOf = async (vendor: string, language: string, signal?: AbortSignal) =>
  (
    await apiRequest<GameListReply>('POST', '/games/list', {
      body: { vassalage: vendor, pageNo: 1, pageSize: 1, language, platform: 'html5' },
      signal,
    })
  ).games[0] ?? null;
