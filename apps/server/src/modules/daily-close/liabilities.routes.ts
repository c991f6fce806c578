import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  LIABILITIES_PATHS,
  liabilityProofQuery,
  liabilityProofResponse,
  publishedLiabilitiesResponse,
} from '@panalo/contract/liabilities';
import { liabilitiesService } from './liabilities.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The proof of liabilities (issue 52 item 5): the published root and total, and a member's own proof. */
export const liabilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const proofs = liabilitiesService(app.ctx.db);

  app.get(
    LIABILITIES_PATHS.published,
    {
      schema: {
        tags: ['site'],
        summary:
          'The merchant’s latest proof of liabilities: the day, the Merkle sum tree’s root and the total of every member’s balance (null before its first close)',
        response: { 200: publishedLiabilitiesResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await proofs.published(req.merchant.id) }),
  );

  app.get(
    LIABILITIES_PATHS.proof,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['members'],
        summary:
          'The signed-in member’s inclusion proof for a closed day (the latest when none is asked): their salt, balance and the path to the published root',
        querystring: liabilityProofQuery,
        response: { 200: liabilityProofResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await proofs.proof(req.merchant.id, req.session!.memberId, req.query.day),
    }),
  );
};
