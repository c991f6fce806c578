import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  forgotEmailRequest,
  okEmpty,
  resetByLinkRequest,
  setPasswordBySmsRequest,
} from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import { passwordRepository } from './password.repository';
import { passwordService, resetMailsSettled } from './password.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 429: errorBody };
const done = { success: true as const, value: {} };

// The e-mail recovery form is posted form-encoded (API-025); two short fields never need more.
const FORM_BODY_LIMIT = 2048;

/**
 * Change password (API-020), forgot password by e-mail link (API-025) and set password by SMS code
 * (API-026). Registered as its own encapsulated plugin so that the form-encoded parser below serves
 * these routes only.
 */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = passwordService(app.ctx);
  const domains = passwordRepository(app.ctx.db);
  const tags = ['auth'];

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // A reset e-mail still being written must not meet a closed database.
  app.addHook('onClose', async () => resetMailsSettled());

  // The link points at the host the user is on only when it is one of the merchant's own domains; a
  // forged Host header must not turn the e-mail into a link to someone else's site.
  const originOf = async (request: FastifyRequest): Promise<string> => {
    const host = request.host.toLowerCase();
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
    if (/^[a-z0-9.:[\]-]+$/.test(host) && (await domains.ownsDomain(request.merchant.id, name))) {
      return `${request.protocol}://${host}`;
    }
    return `https://${request.merchant.main_domain}`;
  };

  app.post(
    '/auth/password',
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Change password; revokes every other session and all device credentials',
        body: changePasswordRequest,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await service.change(req.merchant, req.session!, req.body);
      return done;
    },
  );

  app.post(
    '/auth/forgot/email',
    {
      schema: {
        tags,
        summary: 'Forgot password: e-mail a single-use reset link (form-encoded; same answer for anyone)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: forgotEmailRequest,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await service.requestResetLink(req.merchant, {
        ...req.body,
        ip: req.ip,
        origin: await originOf(req),
        onError: (err) => req.log.error({ err }, 'password reset e-mail failed'),
      });
      return done;
    },
  );

  app.post(
    '/auth/forgot/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link token; revokes all sessions',
        body: resetByLinkRequest,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await service.resetByLink(req.merchant, { ...req.body, ip: req.ip });
      return done;
    },
  );

  app.post(
    '/auth/forgot/sms',
    {
      schema: {
        tags,
        summary: "Set password with an SMS code (purpose 'reset'); revokes all sessions",
        body: setPasswordBySmsRequest,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await service.setBySms(req.merchant, { ...req.body, ip: req.ip });
      return done;
    },
  );
};
