import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  STAFF_ADMIN_PATHS,
  staffCreateRequest,
  staffIdParams,
  staffListResponse,
  staffMemberResponse,
  staffPasswordRequest,
  staffReasonRequest,
  staffUpdateRequest,
} from '@panalo/contract/staff';
import { staffAdminService } from './staff-admin.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['ops', 'staff'];

/** The owner's staff management: accounts, roles, status, passwords and authenticators. */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffAdminService(app.ctx.db, app.ctx.clock, app.ctx.sessions);
  const config = { auth: 'operator' as const, permission: 'staff' as const };

  app.get(
    STAFF_ADMIN_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary: 'The site’s staff: role, status, authenticator set up, last sign-in',
        response: { 200: staffListResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await staff.list(req.merchant.id) }),
  );

  app.post(
    STAFF_ADMIN_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary:
          'Add a staff member with a first password and a role (the authenticator is set up at the first sign-in; audited)',
        body: staffCreateRequest,
        response: { 200: staffMemberResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await staff.create(req.merchant.id, req.session!.memberId, req.body),
    }),
  );

  app.put(
    STAFF_ADMIN_PATHS.one,
    {
      config,
      schema: {
        tags,
        summary:
          'Change another staff member’s role or status, with a reason (their sessions end; one active owner stays; audited)',
        params: staffIdParams,
        body: staffUpdateRequest,
        response: { 200: staffMemberResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await staff.update(req.merchant.id, req.session!.memberId, BigInt(req.params.id), req.body),
    }),
  );

  app.post(
    STAFF_ADMIN_PATHS.password,
    {
      config,
      schema: {
        tags,
        summary:
          'Set another staff member’s password, with a reason (their sessions end; audited without it)',
        params: staffIdParams,
        body: staffPasswordRequest,
        response: { 200: staffMemberResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await staff.setPassword(
        req.merchant.id,
        req.session!.memberId,
        BigInt(req.params.id),
        req.body.password,
        req.body.reason,
      ),
    }),
  );

  app.post(
    STAFF_ADMIN_PATHS.resetSecondFactor,
    {
      config,
      schema: {
        tags,
        summary:
          'Make another staff member set up the authenticator again, with a reason (their sessions end; audited)',
        params: staffIdParams,
        body: staffReasonRequest,
        response: { 200: staffMemberResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await staff.resetSecondFactor(
        req.merchant.id,
        req.session!.memberId,
        BigInt(req.params.id),
        req.body.reason,
      ),
    }),
  );
};
