import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, ok } from '@panalo/contract/common';
import { kycMobileConfirmBody, kycStatusResponse } from '@panalo/contract/kyc';
import { KYC_API } from '@panalo/contract/kyc-rules';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { kycRepository } from '../kyc/kyc.repository';
import { kycService } from '../kyc/kyc.service';
import { smsRecipient } from '../messaging/messaging';
import { SMS_IP_RULE, SMS_NUMBER_HOUR_RULE, SMS_NUMBER_MINUTE_RULE, smsText } from './sms-code.service';
import { verificationService } from './verification.service';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const tags = ['kyc'];
const MINUTE = 60_000;

/**
 * Verification level 1 (issue 53): a signed-in member confirms the mobile number on the account with a
 * code sent to it (the SMS codes' own rate limits and tries). A registration that proved its number by a
 * code confirmed it already.
 */
export const mobileConfirmRoutes: FastifyPluginAsyncZod = async (app) => {
  const codes = verificationService(app.ctx.db, app.ctx.clock);
  const kyc = kycService(app.ctx.db, app.ctx.files);
  const mobileOf = async (merchantId: number, memberId: bigint) => {
    const m = await kycRepository(app.ctx.db).mobileOf(merchantId, memberId);
    if (!m?.mobile_num || !m.country_dialing_code)
      throw new DomainError('kyc_no_mobile', 409, 'Add a mobile number to your profile first');
    return { dial: m.country_dialing_code, num: m.mobile_num };
  };

  app.post(
    KYC_API.mobileCode,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Send a code by SMS to the mobile number on my account, to confirm it',
        response: { 200: ok(z.object({ expiredMinutes: z.number().int() })), ...errors },
      },
    },
    async (req) => {
      const merchant = req.merchant;
      const { dial, num } = await mobileOf(merchant.id, req.session!.memberId);
      const recipient = smsRecipient(dial, num);
      await app.ctx.limits.consume(merchant.id, SMS_IP_RULE, req.ip);
      await app.ctx.limits.consume(merchant.id, SMS_NUMBER_MINUTE_RULE, recipient);
      await app.ctx.limits.consume(merchant.id, SMS_NUMBER_HOUR_RULE, recipient);
      const minutes = merchant.settings.smsExpiredMinutes;
      const code = await codes.issue({
        merchantId: merchant.id,
        channel: 'sms',
        recipient,
        purpose: 'confirm',
        ttlMs: minutes * MINUTE,
      });
      await app.ctx.messaging.sendSms({
        merchantId: merchant.id,
        countryDialingCode: dial,
        mobileNum: num,
        text: smsText(merchant, code, minutes),
      });
      return { success: true as const, value: { expiredMinutes: minutes } };
    },
  );

  app.post(
    KYC_API.mobileConfirm,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Confirm my mobile number with the code sent to it (verification level 1)',
        body: kycMobileConfirmBody,
        response: { 200: kycStatusResponse, ...errors },
      },
    },
    async (req) => {
      const merchantId = req.merchant.id;
      const memberId = req.session!.memberId;
      const { dial, num } = await mobileOf(merchantId, memberId);
      const used = await codes.consume({
        merchantId,
        recipient: smsRecipient(dial, num),
        purpose: 'confirm',
        code: req.body.code,
      });
      if (!used) throw new DomainError('sms_code_wrong', 400, 'Verification code error');
      const now = app.ctx.clock.now();
      await kyc.confirmMobile({ merchantId, memberId, value: `${dial}${num}`, at: now });
      return { success: true as const, value: await kyc.status(merchantId, memberId, now) };
    },
  );
};
