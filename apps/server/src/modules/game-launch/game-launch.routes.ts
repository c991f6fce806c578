import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { gameLaunchRequest, gameLaunchResponse } from '@panalo/contract/game-launch';
import { gameLauncher } from './game-launch.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };

/** POST /api/games/launch: spec §7's generic game launch (members and free-trial accounts). */
export const gameLaunchRoutes: FastifyPluginAsyncZod = async (app) => {
  const launcher = gameLauncher(app.ctx.db, app.ctx.clock);
  app.post(
    '/games/launch',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['games'],
        summary: 'Launch a vendor game: the address of its page, with a wallet token (trial: play money)',
        body: gameLaunchRequest,
        response: { 200: gameLaunchResponse, ...errors },
      },
    },
    async (req) => {
      const s = req.session!;
      const value = await launcher.launch(
        req.merchant,
        { memberId: s.memberId, username: s.username, memberType: s.type, ip: req.ip },
        req.body,
        `${req.protocol}://${req.host}`,
      );
      return { success: true as const, value };
    },
  );
};
