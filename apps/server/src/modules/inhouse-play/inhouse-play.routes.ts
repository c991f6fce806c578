import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@panalo/contract/common';
import {
  inhouseGameParams,
  inhouseGamesResponse,
  inhousePlayRequest,
  inhousePlayResponse,
  rotateRequest,
  rotateResponse,
  roundsResponse,
  seedResponse,
  verifyRequest,
  verifyResponse,
} from '@panalo/contract/inhouse';
import { catalogueGameCheck } from '../games/games.known-game';
import { gameWalletService } from '../game-wallet/game-wallet.service';
import { vendorResolver } from '../game-wallet/vendor-auth';
import { requireIdempotencyKey } from '../wallet/money-request';
import { inhouseCatalogue, inhousePlayService } from './inhouse-play.service';

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
  const play = inhousePlayService(db, clock, wallet, vendorResolver(db));
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
};
