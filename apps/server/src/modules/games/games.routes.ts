import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { okEmpty } from '@panalo/contract/auth';
import {
  artParams,
  favouriteIdsResponse,
  favouriteRequest,
  favouritesQuery,
  favouritesResponse,
  gameListRequest,
  gameListResponse,
  gameTypesQuery,
  gameTypesResponse,
  hotGamesQuery,
  hotGamesResponse,
  recentAddQuery,
  recentQuery,
  recentResponse,
  vendorArtParams,
  vendorConfigResponse,
  vendorsQuery,
  vendorsResponse,
} from '@panalo/contract/games';
import { DomainError, notFound } from '../../lib/domain-error';
import { renderGameArt, renderVendorArt } from './games.art';
import { gamesRepository } from './games.repository';
import { gamesService } from './games.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };
// Artwork never changes for a given game id or vendor code.
const ART_CACHE = 'public, max-age=31536000, immutable';

export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = gamesRepository(app.ctx.db);
  const service = gamesService(repo, () => app.ctx.clock.now());
  // The lobby's lists (vendors, types, games, hot) may be a moment old: read from the replica (issue 54).
  const lists = gamesService(gamesRepository(app.ctx.reads.db), () => app.ctx.clock.now());
  const tags = ['games'];
  const member = { auth: 'member' as const };

  app.get(
    '/games/vendors',
    {
      schema: {
        tags,
        summary: 'All vassalage: the vendors this merchant shows (or those of one gameType)',
        querystring: vendorsQuery,
        response: { 200: vendorsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await lists.vendors(req.merchant, req.query.gameType),
    }),
  );

  app.get(
    '/games/vendor-config',
    {
      schema: {
        tags,
        summary: 'Vendor config: sorting per category (spec §4 order), mapping, prize mode',
        response: { 200: vendorConfigResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await lists.vendorConfig(req.merchant) }),
  );

  app.get(
    '/games/types',
    {
      schema: {
        tags,
        summary: 'Vendor game types (classifications) of the category typeId',
        querystring: gameTypesQuery,
        response: { 200: gameTypesResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await lists.types(req.merchant, req.query.typeId, req.query.language),
    }),
  );

  const listSchema = {
    tags,
    summary: 'Game list: filters, search and pages of 26',
    response: { 200: gameListResponse, ...errors },
  };
  app.post('/games/list', { schema: { ...listSchema, body: gameListRequest } }, async (req) => ({
    success: true as const,
    value: await lists.list(req.merchant, req.session?.memberId ?? null, req.body),
  }));
  app.get('/games/list', { schema: { ...listSchema, querystring: gameListRequest } }, async (req) => ({
    success: true as const,
    value: await lists.list(req.merchant, req.session?.memberId ?? null, req.query),
  }));

  app.get(
    '/games/hot',
    {
      schema: {
        tags,
        summary: 'Hot games: one page (isPlatform 2, platform html5, gameType, language)',
        querystring: hotGamesQuery,
        response: { 200: hotGamesResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await lists.hot(req.merchant, req.query) }),
  );

  app.get(
    '/games/favourites',
    {
      config: member,
      schema: {
        tags,
        summary: 'The member’s favourite games, newest first (content, pageNum, totalPages)',
        querystring: favouritesQuery,
        response: { 200: favouritesResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.favourites(req.merchant, req.session!.memberId, req.query),
    }),
  );

  app.get(
    '/games/favourites/ids',
    {
      config: member,
      schema: {
        tags,
        summary: 'The member’s favourite ids (strings)',
        response: { 200: favouriteIdsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.favouriteIds(req.merchant, req.session!.memberId),
    }),
  );

  app.post(
    '/games/favourites',
    {
      config: member,
      schema: {
        tags,
        summary: 'Add a favourite (nodeId, vendor); an id already present is kept once. Answers the ids',
        body: favouriteRequest,
        response: { 200: favouriteIdsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.addFavourite(req.merchant, req.session!.memberId, req.body),
    }),
  );

  app.delete(
    '/games/favourites',
    {
      config: member,
      schema: {
        tags,
        summary: 'Remove a favourite (nodeId, vendor in the query or a JSON body). Answers the ids',
        querystring: favouriteRequest.partial(),
        body: favouriteRequest.partial().nullish(),
        response: { 200: favouriteIdsResponse, ...errors },
      },
    },
    async (req) => {
      // Clients send the pair either way; together it must be one whole request.
      const parsed = favouriteRequest.safeParse({ ...req.query, ...(req.body ?? {}) });
      if (!parsed.success) throw new DomainError('validation_failed', 400, 'nodeId and vendor are required');
      return {
        success: true as const,
        value: await service.removeFavourite(req.merchant, req.session!.memberId, parsed.data),
      };
    },
  );

  app.get(
    '/games/recent/add',
    {
      config: member,
      schema: {
        tags,
        summary: 'Record a recently played game (GET, as spec §7)',
        querystring: recentAddQuery,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await service.addRecent(req.merchant, req.session!.memberId, req.query.nodeId, req.query.vendor);
      return { success: true as const, value: {} };
    },
  );

  app.get(
    '/games/recent',
    {
      config: member,
      schema: {
        tags,
        summary: 'Recently played games, newest first (page size 25, clientType 2)',
        querystring: recentQuery,
        response: { 200: recentResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.recent(req.merchant, req.session!.memberId, req.query),
    }),
  );

  app.get('/games/art/:file', { schema: { hide: true, params: artParams } }, async (req, reply) => {
    const art = await repo.artOf(BigInt(req.params.file.slice(0, -4)));
    if (!art) throw notFound();
    const svg = renderGameArt({
      name: art.name ?? art.node_name,
      vendorName: art.vendor_name,
      category: art.game_type,
      colours: art.colours,
      key: `${art.game_id}:${art.id.toString()}`,
      gameId: art.game_id,
    });
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', ART_CACHE).send(svg);
  });

  app.get(
    '/games/art/vendors/:file',
    { schema: { hide: true, params: vendorArtParams } },
    async (req, reply) => {
      const large = req.params.file.endsWith('-lg.svg');
      const code = req.params.file.slice(0, large ? -7 : -4);
      const v = await repo.vendorArtOf(code);
      if (!v) throw notFound();
      const svg = renderVendorArt({ code: v.code, name: v.name, colours: v.colours, large });
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', ART_CACHE).send(svg);
    },
  );
};
