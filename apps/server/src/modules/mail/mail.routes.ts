import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  mailDetailResponse,
  mailIdParams,
  mailListQuery,
  mailListResponse,
  mailUnreadResponse,
  messageCountResponse,
  sendMailRequest,
  sendMailResponse,
} from '@panalo/contract/mail';
import { MAIL_API } from '@panalo/contract/mail-rules';
import { unreadCountResponse } from '@panalo/contract/member';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';
import { mailService } from './mail.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };
const tags = ['mail'];

/**
 * The mail centre (issue 19, /m/webEmail). A member reads only its own mailbox: every call takes the
 * member from the session, never from a parameter, and another member's mail id is mail_unknown.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = mailService(app.ctx.db, app.ctx.clock);
  const member = { auth: 'realMember' as const };

  app.get(
    MAIL_API.unreadCount,
    {
      config: member,
      schema: {
        tags,
        summary: 'Unread mail count (a plain number)',
        response: { 200: unreadCountResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await mail.unreadCount(req.merchant.id, req.session!.memberId),
    }),
  );

  app.get(
    MAIL_API.messageCount,
    {
      config: member,
      schema: {
        tags,
        summary: 'How many mails my mailbox holds (a plain number)',
        response: { 200: messageCountResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await mail.messageCount(req.merchant.id, req.session!.memberId),
    }),
  );

  app.get(
    MAIL_API.list,
    {
      config: member,
      schema: {
        tags,
        summary: 'My mail, unread first and newest first, with the total and the unread count',
        querystring: mailListQuery,
        response: { 200: mailListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await mail.list(req.merchant.id, req.session!.memberId, req.query.page, req.query.pageSize),
    }),
  );

  app.post(
    MAIL_API.readAll,
    {
      config: member,
      schema: {
        tags,
        summary: 'Mark every mail of my mailbox read',
        response: { 200: mailUnreadResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await mail.readAll(req.merchant.id, req.session!.memberId),
    }),
  );

  app.get(
    MAIL_API.detail,
    {
      config: member,
      schema: {
        tags,
        summary: 'One of my mails with its body (sanitised HTML); opening it marks it read',
        params: mailIdParams,
        response: { 200: mailDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await mail.open(req.merchant.id, req.session!.memberId, BigInt(req.params.id)),
    }),
  );

  app.delete(
    MAIL_API.remove,
    {
      config: member,
      schema: {
        tags,
        summary: 'Delete one of my mails (from my mailbox only)',
        params: mailIdParams,
        response: { 200: mailUnreadResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await mail.remove(req.merchant.id, req.session!.memberId, BigInt(req.params.id)),
    }),
  );

  app.post(
    MAIL_API.opsSend,
    {
      config: { auth: 'operator', permission: 'mail' },
      schema: {
        tags: ['ops'],
        summary:
          'Send a mail to named members, VIP levels, an agent’s team, member types or everyone (HTML sanitised; Idempotency-Key)',
        body: sendMailRequest,
        response: { 200: sendMailResponse, 409: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      return sendIdempotent(reply, await mail.send(req.merchant.id, req.session!.memberId, req.body, key));
    },
  );
};
