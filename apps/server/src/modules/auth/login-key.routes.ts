import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENVELOPE_ALGORITHM, loginKeyResponse } from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';

/** The public key clients encrypt login and registration payloads with (spec §7: encrypted payloads). */
export const loginKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/login-key',
    {
      // The brand's staff sign in with it while players cannot (maintenance, a draft brand): it is public.
      config: { openDuringMaintenance: true },
      schema: {
        tags: ['auth'],
        summary: 'Public key for the encrypted login/registration envelope (RSA-OAEP-256 + A256GCM)',
        response: { 200: loginKeyResponse, 400: errorBody },
      },
    },
    async (_req, reply) => {
      const key = await app.ctx.envelope.publicKey();
      void reply.header('cache-control', 'public, max-age=300');
      return {
        success: true as const,
        value: { ...key, algorithm: ENVELOPE_ALGORITHM as typeof ENVELOPE_ALGORITHM },
      };
    },
  );
};
