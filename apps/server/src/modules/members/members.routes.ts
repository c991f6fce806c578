import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { memberInfoResponse } from '@panalo/contract/member';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = membersService(membersRepository(app.ctx.db));
  const tags = ['members'];

  app.get(
    '/members/me',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The calling member (member info of spec §3)',
        response: { 200: memberInfoResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.me(req.merchant.id, req.session!.memberId),
    }),
  );
};
