import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  feedbackFields,
  feedbackIdParams,
  feedbackImageParams,
  feedbackListResponse,
  feedbackReplyRequest,
  feedbackResponse,
  opsFeedbackListResponse,
  opsFeedbackQuery,
} from '@panalo/contract/feedback';
import { FEEDBACK_API, FEEDBACK_LIMITS } from '@panalo/contract/feedback-rules';
import { DomainError } from '../../lib/domain-error';
import { imageFormLimits, readImageForm, sendImage } from '../../lib/image-form';
import { readerScope } from '../staff/staff.policy';
import { staffService } from '../staff/staff.service';
import { feedbackService, feedbackWordBounds } from './feedback.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['feedback'];

const refuse = (code: string, message: string, value?: Record<string, unknown>) =>
  new DomainError(code, 400, message, value);

/**
 * Feedback (issue 19 item 3, /m/feedback, flag FEEDBACK3). The member's PUT is multipart/form-data:
 * category, content and up to 3 images, each read whole (≤ 5 MB), checked by its bytes (png or jpg; a
 * zip, an SVG, anything else refused) and written again without metadata before anything is stored.
 */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = feedbackService(app.ctx.db, app.ctx.clock, app.ctx.files);
  const staff = staffService(app.ctx.db, app.ctx.clock);
  await app.register(multipart, imageFormLimits(FEEDBACK_LIMITS));
  const member = { auth: 'realMember' as const, feature: 'FEEDBACK3' as const };

  app.put(
    FEEDBACK_API.mine,
    {
      config: member,
      schema: {
        tags,
        summary:
          'Send feedback: multipart/form-data with category, content (within the merchant’s word bounds) and up to 3 png/jpg images ≤ 5 MB',
        consumes: ['multipart/form-data'],
        response: { 200: feedbackResponse, ...errors },
      },
    },
    async (req) => {
      const { fields, images } = await readImageForm(req, FEEDBACK_LIMITS);
      const parsed = feedbackFields.safeParse(fields);
      if (!parsed.success)
        throw refuse('validation_failed', parsed.error.issues[0]?.message ?? 'Invalid feedback');
      return {
        success: true as const,
        value: await service.send({
          merchantId: req.merchant.id,
          memberId: req.session!.memberId,
          settings: req.merchant.settings,
          category: parsed.data.category,
          content: parsed.data.content,
          images,
        }),
      };
    },
  );

  app.get(
    FEEDBACK_API.mine,
    {
      config: member,
      schema: {
        tags,
        summary: 'My feedback, newest first, with the operator’s replies',
        response: { 200: feedbackListResponse, ...errors },
      },
    },
    async (req) => {
      const bounds = feedbackWordBounds(req.merchant.settings);
      return {
        success: true as const,
        value: {
          list: await service.mine(req.merchant.id, req.session!.memberId),
          minWords: bounds.min,
          maxWords: bounds.max,
        },
      };
    },
  );

  app.get(
    FEEDBACK_API.image,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'One image of my feedback (staff: of the merchant’s feedback)',
        params: feedbackImageParams,
      },
    },
    async (req, reply) => {
      const img = await service.image(
        req.merchant.id,
        await readerScope(staff, req.merchant.id, req.session!, 'feedback'),
        BigInt(req.params.id),
        req.params.n,
      );
      return sendImage(reply, img);
    },
  );

  app.get(
    FEEDBACK_API.opsList,
    {
      config: { auth: 'operator', permission: 'feedback' },
      schema: {
        tags: ['ops'],
        summary: 'The merchant’s feedback, newest first (?status=open|replied|closed)',
        querystring: opsFeedbackQuery,
        response: { 200: opsFeedbackListResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await service.opsList(req.merchant.id, req.query) }),
  );

  app.post(
    FEEDBACK_API.opsReply,
    {
      config: { auth: 'operator', permission: 'feedback' },
      schema: {
        tags: ['ops'],
        summary: 'Reply to a feedback (and close it); the member is told by mail (audited)',
        params: feedbackIdParams,
        body: feedbackReplyRequest,
        response: { 200: feedbackResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.reply({
        merchantId: req.merchant.id,
        staffId: req.session!.memberId,
        id: BigInt(req.params.id),
        content: req.body.content,
        close: req.body.close,
      }),
    }),
  );
};
