import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { ROLE_PERMISSIONS, STAFF_IDLE_MINUTES, STAFF_PATHS, staffMeResponse } from '@panalo/contract/staff';
import { staffService } from './staff.service';

const errors = { 401: errorBody, 403: errorBody };

/** The operator console's own account calls. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffService(app.ctx.db, app.ctx.clock);

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
          idleMinutes: STAFF_IDLE_MINUTES,
        },
      };
    },
  );
};
