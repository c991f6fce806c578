import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  ROLE_PERMISSIONS,
  STAFF_ACTION_PATH,
  STAFF_IDLE_MINUTES,
  STAFF_PATHS,
  staffActionListResponse,
  staffActionQuery,
  staffMeResponse,
} from '@panalo/contract/staff';
import { staffRepository } from './staff.repository';
import { staffService } from './staff.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The operator console's own account calls. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffService(app.ctx.db, app.ctx.clock);
  const accounts = staffRepository(app.ctx.db);

  app.get(
    STAFF_PATHS.me,
    {
      config: { auth: 'operator', permission: 'self' },
      schema: {
        tags: ['ops'],
        summary:
          'The signed-in staff member: role and permissions (the console hides what the server refuses)',
        response: { 200: staffMeResponse, ...errors },
      },
    },
    async (req) => {
      const role = await staff.require(req.merchant.id, req.session!.memberId, 'self');
      return {
        success: true as const,
        value: {
          username: req.session!.username,
          role,
          permissions: [...ROLE_PERMISSIONS[role]],
          merchantCode: req.merchant.code,
          merchantName: req.merchant.name,
          currency: req.merchant.currency,
          languages: [
            req.merchant.default_language,
            ...req.merchant.languages.filter((l) => l !== req.merchant.default_language),
          ],
          idleMinutes: STAFF_IDLE_MINUTES,
        },
      };
    },
  );

  app.get(
    STAFF_ACTION_PATH,
    {
      config: { auth: 'operator', permission: 'audit' },
      schema: {
        tags: ['ops'],
        summary:
          'The staff’s request log, newest first: every operator call that changed something, with its answer and IP',
        querystring: staffActionQuery,
        response: { 200: staffActionListResponse, ...errors },
      },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      const { rows, total } = await accounts.actions(req.merchant.id, page, pageSize);
      return {
        success: true as const,
        value: {
          list: rows.map((r) => ({
            id: r.id.toString(),
            staff: r.username,
            method: r.method,
            route: r.route,
            path: r.path,
            status: r.status,
            ip: r.ip,
            userAgent: r.user_agent,
            createdAt: new Date(r.created_at).toISOString(),
          })),
          total,
          totalPages: Math.ceil(total / pageSize),
        },
      };
    },
  );
};
