import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUE_OPS_PATHS } from '@panalo/contract/catalogue-rules';
import { errorBody } from '@panalo/contract/common';
import {
  opsLotteryGameParams,
  opsLotteryGameResponse,
  opsLotteryGamesResponse,
  opsLotteryGameUpdate,
  opsLotteryCancelRequest,
  opsLotteryCancelResponse,
  opsLotteryPeriodParams,
  opsLotteryPeriodsQuery,
  opsLotteryPeriodsResponse,
} from '@panalo/contract/lottery-ops';
import { lotteryOpsService } from './lottery-ops.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['ops', 'lottery'];

/** The console's lottery: games sold, odds and limits, the periods and the proof of their draws. */
export const lotteryOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lottery = lotteryOpsService(app.ctx.db, app.ctx.clock);
  const config = { auth: 'operator' as const, permission: 'games' as const };

  app.get(
    CATALOGUE_OPS_PATHS.lotteryGames,
    {
      config,
      schema: {
        tags,
        summary:
          'The lottery games of this site: sold or not, each bet type’s odds and limits (and defaults)',
        response: { 200: opsLotteryGamesResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await lottery.games(req.merchant) }),
  );

  app.put(
    CATALOGUE_OPS_PATHS.lotteryGame,
    {
      config,
      schema: {
        tags,
        summary:
          'Sell a lottery game or not; set its bet types’ odds and stake limits, the jackpot’s share (all at once; audited)',
        params: opsLotteryGameParams,
        body: opsLotteryGameUpdate,
        response: { 200: opsLotteryGameResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await lottery.setGame(req.merchant, req.session!.memberId, req.params.code, req.body),
    }),
  );

  app.get(
    CATALOGUE_OPS_PATHS.lotteryPeriods,
    {
      config,
      schema: {
        tags,
        summary: 'A lottery game’s periods, newest first: results, the draw’s proof, this site’s bets',
        params: opsLotteryGameParams,
        querystring: opsLotteryPeriodsQuery,
        response: { 200: opsLotteryPeriodsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await lottery.periods(req.merchant, req.params.code, req.query.page, req.query.pageSize),
    }),
  );

  app.post(
    CATALOGUE_OPS_PATHS.lotteryPeriodCancel,
    {
      config,
      schema: {
        tags,
        summary:
          'Cancel this site’s part of a period not drawn yet: its bets refunded to the wallets, closed to its new bets (audited)',
        params: opsLotteryPeriodParams,
        body: opsLotteryCancelRequest,
        response: { 200: opsLotteryCancelResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await lottery.cancelPeriod(
        req.merchant,
        req.session!.memberId,
        req.params.code,
        req.params.numero,
        req.body.reason,
      ),
    }),
  );
};
