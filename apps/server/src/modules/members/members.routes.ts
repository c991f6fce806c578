import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, ok } from '@panalo/contract/common';
import {
  headIconFileParams,
  headIconResponse,
  headIconUpload,
  memberInfoResponse,
  nicknameUpdate,
  personalInfoResponse,
  personalInfoUpdate,
} from '@panalo/contract/member';
import { HEAD_ICON, PROFILE_API } from '@panalo/contract/profile-rules';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { membersRepository } from '../identity/members.repository';
import { membersService } from './members.service';
import { profileService } from './profile.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  413: errorBody,
  503: errorBody,
};
/** A 2 MB picture as base64 in a form field, with room for the field name and percent-encoding. */
const HEAD_ICON_BODY_LIMIT = Math.ceil(((HEAD_ICON.maxBytes * 4) / 3) * 1.5);

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = membersService(membersRepository(app.ctx.db));
  const profile = profileService(app.ctx.db, app.ctx.files);
  const tags = ['members'];

  // The head icon's POST is form-encoded (spec §7, API-027); this plugin's routes only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/members/me',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The calling member (member info of spec §3)',
        response: { 200: memberInfoResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.me(req.merchant.id, req.session!.memberId, req.merchant.default_language),
    }),
  );

  app.get(
    PROFILE_API.headIcon,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Where my head icon is served (a path), or null (API-027)',
        response: { 200: headIconResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await profile.headIcon(req.merchant.id, req.session!.memberId),
    }),
  );

  app.post(
    PROFILE_API.headIcon,
    {
      config: { auth: 'realMember' },
      bodyLimit: HEAD_ICON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'A new head icon, form-encoded (API-027): headIcon = a data URL of a png, jpg or webp picture ≤ 2 MB, checked by its bytes and stored without metadata',
        consumes: ['application/x-www-form-urlencoded'],
        body: headIconUpload,
        response: { 200: headIconResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await profile.setHeadIcon(req.merchant.id, req.session!.memberId, req.body.headIcon),
    }),
  );

  app.get(
    PROFILE_API.headIconFile,
    {
      // The name is random (122 bits): knowing it is the permission, like any picture on a CDN.
      schema: { tags, summary: 'A head icon picture', params: headIconFileParams },
    },
    async (req, reply) => {
      const file = await profile.headIconFile(req.params.file);
      if (!file) throw notFound();
      return reply
        .type(file.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );

  app.get(
    PROFILE_API.personalInfo,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'My personal info (API-071): contacts mine to change, bound ones masked',
        response: { 200: personalInfoResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await profile.personalInfo(req.merchant.id, req.session!.memberId),
    }),
  );

  app.put(
    PROFILE_API.personalInfo,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Change my contact fields (API-071); each follows the merchant’s registration rule for it',
        body: personalInfoUpdate,
        response: { 200: personalInfoResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await profile.updatePersonalInfo(
        req.merchant.id,
        req.session!.memberId,
        req.merchant.registration_rules,
        req.body,
      ),
    }),
  );

  app.post(
    PROFILE_API.nickname,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Change my nickname (API-071): 1–32 characters, and the merchant’s nickname rule',
        body: nicknameUpdate,
        response: { 200: ok(z.string()), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await profile.setNickname(
        req.merchant.id,
        req.session!.memberId,
        req.merchant.registration_rules,
        req.body.nickname,
      ),
    }),
  );
};
