import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@panalo/contract/common';
import {
  inhouseGameParams,
  inhouseGamesResponse,
  inhousePlayRequest,
  inhousePlayResponse,
  minesCashOutRequest,
  minesOpenResponse,
  minesRevealRequest,
  minesStartRequest,
  minesStepResponse,
  rotateRequest,
  roundIdParams,
  rotateResponse,
  roundsResponse,
  seedResponse,
  verifiedRoundResponse,
  verifyRequest,
  verifyResponse,
} from '@panalo/contract/inhouse';
import { catalogueGameCheck } from '../games/games.known-game';
import { gameWalletService } from '../game-wallet/game-wallet.service';
import { vendorResolver } from '../game-wallet/vendor-auth';
import { requireIdempotencyKey } from '../wallet/money-request';
import { inhouseMinesService } from './inhouse-mines.service';
import { inhouseCatalogue, inhousePlayService } from './inhouse-play.service';
import { roundSettler } from './inhouse-play.settle';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
const tags = ['in-house games'];

/** Our own games: seeds, play, the last rounds, and the public verification of any round. */
export const inhousePlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const wallet = gameWalletService(db, clock, { knownGame: catalogueGameCheck(db) });
  const settler = roundSettler(db, clock, wallet, vendorResolver(db));
  const play = inhousePlayService(db, clock, settler);
  const mines = inhouseMinesService(db, clock, settler);
  const player = (req: FastifyRequest) => ({
    merchantId: req.merchant.id,
    memberId: req.session!.memberId,
    memberType: req.session!.type,
    currency: req.merchant.currency,
  });

  const catalogue = inhouseCatalogue();
  app.get(
    '/inhouse/games',
    {
      schema: {
        tags,
        summary: 'Our games: stated return to player, bet bounds and help (public)',
        response: { 200: inhouseGamesResponse, ...errors },
      },
    },
    async () => ({ success: true as const, value: catalogue }),
  );

  app.get(
    '/inhouse/seed',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The live seed pair: server seed hash, client seed, next nonce',
        response: { 200: seedResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await play.seed(player(req)) }),
  );

  app.post(
    '/inhouse/seed/rotate',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary:
          'Reveal the server seed of the live pair and commit a new one (optionally a new client seed)',
        body: rotateRequest,
        response: { 200: rotateResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await play.rotate(player(req), req.body.clientSeed) }),
  );

  app.post(
    '/inhouse/:game/play',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Play one round (Idempotency-Key header; a repeat returns the first round)',
        params: inhouseGameParams,
        body: inhousePlayRequest,
        response: { 200: inhousePlayResponse, ...errors },
      },
    },
    async (req) => {
      const key = requireIdempotencyKey(req);
      return { success: true as const, value: await play.play(player(req), req.params.game, req.body, key) };
    },
  );

  app.get(
    '/inhouse/:game/rounds',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The member’s last 10 rounds of a game, newest first',
        params: inhouseGameParams,
        response: { 200: roundsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await play.rounds(player(req), req.params.game) }),
  );

  app.post(
    '/inhouse/verify',
    {
      schema: {
        tags,
        summary: 'Recompute a round from its revealed server seed, client seed, nonce and bet (public)',
        body: verifyRequest,
        response: { 200: verifyResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: play.verify(req.body) }),
  );

  app.get(
    '/inhouse/rounds/:id/verify',
    {
      schema: {
        tags,
        summary: 'A stored round recomputed from its revealed seed: hash and outcome checked (public)',
        params: roundIdParams,
        response: { 200: verifiedRoundResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await play.verifyStored(req.merchant.id, req.params.id),
    }),
  );

  app.get(
    '/inhouse/mines/round',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The member’s open mines round (resumed with the same board), or null',
        response: { 200: minesOpenResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await mines.open(player(req)) }),
  );

  app.post(
    '/inhouse/mines/start',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Open a mines round: board drawn from the committed seeds, stake debited (Idempotency-Key)',
        body: minesStartRequest,
        response: { 200: minesStepResponse, ...errors },
      },
    },
    async (req) => {
      const key = requireIdempotencyKey(req);
      return { success: true as const, value: await mines.start(player(req), req.body, key) };
    },
  );

  app.post(
    '/inhouse/mines/reveal',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Reveal a tile of the open mines round (a mine ends it; a repeat changes nothing)',
        body: minesRevealRequest,
        response: { 200: minesStepResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await mines.reveal(player(req), req.body.roundId, req.body.cell),
    }),
  );

  app.post(
    '/inhouse/mines/cashout',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Cash the open mines round out at its current multiplier (a repeat returns the result)',
        body: minesCashOutRequest,
        response: { 200: minesStepResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await mines.cashOut(player(req), req.body.roundId) }),
  );
};
