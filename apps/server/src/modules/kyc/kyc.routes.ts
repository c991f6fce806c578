import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  kycDocumentFields,
  kycDocumentResponse,
  kycImageParams,
  kycOpsParams,
  kycOpsQuery,
  kycReviewBody,
  kycReviewDetailResponse,
  kycReviewListResponse,
  kycSettings,
  kycSettingsResponse,
  kycStatusResponse,
} from '@panalo/contract/kyc';
import { KYC_API, KYC_MAX_IMAGE_BYTES, type KycImageSlot } from '@panalo/contract/kyc-rules';
import { DomainError } from '../../lib/domain-error';
import { imageFormLimits, readSlotImageForm, sendImage } from '../../lib/image-form';
import { kycService } from './kyc.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['kyc'];

const KYC_FORM = {
  maxImages: 3,
  maxImageBytes: KYC_MAX_IMAGE_BYTES,
  imageTypes: ['image/jpeg', 'image/png'] as const,
};
const SLOTS: readonly KycImageSlot[] = ['front', 'back', 'selfie', 'document'];

/**
 * Know your customer (issue 53 items 1 and 2): the member's level and documents (multipart, each image
 * checked by its bytes and stripped of metadata before it is sealed and stored), and the console's
 * review queue (permission `kyc`, every image view audited) and settings (`site.control`).
 */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const kyc = kycService(app.ctx.db, app.ctx.files, app.ctx.screening);
  await app.register(multipart, imageFormLimits(KYC_FORM));
  const now = () => app.ctx.clock.now();
  const staffOf = (req: { session: { memberId: bigint; username: string } | null }) => ({
    memberId: req.session!.memberId,
    username: req.session!.username,
  });

  app.get(
    KYC_API.mine,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'My verification level, what each level allows, when a level is required, my documents',
        response: { 200: kycStatusResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await kyc.status(req.merchant.id, req.session!.memberId, now()),
    }),
  );

  app.post(
    KYC_API.documents,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary:
          'Send a document: multipart/form-data with kind, idType (identity), fullName, birthDate and the images — front, back (not for a passport) and selfie, or document (a proof of address); png or jpg, ≤ 10 MB each',
        consumes: ['multipart/form-data'],
        response: { 200: kycDocumentResponse, ...errors },
      },
    },
    async (req) => {
      const { fields, images } = await readSlotImageForm(req, KYC_FORM, SLOTS);
      const parsed = kycDocumentFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new DomainError('validation_failed', 400, 'Invalid request', {
          field: String(issue?.path[0] ?? ''),
          rule: issue?.message ?? 'invalid',
        });
      }
      return {
        success: true as const,
        value: await kyc.submit({
          merchantId: req.merchant.id,
          memberId: req.session!.memberId,
          kind: parsed.data.kind,
          idType: parsed.data.idType,
          fullName: parsed.data.fullName,
          birthDate: parsed.data.birthDate,
          images,
          now: now(),
        }),
      };
    },
  );

  app.get(
    KYC_API.ops.settings,
    {
      config: { auth: 'operator', permission: 'kyc' },
      schema: {
        tags: ['ops'],
        summary: 'The verification settings: what each level allows, when a level is required',
        response: { 200: kycSettingsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await kyc.settings(req.merchant.id) }),
  );

  app.put(
    KYC_API.ops.settings,
    {
      config: { auth: 'operator', permission: 'site.control' },
      schema: {
        tags: ['ops'],
        summary: 'Set the verification settings (audited as kyc.settings)',
        body: kycSettings,
        response: { 200: kycSettingsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await kyc.putSettings({
        merchantId: req.merchant.id,
        staff: staffOf(req),
        settings: req.body,
        at: now(),
      }),
    }),
  );

  app.get(
    KYC_API.ops.documents,
    {
      config: { auth: 'operator', permission: 'kyc' },
      schema: {
        tags: ['ops'],
        summary: 'The review queue: waiting documents oldest first, decided ones newest first (at most 500)',
        querystring: kycOpsQuery,
        response: { 200: kycReviewListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { list: await kyc.queue(req.merchant.id, req.query.status, now()) },
    }),
  );

  app.get(
    KYC_API.ops.document,
    {
      config: { auth: 'operator', permission: 'kyc' },
      schema: {
        tags: ['ops'],
        summary: 'One document with the account it is compared with, the checks, and who viewed its images',
        params: kycOpsParams,
        response: { 200: kycReviewDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await kyc.detail(req.merchant.id, BigInt(req.params.id), now()),
    }),
  );

  app.get(
    KYC_API.ops.image,
    {
      config: { auth: 'operator', permission: 'kyc' },
      schema: {
        tags: ['ops'],
        summary: 'One image of a document, decrypted for the reviewer; every view is audited (kyc.view)',
        params: kycImageParams,
      },
    },
    async (req, reply) => {
      const img = await kyc.image({
        merchantId: req.merchant.id,
        id: BigInt(req.params.id),
        slot: req.params.slot,
        staff: staffOf(req),
        ip: req.ip,
        now: now(),
      });
      // Never kept by a browser or a proxy: the next view is asked for (and audited) again.
      return sendImage(reply, img).header('cache-control', 'no-store');
    },
  );

  app.post(
    KYC_API.ops.review,
    {
      config: { auth: 'operator', permission: 'kyc' },
      schema: {
        tags: ['ops'],
        summary:
          'Approve (from the checker level, two different reviewers), reject with a reason the member reads, or ask for another document; audited',
        params: kycOpsParams,
        body: kycReviewBody,
        response: { 200: kycReviewDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await kyc.review({
        merchantId: req.merchant.id,
        id: BigInt(req.params.id),
        staff: staffOf(req),
        decision: req.body.decision,
        reason: req.body.reason,
        expiresOn: req.body.expiresOn,
        ip: req.ip,
        now: now(),
      }),
    }),
  );
};
