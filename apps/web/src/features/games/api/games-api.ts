import type {
  FavouriteRequest,
  FavouritesReply,
  Game,
  GameClassification,
  GameListReply,
  GameListRequest,
  GameVendor,
  RecentReply,
  VendorConfig,
} from '@panalo/contract/games';
import { apiGet, apiRequest } from '../../../lib/api';
import { GAME_QUERY } from '../../../lib/constants';
import { GAME_PAGE_SIZE, RECENT_PAGE_SIZE } from '../rules/filter';

export const getVendors = (gameType: string, signal?: AbortSignal) =>
  apiGet<GameVendor[]>('/games/vendors', { query: { gameType }, signal });

export const getVendorConfig = (signal?: AbortSignal) =>
  apiGet<VendorConfig>('/games/vendor-config', { signal });

export const getGameTypes = (typeId: string, language: string, signal?: AbortSignal) =>
  apiGet<GameClassification[]>('/games/types', { query: { typeId, language }, signal });

export const postGameList = (body: GameListRequest, signal?: AbortSignal) =>
  apiRequest<GameListReply>('POST', '/games/list', {
    body: { ...body, platform: GAME_QUERY.platform },
    signal,
  });

export const getHotGames = (gameType: string, language: string, signal?: AbortSignal) =>
  apiGet<Game[]>('/games/hot', {
    query: { isPlatform: 2, platform: GAME_QUERY.platform, gameType, language },
    signal,
  });

export const getFavourites = (gameType: string, language: string, pageNo: number, signal?: AbortSignal) =>
  apiGet<FavouritesReply>('/games/favourites', {
    query: { pageNo, pageSize: GAME_PAGE_SIZE, gameType, language },
    signal,
  });

export const addFavourite = (req: FavouriteRequest) =>
  apiRequest<string[]>('POST', '/games/favourites', { body: req });

export const removeFavourite = (req: FavouriteRequest) =>
  apiRequest<string[]>('DELETE', '/games/favourites', { query: { nodeId: req.nodeId, vendor: req.vendor } });

export const getRecent = (gameType: string, language: string, page: number, signal?: AbortSignal) =>
  apiGet<RecentReply>('/games/recent', {
    query: { page, pageSize: RECENT_PAGE_SIZE, gameType, language, clientType: GAME_QUERY.clientType },
    signal,
  });
