import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUE_OPS_PATHS } from '@panalo/contract/catalogue-rules';
import { errorBody } from '@panalo/contract/common';
import {
  opsGameParams,
  opsGameResponse,
  opsGamesQuery,
  opsGamesResponse,
  opsGameUpdate,
  opsVendorParams,
  opsVendorResponse,
  opsVendorsResponse,
  opsVendorUpdate,
} from '@panalo/contract/games-ops';
import { gamesOpsService } from './games-ops.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['ops', 'games'];

/** The console's game catalogue: which games and vendors the site shows, their order, hot games. */
export const gamesOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const games = gamesOpsService(app.ctx.db, app.ctx.clock);
  const config = { auth: 'operator' as const, permission: 'games' as const };

  app.get(
    CATALOGUE_OPS_PATHS.games,
    {
      config,
      schema: {
        tags,
        summary:
          'The platform’s games with this site’s settings (vendor, name words, shown/hidden/hot; paged)',
        querystring: opsGamesQuery,
        response: { 200: opsGamesResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await games.games(req.merchant, req.query) }),
  );

  app.put(
    CATALOGUE_OPS_PATHS.game,
    {
      config,
      schema: {
        tags,
        summary:
          'Hide or show a game on this site, mark it hot, give it a place (null: the catalogue’s); audited',
        params: opsGameParams,
        body: opsGameUpdate,
        response: { 200: opsGameResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await games.setGame(req.merchant, req.session!.memberId, BigInt(req.params.id), req.body),
    }),
  );

  app.get(
    CATALOGUE_OPS_PATHS.vendors,
    {
      config,
      schema: {
        tags,
        summary: 'The platform’s vendors with this site’s settings and their game counts',
        response: { 200: opsVendorsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await games.vendors(req.merchant) }),
  );

  app.put(
    CATALOGUE_OPS_PATHS.vendor,
    {
      config,
      schema: {
        tags,
        summary: 'Hide or show a vendor (and all its games) on this site, give it a place; audited',
        params: opsVendorParams,
        body: opsVendorUpdate,
        response: { 200: opsVendorResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await games.setVendor(req.merchant, req.session!.memberId, req.params.code, req.body),
    }),
  );
};
