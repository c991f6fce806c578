import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateCheckQuery,
  affiliateCheckResponse,
  registerPayload,
  sessionResponse,
  trialCreateResponse,
  trialLoginRequest,
  verifyQuery,
  verifyResponse,
} from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import { callerOf, deviceOf } from './login-session';
import { REGISTER_ATTEMPT_RULE, registerService } from './register.service';
import { registrationChecks } from './registration-checks';
import { trialService } from './trial.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  409: errorBody,
  429: errorBody,
  503: errorBody,
};

/** Registration, its form checks, and the free trial (spec §7 Account). */
export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = registerService(app.ctx);
  const checks = registrationChecks(app.ctx);
  const trial = trialService(app.ctx);
  const tags = ['auth'];

  app.put(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Register (encrypted registration payload); answers a session like login',
        description: 'Encrypted envelope with Encryption and Device headers; see GET /api/auth/login-key',
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (req) => {
      // Counted before decrypting, so that junk costs the sender as much as a real attempt.
      await app.ctx.limits.consume(req.merchant.id, REGISTER_ATTEMPT_RULE, req.ip);
      const { payload, device } = await app.ctx.envelope.open(req, registerPayload);
      return {
        success: true as const,
        value: await register.register(payload, { ...callerOf(req), device }),
      };
    },
  );

  app.get(
    '/auth/verify',
    {
      schema: {
        tags,
        summary: 'Is this username or mobile number free to register?',
        querystring: verifyQuery,
        response: { 200: verifyResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { available: await checks.available(req.merchant, req.query, req.ip) },
    }),
  );

  app.get(
    '/auth/affiliate-check',
    {
      schema: {
        tags,
        summary: 'Does the invitation (affiliate) code belong to an active agent?',
        querystring: affiliateCheckQuery,
        response: { 200: affiliateCheckResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { success: await checks.affiliateValid(req.merchant, req.query.code, req.ip) },
    }),
  );

  app.get(
    '/auth/trial',
    {
      schema: {
        tags,
        summary: 'Create a free-trial account (type 4); answers its user name and a one-time trial key',
        response: { 200: trialCreateResponse, ...errors },
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        value: await trial.create({ ...callerOf(req), device: deviceOf(req) }),
      };
    },
  );

  app.post(
    '/auth/trial-login',
    {
      schema: {
        tags,
        summary: 'Log in to a free-trial account with its trial key (usable once)',
        body: trialLoginRequest,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await trial.login(req.body, { ...callerOf(req), device: deviceOf(req) }),
    }),
  );
};
