import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@panalo/contract/common';
import {
  cancelSuborderRequest,
  cancelSuborderResponse,
  gameMenusQuery,
  gameMenusResponse,
  lotteryLaunchRequest,
  lotteryLaunchResponse,
  lotteryListQuery,
  lotteryListResponse,
  lotteryMenuQuery,
  lotteryMenuResponse,
  lotteryOrderResponse,
  lotteryOrdersQuery,
  lotteryOrdersResponse,
  lotteryResultsQuery,
  lotteryResultsResponse,
  myBetsQuery,
  myBetsResponse,
  openedNumerosQuery,
  openedNumerosResponse,
  placeBetsRequest,
  placeBetsResponse,
  popularLotteryQuery,
  popularLotteryResponse,
  verifyPeriodQuery,
  verifyPeriodResponse,
  winnerBoardQuery,
  winnerBoardResponse,
} from '@panalo/contract/lottery';
import { DomainError } from '../../lib/domain-error';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';
import { findGame } from './engine/registry';
import { myBets, placeBets, soldGame, type Player } from './lottery.bets';
import { lotteryLobby } from './lottery.lobby';
import { cancelSuborder, listOrders, orderDetail } from './lottery.orders';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['lottery'];

/** A small badge for a game's card (ours, drawn here: no image files to ship). */
function iconSvg(code: string): string {
  const hue = [...code].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  const label = code
    .replace(/^WINGO/, 'W')
    .replace(/^JACKPOT/, 'J')
    .slice(0, 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${code}"><circle cx="48" cy="48" r="46" fill="hsl(${hue} 70% 42%)"/><circle cx="48" cy="48" r="36" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/><text x="48" y="57" font-family="sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="#fff">${label}</text></svg>`;
}

/** The lottery: lobby reads (public, merchant-bounded), launch, bets (members and trial), verification, stream. */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const lobby = lotteryLobby(db);
  // Result histories, popular picks and winners may be a moment old: read from the replica (issue 54).
  const history = lotteryLobby(app.ctx.reads.db);
  const player = (req: FastifyRequest): Player => ({
    merchantId: req.merchant.id,
    memberId: req.session!.memberId,
    memberType: req.session!.type,
    currency: req.merchant.currency,
  });
  const ok = <T>(value: T) => ({ success: true as const, value });

  app.get(
    '/lottery/list',
    {
      schema: {
        tags,
        summary: 'Lottery list (prizeMode)',
        querystring: lotteryListQuery,
        response: { 200: lotteryListResponse, ...errors },
      },
    },
    async (req) =>
      ok(await lobby.list(req.merchant.id, req.query.prizeMode, req.query.language, clock.now())),
  );

  app.get(
    '/lottery/menu',
    {
      schema: {
        tags,
        summary: 'Lottery menu: groups (HOT, FAV, then the merchant’s) each with gameMenus',
        querystring: lotteryMenuQuery,
        response: { 200: lotteryMenuResponse, ...errors },
      },
    },
    async (req) =>
      ok(await lobby.menu(req.merchant.id, req.query.prizeMode, req.query.language, clock.now())),
  );

  app.get(
    '/lottery/gameMenus',
    {
      schema: {
        tags,
        summary: 'A game’s bet types with this merchant’s odds and limits, and the current period',
        querystring: gameMenusQuery,
        response: { 200: gameMenusResponse, ...errors },
      },
    },
    async (req) =>
      ok(await lobby.gameMenus(req.merchant.id, req.query.gameCode, req.query.language, clock.now())),
  );

  app.get(
    '/lottery/results',
    {
      schema: {
        tags,
        summary: 'Recent results of a game, newest first',
        querystring: lotteryResultsQuery,
        response: { 200: lotteryResultsResponse, ...errors },
      },
    },
    async (req) =>
      ok(await history.results(req.merchant.id, req.query.gameCode, req.query.pageNo, req.query.pageSize)),
  );

  app.get(
    '/lottery/numeros',
    {
      schema: {
        tags,
        summary: 'Opened numeros: the period on sale and the ones after it',
        querystring: openedNumerosQuery,
        response: { 200: openedNumerosResponse, ...errors },
      },
    },
    async (req) => ok(await lobby.numeros(req.merchant.id, req.query.gameCode, req.query.count, clock.now())),
  );

  app.get(
    '/lottery/popular',
    {
      schema: {
        tags,
        summary: 'Popular lottery: most stake in the last 24 hours',
        querystring: popularLotteryQuery,
        response: { 200: popularLotteryResponse, ...errors },
      },
    },
    async (req) =>
      ok(
        await history.popular(
          req.merchant.id,
          req.query.prizeMode,
          req.query.language,
          req.query.size,
          clock.now(),
        ),
      ),
  );

  app.get(
    '/lottery/winners',
    {
      schema: {
        tags,
        summary: 'Winner board: biggest wins of the last 7 days, highest first',
        querystring: winnerBoardQuery,
        response: { 200: winnerBoardResponse, ...errors },
      },
    },
    async (req) =>
      ok(
        await history.winners(
          req.merchant.id,
          req.query.gameCode,
          req.query.language,
          req.query.size,
          clock.now(),
        ),
      ),
  );

  app.get(
    '/lottery/verify',
    {
      schema: {
        tags,
        summary: 'A period’s commitment, revealed seed, result and the recomputed result (public)',
        querystring: verifyPeriodQuery,
        response: { 200: verifyPeriodResponse, ...errors },
      },
    },
    async (req) => ok(await lobby.verify(req.merchant.id, req.query.gameCode, req.query.numero, clock.now())),
  );

  app.post(
    '/lottery/launch',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Launch the lottery: the URL of the betting screen or the lobby',
        body: lotteryLaunchRequest,
        response: { 200: lotteryLaunchResponse, ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.lottoView === 'lobby' && b.lottoGameCode === '') return ok({ gameUrl: '/m/lottery' });
      if (!findGame(b.lottoGameCode))
        throw new DomainError('lottery_game_unknown', 404, 'This lottery game is not available');
      await soldGame(db, req.merchant.id, b.lottoGameCode);
      if (b.lottoView === 'lobby') return ok({ gameUrl: '/m/lottery' });
      const back = b.backUrl ? `&backUrl=${encodeURIComponent(b.backUrl)}` : '';
      return ok({ gameUrl: `/m/startLottery?code=${encodeURIComponent(b.lottoGameCode)}${back}` });
    },
  );

  app.post(
    '/lottery/bets',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Place an order (Idempotency-Key header): selections on a period and its follow periods',
        body: placeBetsRequest,
        response: { 200: placeBetsResponse, ...errors },
      },
    },
    async (req) => {
      const key = requireIdempotencyKey(req);
      return ok(await placeBets(db, clock, player(req), req.body, key));
    },
  );

  app.get(
    '/lottery/bets',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'My bets, newest first',
        querystring: myBetsQuery,
        response: { 200: myBetsResponse, ...errors },
      },
    },
    async (req) => ok(await myBets(db, player(req), req.query)),
  );

  app.get(
    '/lottery/orders',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'My orders, newest first, each with its suborders (one per period)',
        querystring: lotteryOrdersQuery,
        response: { 200: lotteryOrdersResponse, ...errors },
      },
    },
    async (req) => ok(await listOrders(db, clock, player(req), req.query)),
  );

  const orderParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'id') });
  app.get(
    '/lottery/orders/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'One of my orders with every bet of each suborder',
        params: orderParams,
        response: { 200: lotteryOrderResponse, ...errors },
      },
    },
    async (req) => ok(await orderDetail(db, clock, player(req), BigInt(req.params.id))),
  );

  app.post(
    '/lottery/orders/:id/cancel',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Cancel one suborder before its period locks (Idempotency-Key header): the stake comes back',
        params: orderParams,
        body: cancelSuborderRequest,
        response: { 200: cancelSuborderResponse, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const r = await cancelSuborder(db, clock, player(req), BigInt(req.params.id), req.body.numero, key);
      return sendIdempotent(reply, r);
    },
  );

  app.get(
    '/lottery/icon/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[A-Z0-9]{2,16}\.svg$/) }) } },
    async (req, reply) => {
      const code = req.params.file.replace(/\.svg$/, '');
      if (!findGame(code)) throw new DomainError('not_found', 404, 'Not found');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(iconSvg(code));
    },
  );
};
