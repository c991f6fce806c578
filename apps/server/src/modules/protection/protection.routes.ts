import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { isStaffType } from '@panalo/contract/member';
import { parseAmount } from '@panalo/contract/money';
import {
  confirmLimitRequest,
  limitsResponse,
  exclusionRequest,
  exclusionResponse,
  opsExclusionRequest,
  playHistoryResponse,
  realityCheckResponse,
  setLimitRequest,
  setSessionLimitRequest,
  setRealityCheckRequest,
} from '@panalo/contract/protection';
import { DomainError, notFound } from '../../lib/domain-error';
import { verifyPassword } from '../identity/passwords';
import { membersRepository } from '../identity/members.repository';
import { exclusionService } from './exclusion.service';
import { playHistory } from './history.service';
import { limitsService } from './limits.service';
import { realityCheckService } from './reality-check.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  429: errorBody,
  503: errorBody,
};
const EXCLUDE_RULE = { scope: 'self-exclusion:member', limit: 5, windowMs: 15 * 60_000 };

/** Player protection: the member's own time-out or self-exclusion, and an operator's exclusion. */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const exclusions = exclusionService(app.ctx);
  const members = membersRepository(app.ctx.db);
  const limits = limitsService(app.ctx.db, app.ctx.clock, app.ctx.sessions);
  const ok = <T>(value: T) => ({ success: true as const, value });
  const reality = realityCheckService(app.ctx.db, app.ctx.clock);

  app.get(
    '/protection/history',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary: 'My last 30 days, day by day: deposits paid, net result of play, minutes signed in',
        response: { 200: playHistoryResponse, ...errors },
      },
    },
    async (req) =>
      ok({
        days: await playHistory(app.ctx.db, app.ctx.clock, {
          merchantId: req.merchant.id,
          memberId: req.session!.memberId,
          currency: req.merchant.currency,
          timeZone: req.merchant.settings.timeZone,
        }),
      }),
  );

  app.get(
    '/protection/reality-check',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary:
          'My reality-check interval, when this session began (server time) and its net result of play',
        response: { 200: realityCheckResponse, ...errors },
      },
    },
    async (req) =>
      ok(
        await reality.read({
          merchantId: req.merchant.id,
          memberId: req.session!.memberId,
          sessionId: req.session!.sessionId,
          currency: req.merchant.currency,
        }),
      ),
  );

  app.put(
    '/protection/reality-check',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary: 'Set my reality-check interval: 15, 30 or 60 minutes, or null for off',
        body: setRealityCheckRequest,
        response: { 200: realityCheckResponse, ...errors },
      },
    },
    async (req) => {
      await reality.set(req.merchant.id, req.session!.memberId, req.body.intervalMinutes);
      return ok(
        await reality.read({
          merchantId: req.merchant.id,
          memberId: req.session!.memberId,
          sessionId: req.session!.sessionId,
          currency: req.merchant.currency,
        }),
      );
    },
  );

  const myLimits = (req: {
    merchant: { id: number; currency: string };
    session: { memberId: bigint } | null;
  }) => limits.list(req.merchant.id, req.session!.memberId, req.merchant.currency);

  app.get(
    '/protection/limits',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary:
          'My limits: deposit, wager and loss over 24 hours, 7 days and 30 days (the limit, what counts against it, a waiting raise) and the session limit',
        response: { 200: limitsResponse, ...errors },
      },
    },
    async (req) => ok(await myLimits(req)),
  );

  app.put(
    '/protection/limits',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary:
          'Set a deposit, wager or loss limit: lower takes effect at once; a raise or a removal (amount null) waits 24 hours for confirmation',
        body: setLimitRequest,
        response: { 200: limitsResponse, ...errors },
      },
    },
    async (req) => {
      let amount: bigint | null = null;
      if (req.body.amount !== null) {
        amount = parseAmount(req.body.amount);
        if (amount === null || amount <= 0n)
          throw new DomainError('amount_invalid', 400, 'Enter a valid amount');
      }
      await limits.set(req.merchant.id, req.session!.memberId, { ...req.body, amount });
      return ok(await myLimits(req));
    },
  );

  app.post(
    '/protection/limits/confirm',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary:
          'Confirm a raised or removed deposit, wager or loss limit once its 24-hour cooling-off is over',
        body: confirmLimitRequest,
        response: { 200: limitsResponse, 409: errorBody, ...errors },
      },
    },
    async (req) => {
      await limits.confirm(req.merchant.id, req.session!.memberId, req.body);
      return ok(await myLimits(req));
    },
  );

  app.put(
    '/protection/session-limit',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary:
          'Set the session limit in minutes: each login session ends that long after it began (sessions already longer end now); a raise or removal waits 24 hours for confirmation',
        body: setSessionLimitRequest,
        response: { 200: limitsResponse, ...errors },
      },
    },
    async (req) => {
      await limits.setSession(req.merchant.id, req.session!.memberId, req.body.minutes);
      return ok(await myLimits(req));
    },
  );

  app.post(
    '/protection/session-limit/confirm',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary: 'Confirm a raised or removed session limit once its 24-hour cooling-off is over',
        response: { 200: limitsResponse, 409: errorBody, ...errors },
      },
    },
    async (req) => {
      await limits.confirmSession(req.merchant.id, req.session!.memberId);
      return ok(await myLimits(req));
    },
  );

  app.post(
    '/members/self-exclusion',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['members'],
        summary:
          'Take a time-out (24 h, 7 days, 6 weeks) or a self-exclusion (6 months, 1, 5 years, permanent): the login password confirms it; every session ends at once; it cannot be lifted before its end',
        body: exclusionRequest,
        response: { 200: exclusionResponse, ...errors },
      },
    },
    async (req) => {
      const s = req.session!;
      await app.ctx.limits.consume(req.merchant.id, EXCLUDE_RULE, s.memberId.toString());
      const m = await members.findById(req.merchant.id, s.memberId);
      if (!m) throw notFound();
      if (!(await verifyPassword(m.password_hash, req.body.password))) {
        throw new DomainError('login_password_wrong', 401, 'Wrong login password');
      }
      const value = await exclusions.exclude({
        merchantId: req.merchant.id,
        memberId: s.memberId,
        period: req.body.period,
        by: `member:${s.memberId}`,
        reason: null,
      });
      return { success: true as const, value };
    },
  );

  app.post(
    '/ops/exclusions',
    {
      config: { auth: 'operator', permission: 'protection' },
      schema: {
        tags: ['ops'],
        summary:
          'Exclude a member of this merchant for a period, with the reason (audited; never shortens one in force)',
        body: opsExclusionRequest,
        response: { 200: exclusionResponse, ...errors },
      },
    },
    async (req) => {
      const m = await members.findByUsername(req.merchant.id, req.body.username.toLowerCase());
      if (!m || isStaffType(m.type)) throw notFound('member_not_found');
      const value = await exclusions.exclude({
        merchantId: req.merchant.id,
        memberId: m.id,
        period: req.body.period,
        by: `operator:${req.session!.memberId}`,
        reason: req.body.reason,
      });
      return { success: true as const, value };
    },
  );
};
