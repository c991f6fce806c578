import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@panalo/contract/common';
import { DomainError } from '../../lib/domain-error';
import type { VendorRow } from './game-wallet.repository';
import { betRequest, endRequest, rollbackRequest, tokenRequest, winRequest } from './game-wallet.schemas';
import { gameWalletService } from './game-wallet.service';
import { ipAllowed, SIGNATURE_HEADER, signatureValid, vendorResolver } from './vendor-auth';

const answer = z.object({
  playerId: z.string(),
  currency: z.string(),
  balance: z.string(),
  book: z.enum(['real', 'play']),
  txId: z.string().optional(),
  transactionId: z.string().nullable().optional(),
});
const ok = <T extends z.ZodType>(value: T) => z.object({ success: z.literal(true), value });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** A member disabled while playing is refused within this time (revocation within a second, DESIGN.md). */
const SESSION_CACHE_MS = 1_000;
const params = z.object({ vendor: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });

/**
 * The seamless-wallet callbacks game vendors call (README.md describes the protocol). No member session:
 * the vendor is authenticated by its IP allow-list and an HMAC over the raw body; the merchant comes from
 * the Host or Merchant header as everywhere.
 */
export const gameWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const raw = new WeakMap<FastifyRequest, Buffer>();
  const vendors = new WeakMap<FastifyRequest, VendorRow>();
  const resolveVendor = vendorResolver(app.ctx.db);
  const wallet = gameWalletService(app.ctx.db, app.ctx.clock, { sessionCacheMs: SESSION_CACHE_MS });

  // The signature covers the exact bytes sent, so this scope keeps them before parsing the JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    raw.set(request, bytes);
    try {
      done(null, JSON.parse(bytes.toString('utf8')) as unknown);
    } catch {
      done(new DomainError('validation_failed', 400, 'Invalid JSON'), undefined);
    }
  });

  // The answers are built here from typed values (answerOf): the schemas document them, and this scope
  // writes them with plain JSON.stringify instead of re-validating every answer on the hot path.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRequest', async (request) => {
    const code = (request.params as { vendor?: string }).vendor ?? '';
    const vendor = await resolveVendor(request.merchant.id, code);
    if (!ipAllowed(vendor.allowed_ips, request.ip)) {
      throw new DomainError('ip_not_allowed', 403, 'This address may not call the wallet');
    }
    vendors.set(request, vendor);
  });
  app.addHook('preValidation', async (request) => {
    const vendor = vendors.get(request);
    const header = request.headers[SIGNATURE_HEADER];
    const bytes = raw.get(request);
    if (
      !vendor ||
      !bytes ||
      !signatureValid(vendor.hmac_secret, bytes, typeof header === 'string' ? header : undefined)
    ) {
      throw new DomainError('invalid_signature', 401, 'Invalid request signature');
    }
  });

  const vendorOf = (request: FastifyRequest): VendorRow => {
    const v = vendors.get(request);
    if (!v) throw new Error('vendor not resolved');
    return v;
  };
  // Vendors call in bursts from few addresses: the per-IP flood guard would throttle them, and the
  // allow-list plus signature already keep everyone else out. Maintenance and region rules are for members.
  // Machine-to-machine JSON: no browser reads these answers, so the browser security headers and the
  // compression pass (for bodies of a few dozen bytes) are skipped on this hot path.
  const machineRoute = {
    config: { openDuringMaintenance: true, rateLimit: false as const, helmet: false as const },
    compress: false as const,
  };
  const tags = ['game-wallet'];

  app.post(
    '/game-wallet/:vendor/authenticate',
    {
      ...machineRoute,
      schema: {
        tags,
        summary: 'Vendor: authenticate a launch token',
        params,
        body: tokenRequest,
        response: {
          200: ok(answer.extend({ username: z.string(), nickname: z.string().nullable() })),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, value: await wallet.authenticate(vendorOf(req), req.body) }),
  );
  app.post(
    '/game-wallet/:vendor/balance',
    {
      ...machineRoute,
      schema: {
        tags,
        summary: 'Vendor: wallet balance',
        params,
        body: tokenRequest,
        response: { 200: ok(answer), ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await wallet.balance(vendorOf(req), req.body) }),
  );
  app.post(
    '/game-wallet/:vendor/bet',
    {
      ...machineRoute,
      schema: {
        tags,
        summary: 'Vendor: debit a stake',
        params,
        body: betRequest,
        response: { 200: ok(answer), ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await wallet.bet(vendorOf(req), req.body) }),
  );
  app.post(
    '/game-wallet/:vendor/win',
    {
      ...machineRoute,
      schema: {
        tags,
        summary: 'Vendor: credit a win',
        params,
        body: winRequest,
        response: { 200: ok(answer), ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await wallet.win(vendorOf(req), req.body) }),
  );
  app.post(
    '/game-wallet/:vendor/rollback',
    {
      ...machineRoute,
      schema: {
        tags,
        summary: 'Vendor: refund a bet by its id',
        params,
        body: rollbackRequest,
        response: { 200: ok(answer), ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await wallet.rollback(vendorOf(req), req.body) }),
  );
  app.post(
    '/game-wallet/:vendor/end',
    {
      ...machineRoute,
      schema: {
        tags,
        summary: 'Vendor: end a round',
        params,
        body: endRequest,
        response: { 200: ok(answer), ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await wallet.end(vendorOf(req), req.body) }),
  );
};
