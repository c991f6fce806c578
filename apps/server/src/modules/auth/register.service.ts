import type { RegisterPayload, SessionValue } from '@panalo/contract/auth';
import type { RegistrationField } from '@panalo/contract/merchant';
import type { AppContext } from '../../context';
import { randomToken } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import {
  MEMBER_MOBILE_CONSTRAINT,
  MEMBER_USERNAME_CONSTRAINT,
  membersRepository,
  uniqueViolation,
  type MemberRow,
} from '../identity/members.repository';
import type { MerchantRow } from '../merchants/merchants.repository';
import { smsRecipient } from '../messaging/messaging';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { findInvitation, joinThroughLink, type Invitation } from '../agents/affiliate-links';
import { captchaService } from './captcha.service';
import { startSession, type Caller } from './login-session';
import { hashPassword } from '../identity/passwords';
import { birthDateAccepted, dayIn } from '@panalo/contract/age';
import { checkRegistrationFields, type FieldPlan } from '../identity/registration-rules';
import { markCodeUsed, verificationService } from './verification.service';
import {
  checkPhoneToken,
  purgePhoneTokenUses,
  recordPhoneTokenUse,
  type CheckedPhoneToken,
} from '../phone-verification/phone-token';
import { inTransaction } from '../../db/transaction';
import { authRepository } from './auth.repository';
import { kycRepository } from '../kyc/kyc.repository';
import { screenPerson } from '../aml/aml.service';

const HOUR = 3600_000;
/** Registration calls per IP (what a typo-prone person needs), and accounts made per IP. */
export const REGISTER_ATTEMPT_RULE: LimitRule = { scope: 'register:attempt', limit: 30, windowMs: HOUR };
export const REGISTER_IP_RULE: LimitRule = { scope: 'register:ip', limit: 10, windowMs: HOUR };

const PROFILE_FIELDS = [
  'nickname',
  'email',
  'payeeName',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'recommenderId',
  'paymentPassword',
  'affiliateCode',
] as const satisfies readonly RegistrationField[];

const taken = (what: 'username' | 'mobile') =>
  what === 'username'
    ? new DomainError('username_taken', 409, 'Sorry, the username already exists')
    : new DomainError('mobile_taken', 409, 'This mobile number is already registered');
const smsCodeWrong = () => new DomainError('sms_code_wrong', 400, 'Verification code error');
const invalidField = (field: string, rule: string) =>
  new DomainError('validation_failed', 400, 'Invalid request', { field, rule });

/** Which fields a registration needs: by method (username or mobile) and the merchant's flags. */
function planFor(merchant: MerchantRow, mode: RegisterPayload['mode']): FieldPlan & { needsCode: boolean } {
  const flags = merchant.whitelabel;
  const needsCode =
    mode === 'mobile' ||
    flags.REGMOBVERF3 === true ||
    merchant.registration_rules.verificationCode?.enabled === true;
  const withPassword = mode === 'username' || flags.MOBILENUMPASSREG3 === true;
  const required = new Set<RegistrationField>(mode === 'username' ? ['username'] : ['mobileNum']);
  const skipped = new Set<RegistrationField>(['captcha']);
  if (withPassword) required.add('password').add('confirmPassword');
  else skipped.add('password').add('confirmPassword');
  // Through the phone-verification service the code is checked by the service, not sent here (API-015).
  const ownCode = needsCode && !merchant.settings.phoneVerification;
  if (needsCode) required.add('mobileNum');
  if (ownCode) required.add('verificationCode');
  else skipped.add('verificationCode');
  if (mode === 'mobile') skipped.add('username');
  return { required, skipped, kept: new Set(['affiliateCode']), needsCode };
}

/**
 * Registration (spec §3 payload, §4 method, §5 rules, §6 flags): every field is checked on the server
 * against the merchant's rules, then captcha, invitation code, availability and the SMS code (in that
 * order, so that a code is not burnt by a form error); the member is written in one statement (a
 * concurrent duplicate hits the unique index and gets 409) and logged in.
 */
export function registerService(ctx: AppContext) {
  const members = membersRepository(ctx.db);
  const captchas = captchaService(ctx.db, ctx.clock);
  const codes = verificationService(ctx.db, ctx.clock);

  async function checkCaptcha(p: RegisterPayload, caller: Caller): Promise<void> {
    const m = caller.merchant;
    if (!m.settings.captchaEnabled || m.registration_rules.captcha?.enabled !== true) return;
    if (!p.captcha) throw new DomainError('captcha_required', 400, 'Enter a captcha');
    if (!caller.device || !(await captchas.verify(m.id, caller.device, p.captcha))) {
      throw new DomainError('captcha_wrong', 400, 'Incorrect captcha');
    }
  }

  /** The team a registration joins: an agent's own invitation code or one of its links (issue 16 item 6). */
  async function invitationOf(merchantId: number, code: string | undefined): Promise<Invitation | null> {
    if (code === undefined) return null;
    const inv = await findInvitation(ctx.db, merchantId, code, ctx.clock.now());
    if (!inv) throw new DomainError('affiliate_invalid', 400, 'Invalid invitation code');
    return inv;
  }

  /** Mobile registrations are named by the number; the dialling code makes a clash between countries unique. */
  async function mobileUsername(merchantId: number, dial: string, mobileNum: string): Promise<string> {
    if (!(await members.findByUsername(merchantId, mobileNum))) return mobileNum;
    return `${dial.replace(/\D/g, '')}${mobileNum}`;
  }

  return {
    async register(p: RegisterPayload, caller: Caller): Promise<SessionValue> {
      const merchant = caller.merchant;
      const flag = p.mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3';
      if (merchant.whitelabel[flag] !== true) {
        throw new DomainError('register_method_disabled', 403, 'This registration method is not available');
      }
      const plan = planFor(merchant, p.mode);
      const check = checkRegistrationFields(merchant.registration_rules, p, plan);
      if (!check.ok) throw invalidField(check.field, check.rule);
      const v = check.values;
      if (v.password !== undefined && v.password !== v.confirmPassword) {
        throw new DomainError('confirm_mismatch', 400, 'Confirmation password not matched');
      }
      // The date of birth, when the merchant asks for it: a real day at least the merchant's minimum
      // age (18 or 21) before today in its time zone (VALID-042; spec §8 'Please enter the correct date of birth').
      if (
        v.birthDate !== undefined &&
        !birthDateAccepted(
          v.birthDate,
          dayIn(ctx.clock.now(), merchant.settings.timeZone),
          merchant.settings.ageNotice,
        )
      ) {
        throw new DomainError('birth_date_invalid', 400, 'Please enter the correct date of birth', {
          field: 'birthDate',
          minAge: merchant.settings.ageNotice,
        });
      }
      const dial = p.countryDialingCode?.trim() ?? '';
      if (v.mobileNum !== undefined && !merchant.settings.countryDialingCodes.includes(dial)) {
        throw invalidField('countryDialingCode', 'valid.mobile');
      }

      await checkCaptcha(p, caller);
      const invitation = await invitationOf(merchant.id, v.affiliateCode);
      if (v.username !== undefined && (await members.findByUsername(merchant.id, v.username))) {
        throw taken('username');
      }
      if (v.mobileNum !== undefined && (await members.findByMobile(merchant.id, dial, v.mobileNum))) {
        throw taken('mobile');
      }
      const phoneService = merchant.settings.phoneVerification;
      let phoneToken: CheckedPhoneToken | undefined;
      let smsCode: bigint | null = null;
      if (plan.needsCode && v.mobileNum !== undefined && phoneService) {
        // API-015: the code went through the phone-verification service; its ID token proves the number.
        if (p.firebaseChannel !== 'sms' || !p.firebaseIdToken)
          throw invalidField('firebaseIdToken', 'valid.verification_code');
        // Checked now; marked used in the member's own transaction below, so that a registration
        // refused after this point (too many from the address, a number taken meanwhile) leaves it usable.
        phoneToken = await checkPhoneToken({
          keys: ctx.phoneKeys.keysFor(phoneService),
          cfg: phoneService,
          idToken: p.firebaseIdToken,
          dialCode: dial,
          mobileNum: v.mobileNum,
          clock: ctx.clock,
        });
        await purgePhoneTokenUses(ctx.db, ctx.clock.now());
      } else if (plan.needsCode && v.mobileNum !== undefined) {
        const recipient = smsRecipient(dial, v.mobileNum);
        // Checked now (a wrong guess counts at once); marked used in the member's own transaction below.
        smsCode = await codes.check({
          merchantId: merchant.id,
          recipient,
          purpose: 'register',
          code: v.verificationCode,
        });
        if (smsCode === null) throw smsCodeWrong();
      }
      await ctx.limits.consume(merchant.id, REGISTER_IP_RULE, caller.ip);

      const username = v.username ?? (await mobileUsername(merchant.id, dial, v.mobileNum ?? ''));
      // Without password fields (mobile registration), the account signs in by SMS code only.
      const passwordHash = await hashPassword(v.password ?? randomToken());
      const profile = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, v[f] ?? null])) as Record<
        (typeof PROFILE_FIELDS)[number],
        string | null
      >;
      // Invite friends: the inviter of the link's referral code (an unknown code invites no one).
      const referrer = p.referralCode
        ? await authRepository(ctx.db).memberByReferralCode(merchant.id, p.referralCode.toUpperCase())
        : undefined;
      let member: MemberRow;
      try {
        // The member, and what its invitation link gives it, in one transaction.
        member = await inTransaction(ctx.db, 'register.service.register', async (trx) => {
          if (phoneToken) await recordPhoneTokenUse(trx, phoneToken, merchant.id, ctx.clock.now());
          if (smsCode !== null && !(await markCodeUsed(trx, smsCode, ctx.clock.now()))) throw smsCodeWrong();
          const row = await membersRepository(trx).insert({
            merchant_id: merchant.id,
            username,
            password_hash: passwordHash,
            type: invitation?.type ?? 0,
            nickname: profile.nickname,
            email: profile.email,
            country_dialing_code: v.mobileNum !== undefined ? dial : null,
            mobile_num: v.mobileNum ?? null,
            payee_name: profile.payeeName,
            payment_password_hash: profile.paymentPassword
              ? await hashPassword(profile.paymentPassword)
              : null,
            id_number: profile.idNumber,
            qq_num: profile.qqNum,
            facebook: profile.facebook,
            wechat: profile.wechat,
            line: profile.line,
            whatsapp: profile.whatsapp,
            zalo: profile.zalo,
            birth_date: v.birthDate ?? null,
            recommender_id: profile.recommenderId,
            upline_id: invitation?.agentId ?? null,
            affiliate_link_id: invitation?.linkId ?? null,
            register_method: p.registerMethod,
            register_url: p.registerUrl,
            register_domain: p.domain ?? null,
            register_ip: caller.ip,
            referrer_id: referrer?.id ?? null,
            created_at: ctx.clock.now(),
          });
          if (invitation) await joinThroughLink(trx, merchant, invitation, row.id, ctx.clock.now());
          // A number proved by its code (or the phone service's token) is a confirmed contact: level 1.
          if ((phoneToken || smsCode !== null) && v.mobileNum !== undefined)
            await kycRepository(trx).confirmContact({
              merchantId: merchant.id,
              memberId: row.id,
              channel: 'mobile',
              value: `${dial}${v.mobileNum}`,
              at: ctx.clock.now(),
            });
          return row;
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === MEMBER_MOBILE_CONSTRAINT) throw taken('mobile');
        if (constraint === MEMBER_USERNAME_CONSTRAINT)
          throw taken(p.mode === 'username' ? 'username' : 'mobile');
        throw err;
      }
      // A payee name given at registration, against the sanctions/PEP list (issue 53): a hit holds the account.
      if (member.payee_name)
        await screenPerson(ctx.db, ctx.screening, {
          merchantId: merchant.id,
          memberId: member.id,
          fullName: member.payee_name,
          birthDate: member.birth_date,
          source: 'registration',
          now: ctx.clock.now(),
        });
      return startSession(ctx, member, caller, false);
    },
  };
}
