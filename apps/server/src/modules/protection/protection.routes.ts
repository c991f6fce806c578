import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { isStaffType } from '@panalo/contract/member';
import { exclusionRequest, exclusionResponse, opsExclusionRequest } from '@panalo/contract/protection';
import { DomainError, notFound } from '../../lib/domain-error';
import { verifyPassword } from '../auth/passwords';
import { membersRepository } from '../members/members.repository';
import { exclusionService } from './exclusion.service';

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
      config: { auth: 'operator' },
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
