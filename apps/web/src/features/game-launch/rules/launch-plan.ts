import type { GameLaunchRequest } from '@panalo/contract/game-launch';
import type { LotteryLaunchRequest, LotteryPrizeMode } from '@panalo/contract/lottery';

/** What /m/launchGame was asked to open, read from its address (spec §2 route list, §4 launch routing). */
export type LaunchPlan =
  | { kind: 'vendor'; request: GameLaunchRequest; back: string }
  | { kind: 'lottery'; request: LotteryLaunchRequest; back: string }
  /** A vendor named without a game (e.g. a hot match): its first game is launched. */
  | { kind: 'vendorLobby'; vendor: string; back: string }
  | { kind: 'invalid'; back: string };

export const HOME_ROUTE = '/m/home';
const PRIZE_MODES: readonly LotteryPrizeMode[] = ['Lott', 'Elott', 'ZY'];
const LOTTERY_VENDORS = ['LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA'];
const VENDOR = /^[A-Z0-9_]{2,24}$/;
const CATEGORY = /^[A-Z][A-Z0-9_]{1,15}$/;
const GAME_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const NODE_ID = /^[1-9]\d{0,17}$/;
const LOTTERY_CODE = /^[A-Za-z0-9]{2,16}$/;

const listOf = (category: string) => `/m/gameList?gameType=${encodeURIComponent(category)}`;

/**
 * Reads the launcher's address. Lottery forms (SHELL-034/035, GAMES-049/050): `playType=trad&prize_mode=
 * &code=` (code defaults to lobby) or `launcher=lottery&gameCode=lobby`; they launch the lottery with
 * lottoView betting when a game code is given, else lobby (API-061/062). The generic form (GAMES-051):
 * `category, vendor, gameId, nodeId, supportPlay`.
 */
export function launchPlan(params: URLSearchParams, language: string): LaunchPlan {
  const get = (k: string) => params.get(k)?.trim() ?? '';
  const vendor = get('vendor').toUpperCase();
  const pageBack = get('pageBack') === 'home' ? HOME_ROUTE : null;
  const isLottery =
    get('playType') !== '' ||
    get('prize_mode') !== '' ||
    get('launcher') === 'lottery' ||
    LOTTERY_VENDORS.includes(vendor) ||
    // No game named at all: the lottery with code lobby (SHELL-035).
    (vendor === '' && get('category') === '' && get('gameId') === '' && get('nodeId') === '');
  if (isLottery) {
    const back = pageBack ?? '/m/lottery';
    const raw = get('code') || get('gameCode') || 'lobby';
    const lobby = raw.toLowerCase() === 'lobby';
    if (!lobby && !LOTTERY_CODE.test(raw)) return { kind: 'invalid', back };
    const mode = PRIZE_MODES.find((m) => m.toLowerCase() === get('prize_mode').toLowerCase());
    return {
      kind: 'lottery',
      back,
      request: {
        lottoArea: 'VN',
        launchMode: 'LOTT',
        lottoPrizeMode: mode ?? (vendor === 'ELOTT' ? 'Elott' : 'Lott'),
        lottoGameCode: lobby ? '' : raw.toUpperCase(),
        lottoView: lobby ? 'lobby' : 'betting',
        device: 'MOBILE',
        backUrl: back,
        language,
      },
    };
  }
  const category = get('category').toUpperCase();
  const gameId = get('gameId');
  const nodeId = get('nodeId');
  if (VENDOR.test(vendor) && CATEGORY.test(category) && GAME_ID.test(gameId) && NODE_ID.test(nodeId)) {
    const back = pageBack ?? listOf(category);
    return {
      kind: 'vendor',
      back,
      request: {
        category,
        vendor,
        gameId,
        nodeId,
        supportPlay: get('supportPlay') !== 'false',
        device: 'MOBILE',
        language,
        backUrl: back,
      },
    };
  }
  if (VENDOR.test(vendor) && gameId === '' && nodeId === '')
    return { kind: 'vendorLobby', vendor, back: pageBack ?? HOME_ROUTE };
  return { kind: 'invalid', back: pageBack ?? HOME_ROUTE };
}

/** Same-site paths open inside the app; a vendor's page is another site, so the browser goes there. */
export const isSitePath = (url: string) =>
  url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

/** The browser's own navigation, behind an object so tests can watch it. */
export const browser = {
  /**
   * Replaces /m/launchGame in the history with the game: the game's back button (or the browser's)
   * then returns to where the player came from instead of relaunching the game.
   */
  leaveTo(url: string) {
    window.location.replace(url);
  },
};
