import type { z } from 'zod';
import { CATALOGUE_OPS_PATHS } from '@panalo/contract/catalogue-rules';
import type {
  opsLotteryCancelResponse,
  OpsLotteryGame,
  opsLotteryGameUpdate,
  opsLotteryPeriodsResponse,
} from '@panalo/contract/lottery-ops';
import { api } from '../../../lib/api';

export type PeriodPage = z.infer<typeof opsLotteryPeriodsResponse>['value'];
export type LotteryGameSave = z.input<typeof opsLotteryGameUpdate>;
export type CancelResult = z.infer<typeof opsLotteryCancelResponse>['value'];

export const PAGE_SIZE = 20;
const withCode = (path: string, code: string) => path.replace(':code', encodeURIComponent(code));

export const listLotteryGames = () => api<OpsLotteryGame[]>('GET', CATALOGUE_OPS_PATHS.lotteryGames);

/** A game's settings on this site, all at once; the answer is the game as saved. */
export const saveLotteryGame = (code: string, body: LotteryGameSave) =>
  api<OpsLotteryGame>('PUT', withCode(CATALOGUE_OPS_PATHS.lotteryGame, code), { body });

/** A game's periods, newest first. */
export const listPeriods = (code: string, page: number) =>
  api<PeriodPage>('GET', withCode(CATALOGUE_OPS_PATHS.lotteryPeriods, code), {
    query: { page, pageSize: PAGE_SIZE },
  });

/** Cancels this site's part of a period not drawn yet: its bets refunded. */
export const cancelPeriod = (code: string, numero: string, reason: string) =>
  api<CancelResult>(
    'POST',
    withCode(CATALOGUE_OPS_PATHS.lotteryPeriodCancel, code).replace(':numero', encodeURIComponent(numero)),
    { body: { reason } },
  );
