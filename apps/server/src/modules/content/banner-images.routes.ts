import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  BANNER_IMAGE_PATH,
  BANNER_LIMITS,
  bannerImageParams,
  OPS_ANNOUNCEMENT_IMAGE_PATH,
  opsAnnouncementParams,
  opsAnnouncementResponse,
} from '@panalo/contract/content-ops';
import { DomainError } from '../../lib/domain-error';
import { imageFormLimits, readImageForm } from '../../lib/image-form';
import { contentOpsService } from './content-ops.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Announcement pictures (issue 20 screen 6, banners' images): staff upload one png or jpg, checked by
 * its bytes and written again without metadata; the member site loads it from a public address with a
 * random name, cached for a year (a new picture gets a new name).
 */
export const bannerImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = contentOpsService(app.ctx.db, app.ctx.clock, app.ctx.files);
  await app.register(multipart, imageFormLimits(BANNER_LIMITS));

  app.post(
    OPS_ANNOUNCEMENT_IMAGE_PATH,
    {
      config: { auth: 'operator', permission: 'content' },
      schema: {
        tags: ['ops'],
        summary:
          'Replace an announcement’s picture: one png or jpg (checked by content), with a reason (audited)',
        params: opsAnnouncementParams,
        response: { 200: opsAnnouncementResponse, ...errors },
      },
    },
    async (req) => {
      const { fields, images } = await readImageForm(req, BANNER_LIMITS);
      const reason = (fields.reason ?? '').trim();
      if (reason.length < 3 || reason.length > 200)
        throw new DomainError('validation_failed', 400, 'Give a reason', { field: 'reason' });
      const image = images[0];
      if (!image) throw new DomainError('upload_invalid', 400, 'Choose a png or jpg picture');
      if (image.width > BANNER_LIMITS.maxSide || image.height > BANNER_LIMITS.maxSide)
        throw new DomainError('upload_image_size', 400, 'The picture is too large', {
          maxSide: BANNER_LIMITS.maxSide,
        });
      return {
        success: true as const,
        value: await ops.setImage(req.merchant.id, req.session!.memberId, req.params.id, image, reason),
      };
    },
  );

  app.get(
    BANNER_IMAGE_PATH,
    { schema: { tags: ['content'], summary: 'An uploaded announcement picture', params: bannerImageParams } },
    async (req, reply) => {
      const bytes = await app.ctx.files.get(`banners/${req.params.file}`);
      if (!bytes) throw new DomainError('content_not_found', 404, 'No such picture');
      return reply
        .type(req.params.file.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );
};
