import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { catalogueGameCheck } from '../games/games.known-game';
import { vendorResolver } from '../game-wallet/vendor-auth';
import { HUB88_VENDOR } from './hub88-setup';
import { HUB88_SIGNATURE_HEADER, hub88SignatureValid } from './hub88-signature';
import { hub88Json, hub88Wallet, type Hub88Answer, type Hub88Status } from './hub88-wallet';
import { balanceBody, betBody, REQUIRED, rollbackBody, userInfoBody, winBody } from './hub88-wallet.schemas';

/** A disabled member's bets are refused within this time (revocation within a second, DESIGN.md). */
const SESSION_CACHE_MS = 1_000;

/**
 * Hub88's Wallet API (docs.hub88.io, Operator API → Wallet API): Hub88 calls these for every balance,
 * bet, win and rollback of its games. Every answer is HTTP 200 with a status: the signature
 * (X-Hub88-Signature, RSA-SHA256 of the raw bytes with Hub88's key) is checked before the body is read;
 * the merchant comes from the Host or Merchant header as for every call.
 */
export const hub88WalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const raw = new WeakMap<object, Buffer>();
  const resolveVendor = vendorResolver(app.ctx.db);
  const wallet = hub88Wallet(app.ctx.db, app.ctx.clock, {
    knownGame: catalogueGameCheck(app.ctx.db),
    sessionCacheMs: SESSION_CACHE_MS,
    log: (err) => app.log.error({ err }, 'hub88 wallet call failed'),
  });

  // The signature covers the exact bytes: this scope keeps them, whatever the content type says, and the
  // handlers read the JSON themselves (an unreadable body is a status, not an HTTP error).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (request, body, done) => {
    raw.set(request, body as Buffer);
    done(null, undefined);
  });

  const machineRoute = {
    config: { openDuringMaintenance: true, rateLimit: false as const, helmet: false as const },
    compress: false as const,
  };

  type Kind = keyof typeof REQUIRED;
  const schemas: Record<Kind, z.ZodType> = {
    userInfo: userInfoBody,
    balance: balanceBody,
    bet: betBody,
    win: winBody,
    rollback: rollbackBody,
  };
  const paths: [string, Kind, string][] = [
    ['/hub88/user/info', 'userInfo', "Hub88: the player's details"],
    ['/hub88/user/balance', 'balance', "Hub88: the player's balance"],
    ['/hub88/transaction/bet', 'bet', 'Hub88: a bet (debit)'],
    ['/hub88/transaction/win', 'win', 'Hub88: a win (credit) of a bet'],
    ['/hub88/transaction/rollback', 'rollback', 'Hub88: roll a bet back (refund)'],
  ];

  for (const [path, kind, summary] of paths) {
    app.post(path, { ...machineRoute, schema: { tags: ['hub88'], summary } }, async (request, reply) => {
      const bytes = raw.get(request) ?? Buffer.alloc(0);
      let body: unknown;
      let readable = true;
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        readable = false;
      }
      const fields =
        body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const echo = {
        user: typeof fields.user === 'string' ? fields.user : '',
        request_uuid: typeof fields.request_uuid === 'string' ? fields.request_uuid : '',
      };
      const currency = request.merchant.currency;
      const status = (s: Hub88Status): Hub88Answer => ({ ...echo, status: s, currency, balance: 0n });
      const send = (a: Hub88Answer) => reply.type('application/json').send(hub88Json(a));

      const header = request.headers[HUB88_SIGNATURE_HEADER];
      if (
        !hub88SignatureValid(
          app.ctx.hub88.hub88PublicKey,
          bytes,
          typeof header === 'string' ? header : undefined,
        )
      )
        return send(status('RS_ERROR_INVALID_SIGNATURE'));
      if (!readable || body !== fields) return send(status('RS_ERROR_WRONG_SYNTAX'));
      if (REQUIRED[kind].some((f) => fields[f] === undefined || fields[f] === null))
        return send(status('RS_ERROR_WRONG_SYNTAX'));
      const parsed = schemas[kind].safeParse(fields);
      if (!parsed.success) return send(status('RS_ERROR_WRONG_TYPES'));

      let vendor;
      try {
        vendor = await resolveVendor(request.merchant.id, HUB88_VENDOR);
      } catch (err) {
        if (err instanceof DomainError) return send(status('RS_ERROR_INVALID_PARTNER'));
        throw err;
      }
      try {
        const b = parsed.data as never;
        const a =
          kind === 'userInfo'
            ? await wallet.userInfo(vendor, currency, b)
            : kind === 'balance'
              ? await wallet.balance(vendor, currency, b)
              : kind === 'bet'
                ? await wallet.bet(vendor, currency, b)
                : kind === 'win'
                  ? await wallet.win(vendor, currency, b)
                  : await wallet.rollback(vendor, currency, b);
        return send(a);
      } catch (err) {
        request.log.error({ err }, 'hub88 wallet call failed');
        return send(status('RS_ERROR_UNKNOWN'));
      }
    });
  }
};
