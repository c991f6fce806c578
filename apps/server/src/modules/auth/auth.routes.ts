import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  captchaResponse,
  loginPayload,
  okEmpty,
  sessionResponse,
  smsCodeRequest,
  smsCodeResponse,
} from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import { DomainError } from '../../lib/domain-error';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { captchaService } from './captcha.service';
import { callerOf, deviceOf } from './login-session';
import { LOGIN_IP_RULE, loginService, type LoginPortal } from './login.service';
import { registerRoutes } from './register.routes';
import { smsCodeService } from './sms-code.service';
import { mobileConfirmRoutes } from './mobile-confirm.routes';

/** Captcha images per device and per IP (each one costs a database write and a drawing). */
export const CAPTCHA_DEVICE_RULE: LimitRule = { scope: 'captcha:device', limit: 10, windowMs: 60_000 };
export const CAPTCHA_IP_RULE: LimitRule = { scope: 'captcha:ip', limit: 60, windowMs: 60_000 };

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  409: errorBody,
  429: errorBody,
  503: errorBody,
};
const sealedBody =
  'Encrypted envelope { kid, key, iv, data } (headers Encryption and Device); see GET /api/auth/login-key';

/** Login, agent login, logout, captcha and SMS codes (spec §7 Account); registration and trial below. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const login = loginService(app.ctx);
  const captchas = captchaService(app.ctx.db, app.ctx.clock);
  const sms = smsCodeService(app.ctx);
  const tags = ['auth'];

  const loginRoute = (url: string, portal: LoginPortal, summary: string) =>
    app.post(
      url,
      { schema: { tags, summary, description: sealedBody, response: { 200: sessionResponse, ...errors } } },
      async (req) => {
        // Counted before decrypting, so that junk costs the sender as much as a real attempt.
        await app.ctx.limits.consume(req.merchant.id, LOGIN_IP_RULE, req.ip);
        const { payload, device } = await app.ctx.envelope.open(req, loginPayload);
        return {
          success: true as const,
          value: await login.login(payload, { ...callerOf(req), device }, portal),
        };
      },
    );
  loginRoute('/auth/login', 'member', 'Member login (encrypted login payload); staff accounts are refused');
  loginRoute('/auth/agent-login', 'agent', 'Agent login (encrypted login payload); non-agents are refused');
  loginRoute(
    '/ops/login',
    'operator',
    'Operator login (encrypted login payload): staff of this merchant only; the session works on /api/ops',
  );

  app.delete(
    '/auth/session',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: "Logout: revokes the calling session and this device's remembered login",
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await app.ctx.sessions.logout(req.session!);
      return { success: true as const, value: {} };
    },
  );

  app.get(
    '/auth/captcha',
    {
      schema: {
        tags,
        summary: 'A new numeric captcha for the Device header (base64 PNG in value)',
        response: { 200: captchaResponse, ...errors },
      },
    },
    async (req, reply) => {
      const device = deviceOf(req);
      if (!device) {
        throw new DomainError('device_required', 400, 'A valid Device header is required');
      }
      await app.ctx.limits.consume(req.merchant.id, CAPTCHA_IP_RULE, req.ip);
      await app.ctx.limits.consume(req.merchant.id, CAPTCHA_DEVICE_RULE, device);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, value: await captchas.create(req.merchant.id, device) };
    },
  );

  app.post(
    '/auth/sms-code',
    {
      schema: {
        tags,
        summary: 'Send an SMS verification code (module VERIFICATION3; mobileNo to register, else mobileNum)',
        body: smsCodeRequest,
        response: { 200: smsCodeResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await sms.send(req.merchant, req.body, req.ip) }),
  );

  await app.register(registerRoutes);
  await app.register(mobileConfirmRoutes);
};
