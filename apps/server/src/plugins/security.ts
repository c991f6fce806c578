import fp from 'fastify-plugin';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { ErrorBody } from '@panalo/contract/common';

export interface SecurityOptions {
  rateLimitPerMinute: number;
}

/**
 * Security headers with a strict CSP (scripts only from our origin; inline styles allowed for the UI kit's
 * style attributes), a per-IP request ceiling and the request id echoed to the client.
 * The per-IP ceiling is a flood guard kept per process; business limits (login, SMS, registration)
 * use the PostgreSQL-backed limiter so that all API processes share them.
 */
export default fp<SecurityOptions>(
  async (app, opts) => {
    // Built once: @fastify/helmet builds helmet anew for every request (its CSP directives parsed each
    // time, about 3 % of a claim's CPU in the rain bench). A route opts out with config.helmet = false.
    const secureHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // The phone-verification service (Firebase Authentication's REST API) is called by the browser.
          connectSrc: ["'self'", 'https://identitytoolkit.googleapis.com'],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          // Only this site may frame its pages (the console's live theme preview); no other site can.
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.helmet === false) return done();
      secureHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
    await app.register(rateLimit, {
      max: opts.rateLimitPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (request, ctx): ErrorBody & { statusCode: number } => ({
        statusCode: ctx.statusCode,
        success: false,
        code: 'rate_limited',
        message: `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s`,
        requestId: request.id,
      }),
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'security' },
);
