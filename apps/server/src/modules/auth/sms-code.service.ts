import type { z } from 'zod';
import type { smsCodeRequest } from '@panalo/contract/auth';
import type { AppContext } from '../../context';
import { DomainError } from '../../lib/domain-error';
import { membersRepository } from '../identity/members.repository';
import type { MerchantRow } from '../merchants/merchants.repository';
import { smsRecipient } from '../messaging/messaging';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { verificationService, type CodePurpose } from './verification.service';

type SmsCodeRequest = z.infer<typeof smsCodeRequest>;

const MINUTE = 60_000;
/** One code a minute and five an hour per number; twenty an hour per IP (SMS cost real money). */
export const SMS_NUMBER_MINUTE_RULE: LimitRule = { scope: 'sms:number:minute', limit: 1, windowMs: MINUTE };
export const SMS_NUMBER_HOUR_RULE: LimitRule = { scope: 'sms:number:hour', limit: 5, windowMs: 60 * MINUTE };
export const SMS_IP_RULE: LimitRule = { scope: 'sms:ip', limit: 20, windowMs: 60 * MINUTE };

/** Whether the merchant offers anything an SMS code of this purpose is for. */
export function smsPurposeOffered(merchant: MerchantRow, purpose: CodePurpose): boolean {
  const flags = merchant.whitelabel;
  switch (purpose) {
    case 'register':
      return (
        flags.MOBILENUMREG3 === true ||
        flags.REGMOBVERF3 === true ||
        merchant.registration_rules.verificationCode?.enabled === true
      );
    case 'login':
      return flags.MOBILEVERCODELOGIN3 === true;
    case 'reset':
      return merchant.settings.passwordResetByPhone;
    case 'confirm':
      return true;
  }
}

/** The SMS text, naming the merchant, in the merchant's default language (TY or EN). */
export function smsText(merchant: MerchantRow, code: string, minutes: number): string {
  return merchant.default_language === 'TY'
    ? `${merchant.name}: ang iyong verification code ay ${code}. Mag-e-expire ito sa loob ng ${minutes} minuto. Huwag itong ibahagi kaninuman.`
    : `${merchant.name}: your verification code is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`;
}

/**
 * Sends a 6-digit SMS code (spec §3/§7: mobileNo to register, mobileNum to log in or set a password).
 * For login and reset the answer never says whether the number has an account: the code is made in
 * every case and sent only to a number that has one.
 */
export function smsCodeService(ctx: AppContext) {
  const members = membersRepository(ctx.db);
  const codes = verificationService(ctx.db, ctx.clock);

  return {
    async send(merchant: MerchantRow, req: SmsCodeRequest, ip: string): Promise<{ expiredMinutes: number }> {
      const field = req.purpose === 'register' ? 'mobileNo' : 'mobileNum';
      const mobileNum = req[field];
      if (!mobileNum) {
        throw new DomainError('validation_failed', 400, 'Invalid request', { field, rule: 'required' });
      }
      if (!merchant.settings.countryDialingCodes.includes(req.countryDialingCode)) {
        throw new DomainError('validation_failed', 400, 'Invalid request', {
          field: 'countryDialingCode',
          rule: 'valid.mobile',
        });
      }
      if (!smsPurposeOffered(merchant, req.purpose)) {
        throw new DomainError('sms_unavailable', 403, 'SMS verification is not available');
      }
      await ctx.limits.consume(merchant.id, SMS_IP_RULE, ip);

      const member = await members.findByMobile(merchant.id, req.countryDialingCode, mobileNum);
      if (req.purpose === 'register' && member) {
        throw new DomainError('mobile_taken', 409, 'This mobile number is already registered');
      }
      const recipient = smsRecipient(req.countryDialingCode, mobileNum);
      await ctx.limits.consume(merchant.id, SMS_NUMBER_MINUTE_RULE, recipient);
      await ctx.limits.consume(merchant.id, SMS_NUMBER_HOUR_RULE, recipient);

      const minutes = merchant.settings.smsExpiredMinutes;
      const code = await codes.issue({
        merchantId: merchant.id,
        channel: 'sms',
        recipient,
        purpose: req.purpose,
        ttlMs: minutes * MINUTE,
      });
      const deliver = req.purpose === 'register' || member?.status === 'active';
      if (deliver) {
        await ctx.messaging.sendSms({
          merchantId: merchant.id,
          countryDialingCode: req.countryDialingCode,
          mobileNum,
          text: smsText(merchant, code, minutes),
        });
      }
      return { expiredMinutes: minutes };
    },
  };
}
