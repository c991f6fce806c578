import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okEmpty } from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import {
  OPS_MEMBER_PATHS,
  memberDetailResponse,
  memberEndSessionsRequest,
  memberIdParams,
  memberLimitRequest,
  memberLockRequest,
  memberSearchQuery,
  memberSearchResponse,
  memberActivityResponse,
  memberNoteRequest,
  memberNoteResponse,
  memberNotesResponse,
  memberPasswordResetRequest,
  memberPasswordResetResponse,
} from '@panalo/contract/ops-members';
import { limitsResponse } from '@panalo/contract/protection';
import { parseAmount } from '@panalo/contract/money';
import { limitsService } from '../protection/limits.service';
import { member360Service, opsPlayer } from './member-360.service';
import { membersOpsService } from './members-ops.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['ops'];

/** The console's members: search, the member's profile, lock and end sessions (issue 20 screen 3). */
export const membersOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = membersOpsService(app.ctx.db, app.ctx.clock, app.ctx.sessions);
  const member360 = member360Service(app.ctx.db, app.ctx.clock, app.ctx.sessions);
  const limits = limitsService(app.ctx.db, app.ctx.clock, app.ctx.sessions);
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

  app.get(
    OPS_MEMBER_PATHS.activity,
    {
      config: read,
      schema: {
        tags,
        summary:
          'The member’s latest lottery bets, game rounds, bonuses and turnover requirements (50 of each)',
        params: memberIdParams,
        response: { 200: memberActivityResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await member360.activity(req.merchant.id, BigInt(req.params.id), req.merchant.default_language),
    }),
  );

  app.get(
    OPS_MEMBER_PATHS.notes,
    {
      config: read,
      schema: {
        tags,
        summary: 'The staff’s notes on the member, newest first (never shown to the member)',
        params: memberIdParams,
        response: { 200: memberNotesResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await member360.notes(req.merchant.id, BigInt(req.params.id)),
    }),
  );

  app.post(
    OPS_MEMBER_PATHS.notes,
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a note on the member (append-only)',
        params: memberIdParams,
        body: memberNoteRequest,
        response: { 200: memberNoteResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await member360.addNote(
        req.merchant.id,
        req.session!.memberId,
        BigInt(req.params.id),
        req.body.body,
      ),
    }),
  );

  app.get(
    OPS_MEMBER_PATHS.limits,
    {
      config: read,
      schema: {
        tags,
        summary:
          'The member’s limits as the member reads them: deposit, wager and loss per span with what counts, waiting raises, the session limit',
        params: memberIdParams,
        response: { 200: limitsResponse, ...errors },
      },
    },
    async (req) => {
      const m = await opsPlayer(app.ctx.db, req.merchant.id, BigInt(req.params.id));
      return {
        success: true as const,
        value: await limits.list(req.merchant.id, m.id, req.merchant.currency),
      };
    },
  );

  app.put(
    OPS_MEMBER_PATHS.limits,
    {
      // Limits the operator imposes are player protection (responsible gaming), as exclusions are.
      config: { auth: 'operator', permission: 'protection' },
      schema: {
        tags,
        summary:
          'Set or lower one of the member’s limits (at once; a raise or removal stays the member’s own choice), audited with the reason',
        params: memberIdParams,
        body: memberLimitRequest,
        response: { 200: limitsResponse, ...errors },
      },
    },
    async (req) => {
      const m = await opsPlayer(app.ctx.db, req.merchant.id, BigInt(req.params.id));
      const b = req.body;
      await limits.impose(
        { merchantId: req.merchant.id, memberId: m.id, staffId: req.session!.memberId, reason: b.reason },
        b.kind === 'session'
          ? { kind: 'session', minutes: b.minutes }
          : { kind: b.kind, span: b.span, amount: parseAmount(b.amount)! },
      );
      return {
        success: true as const,
        value: await limits.list(req.merchant.id, m.id, req.merchant.currency),
      };
    },
  );

  app.post(
    OPS_MEMBER_PATHS.resetPassword,
    {
      config: write,
      schema: {
        tags,
        summary:
          'Give the member a temporary password, shown once (changed at the next sign-in; every session ends; audited with the reason)',
        params: memberIdParams,
        body: memberPasswordResetRequest,
        response: { 200: memberPasswordResetResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await member360.resetPassword(
        req.merchant.id,
        req.session!.memberId,
        BigInt(req.params.id),
        req.body.reason,
      ),
    }),
  );
};
