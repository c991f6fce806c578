import { LOTTERY_PRIZE_MODES } from '@panalo/contract/lottery-constants';
import type { LotteryPrizeMode } from '@panalo/contract/lottery';

export const LOBBY_ROUTE = '/m/lottery';
export const MORE_ROUTE = '/m/moreLottery';
export const BETTING_ROUTE = '/m/startLottery';
export const VERIFY_ROUTE = '/m/lottery/verify';

/** The betting screen of a game (what the launch answers with as gameUrl for lottoView betting). */
export const bettingUrl = (gameCode: string) => `${BETTING_ROUTE}?code=${encodeURIComponent(gameCode)}`;

export const verifyUrl = (gameCode: string, numero: string) =>
  `${VERIFY_ROUTE}?code=${encodeURIComponent(gameCode)}&numero=${encodeURIComponent(numero)}`;

/** The prize mode from the address (?prize_mode=, as /m/launchGame names it), else normal lottery. */
export function prizeModeParam(value: string | null): LotteryPrizeMode {
  return LOTTERY_PRIZE_MODES.find((m) => m === value) ?? 'Lott';
}

const CODE = /^[A-Z0-9]{2,16}$/;
/** A game code from the address, or null when it is not one (never sent to the API as is). */
export const gameCodeParam = (value: string | null): string | null => {
  const v = value?.trim().toUpperCase() ?? '';
  return CODE.test(v) ? v : null;
};
const NUMERO = /^\d{8}(\d{4})?$/;
export const numeroParam = (value: string | null): string | null =>
  value !== null && NUMERO.test(value) ? value : null;

/**
 * Where the betting screen's back link goes: the launch's backUrl when it is a path of this site (never
 * //host or a scheme), else the lobby.
 */
export function safeBackUrl(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return LOBBY_ROUTE;
  return value;
}
