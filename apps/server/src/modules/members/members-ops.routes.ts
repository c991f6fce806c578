import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okEmpty } from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import {
  OPS_MEMBER_PATHS,
  memberDetailResponse,
  memberEndSessionsRequest,
  memberIdParams,
  memberLockRequest,
  memberSearchQuery,
  memberSearchResponse,
} from '@panalo/contract/ops-members';
import { membersOpsService } from './members-ops.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['ops'];

/** The console's members: search, the member's profile, lock and end sessions (issue 20 screen 3). */
export const membersOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = membersOpsService(app.ctx.db, app.ctx.clock, app.ctx.sessions);
  const read = { auth: 'operator' as const, permission: 'members.read' as const };
  const write = { auth: 'operator' as const, permission: 'members.write' as const };

  app.get(
    OPS_MEMBER_PATHS.search,
    {
      config: read,
      schema: {
        tags,
        summary:
          'Search the merchant’s members by username (prefix), mobile, name, bank card (number or last 4), IP or device',
        querystring: memberSearchQuery,
        response: { 200: memberSearchResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await members.search(
        req.merchant.id,
        req.query.by,
        req.query.q,
        req.query.page,
        req.query.pageSize,
      ),
    }),
  );

  app.get(
    OPS_MEMBER_PATHS.one,
    {
      config: read,
      schema: {
        tags,
        summary:
          'One member: balance, status, cashier totals, linked accounts (address, device, payee, card), sessions and ledger entries',
        params: memberIdParams,
        response: { 200: memberDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await members.detail(req.merchant.id, BigInt(req.params.id)),
    }),
  );

  app.post(
    OPS_MEMBER_PATHS.lock,
    {
      config: write,
      schema: {
        tags,
        summary: 'Lock (sessions end) or unlock a member, with the reason (audited)',
        params: memberIdParams,
        body: memberLockRequest,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await members.setLocked(
        req.merchant.id,
        req.session!.memberId,
        BigInt(req.params.id),
        req.body.locked,
        req.body.reason,
      );
      return { success: true as const, value: {} };
    },
  );

  app.post(
    OPS_MEMBER_PATHS.endSessions,
    {
      config: write,
      schema: {
        tags,
        summary: 'End every session and remembered login of a member, with the reason (audited)',
        params: memberIdParams,
        body: memberEndSessionsRequest,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await members.endSessions(
        req.merchant.id,
        req.session!.memberId,
        BigInt(req.params.id),
        req.body.reason,
      );
      return { success: true as const, value: {} };
    },
  );
};
