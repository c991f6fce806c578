import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import { oauthExchangeRequest } from '@panalo/contract/oauth';
import { oauthAdapter } from './oauth.adapter';
import { OAUTH_STATE_TTL_MS, oauthService } from './oauth.service';

const providerParams = z.object({ provider: z.string().max(32) });
// Loose on purpose: a malformed callback is a way back to the login screen, not a 400 page.
const callbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

/** This app's callback address as the provider must send the browser back to it (same host as start). */
const redirectUri = (req: FastifyRequest, provider: string) =>
  `${req.protocol}://${req.host}/api/auth/oauth/${encodeURIComponent(provider)}/callback`;

/**
 * The state also travels in a cookie that only this browser holds, and the callback wants both to
 * match: otherwise someone could send a victim their own callback link and sign the victim into the
 * sender's account (login CSRF). SameSite=Lax still sends it on the provider's top-level redirect back.
 */
const STATE_COOKIE = 'panalo_oauth_state';
const COOKIE_PATH = '/api/auth/oauth';

function stateCookie(req: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`;
}

function readStateCookie(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STATE_COOKIE) return rest.join('=');
  }
  return undefined;
}

// Login codes are 256-bit and cannot be guessed; the limit only keeps a flood off the database. The start
// route needs none of its own beyond the per-process request ceiling: it only writes one short-lived row.
const EXCHANGE_LIMIT = { scope: 'oauth-exchange:ip', limit: 30, windowMs: 60_000 };

/** Social login with any OAuth 2.0 / OpenID Connect provider the merchant configured (issue 3 part 9). */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = oauthService({
    db: app.ctx.db,
    clock: app.ctx.clock,
    sessions: app.ctx.sessions,
    adapter: oauthAdapter({ clock: app.ctx.clock }),
  });
  const tags = ['auth'];

  app.get(
    '/auth/oauth/:provider/start',
    {
      schema: {
        tags,
        summary: 'Start a social login: 302 to the provider (404 when the merchant does not offer it)',
        params: providerParams,
        response: { 404: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const { url, state } = await service.start(
        req.merchant,
        req.params.provider,
        redirectUri(req, req.params.provider),
      );
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', stateCookie(req, state, OAUTH_STATE_TTL_MS / 1000))
        .redirect(url, 302);
    },
  );

  app.get(
    '/auth/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary: 'The provider returns here: 302 to /m/oauth?code=… or /m/login?oauth_error=…',
        params: providerParams,
        querystring: callbackQuery,
      },
    },
    async (req, reply) => {
      const location = await service.callback(
        req.merchant,
        req.params.provider,
        { ...req.query, browserState: readStateCookie(req) },
        redirectUri(req, req.params.provider),
        (err) => req.log.warn({ err, provider: req.params.provider }, 'social login failed'),
      );
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', stateCookie(req, '', 0))
        .redirect(location, 302);
    },
  );

  app.post(
    '/auth/oauth/exchange',
    {
      schema: {
        tags,
        summary: 'Trade the one-time login code of a social login for a session',
        body: oauthExchangeRequest,
        response: { 200: sessionResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      await app.ctx.limits.consume(req.merchant.id, EXCHANGE_LIMIT, req.ip);
      const value = await service.exchange(req.merchant, req.body.code, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      return { success: true as const, value };
    },
  );
};
