import type { LoginPayload, SessionValue } from '@panalo/contract/auth';
import { isAgentType, isStaffType } from '@panalo/contract/member';
import type { AppContext } from '../../context';
import { DomainError } from '../../lib/domain-error';
import { exclusionService } from '../protection/exclusion.service';
import { membersRepository, type MemberRow } from '../identity/members.repository';
import { smsRecipient } from '../messaging/messaging';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { bruteForceGuard, LOGIN_POLICY, type BruteForcePolicy } from './brute-force';
import { captchaService } from './captcha.service';
import { startSession, type Caller } from './login-session';
import { verifyPassword } from '../identity/passwords';
import { verificationService } from './verification.service';
import type { PhoneVerificationSettings } from '@panalo/contract/merchant';
import { consumePhoneToken } from '../phone-verification/phone-token';
import { staffService } from '../staff/staff.service';
import { STAFF_IDLE_MINUTES } from '@panalo/contract/staff-rules';

/** Login attempts per IP (any account); counted by the route before the envelope is opened. */
export const LOGIN_IP_RULE: LimitRule = { scope: 'login:ip', limit: 30, windowMs: 60_000 };

/** Where the login happens: the member site refuses staff, the agent login refuses non-agents. */
export type LoginPortal = 'member' | 'agent' | 'operator';

const missing = (field: string) =>
  new DomainError('validation_failed', 400, 'Invalid request', { field, rule: 'required' });
const methodDisabled = () =>
  new DomainError('login_method_disabled', 403, 'This login method is not available');

/** What a login attempt claims: the brute-force key and how to check the credential. */
type Claim =
  | { type: 'username'; key: string; username: string; password: string; dialCode: string | undefined }
  | { type: 'sms'; key: string; dialCode: string; mobileNum: string; code: string }
  | { type: 'device'; key: string; username: string; deviceToken: string }
  | {
      type: 'firebase';
      key: string;
      dialCode: string;
      mobileNum: string;
      idToken: string;
      cfg: PhoneVerificationSettings;
    };

function claimOf(p: LoginPayload, caller: Caller): Claim {
  const need = (v: string | undefined, field: string) => {
    if (v === undefined || v.trim() === '') throw missing(field);
    return v;
  };
  switch (p.type) {
    case 'username': {
      const username = need(p.username, 'username').trim();
      const password = need(p.password, 'password');
      return {
        type: 'username',
        key: username.toLowerCase(),
        username,
        password,
        dialCode: p.countryDialingCode,
      };
    }
    case 'sms': {
      if (!caller.merchant.whitelabel.MOBILEVERCODELOGIN3) throw methodDisabled();
      const dialCode = need(p.countryDialingCode, 'countryDialingCode').trim();
      const mobileNum = need(p.mobileNum, 'mobileNum').trim();
      const code = need(p.messageCode, 'messageCode').trim();
      return { type: 'sms', key: smsRecipient(dialCode, mobileNum), dialCode, mobileNum, code };
    }
    case 'device': {
      const username = need(p.username, 'username').trim();
      const deviceToken = need(p.deviceToken, 'deviceToken');
      return { type: 'device', key: username.toLowerCase(), username, deviceToken };
    }
    case 'firebase': {
      // API-004: through the phone-verification service, for a merchant that has it and SMS login on.
      const cfg = caller.merchant.settings.phoneVerification;
      if (!cfg || !caller.merchant.whitelabel.MOBILEVERCODELOGIN3) throw methodDisabled();
      if (p.firebaseChannel !== 'sms') throw missing('firebaseChannel');
      const dialCode = need(p.countryDialingCode, 'countryDialingCode').trim();
      const mobileNum = need(p.firebaseMobileNo, 'firebaseMobileNo').trim();
      const idToken = need(p.firebaseIdToken, 'firebaseIdToken');
      return { type: 'firebase', key: smsRecipient(dialCode, mobileNum), dialCode, mobileNum, idToken, cfg };
    }
  }
}

/**
 * Member and agent login (username + password, mobile + SMS code, or a remembered device), behind the
 * per-account brute-force guard. Every refusal that does not need the right credential is the same for
 * a known and an unknown account; refusals that reveal the account's kind or state come only after the
 * right credential.
 */
export function loginService(ctx: AppContext, policy: BruteForcePolicy = LOGIN_POLICY) {
  const members = membersRepository(ctx.db);
  const captchas = captchaService(ctx.db, ctx.clock);
  const codes = verificationService(ctx.db, ctx.clock);
  const guard = bruteForceGuard(ctx.limits, policy);
  const exclusions = exclusionService(ctx);
  const staff = staffService(ctx.db, ctx.clock);

  async function check(claim: Claim, caller: Caller): Promise<MemberRow | undefined> {
    const merchantId = caller.merchant.id;
    switch (claim.type) {
      case 'username': {
        let m = await members.findByUsername(merchantId, claim.username);
        // Accounts registered by mobile, or reset by SMS, sign in with the mobile number as the username.
        if (!m && /^\d{5,20}$/.test(claim.username)) {
          const dial = claim.dialCode ?? caller.merchant.settings.countryDialingCodes[0] ?? '';
          m = await members.findByMobile(merchantId, dial, claim.username);
        }
        // verifyPassword(null) spends the same time, so an unknown account is not faster to refuse.
        return (await verifyPassword(m?.password_hash, claim.password)) ? m : undefined;
      }
      case 'sms': {
        const m = await members.findByMobile(merchantId, claim.dialCode, claim.mobileNum);
        const right = await codes.consume({
          merchantId,
          recipient: claim.key,
          purpose: 'login',
          code: claim.code,
        });
        return right ? m : undefined;
      }
      case 'firebase': {
        const m = await members.findByMobile(merchantId, claim.dialCode, claim.mobileNum);
        try {
          await consumePhoneToken(ctx.db, {
            keys: ctx.phoneKeys.keysFor(claim.cfg),
            cfg: claim.cfg,
            idToken: claim.idToken,
            dialCode: claim.dialCode,
            mobileNum: claim.mobileNum,
            merchantId,
            clock: ctx.clock,
          });
        } catch (err) {
          // A token that does not prove this number counts as a wrong code.
          if (err instanceof DomainError && err.code === 'phone_verification_failed') return undefined;
          throw err;
        }
        return m;
      }
      case 'device': {
        const m = await members.findByUsername(merchantId, claim.username);
        const cred = await ctx.sessions.consumeDevice(merchantId, claim.deviceToken);
        const sameDevice = cred?.device === null || cred?.device === caller.device;
        return m && cred && cred.memberId === m.id && sameDevice ? m : undefined;
      }
    }
  }

  return {
    async login(payload: LoginPayload, caller: Caller, portal: LoginPortal): Promise<SessionValue> {
      const merchantId = caller.merchant.id;
      const claim = claimOf(payload, caller);
      const captchaEnabled = caller.merchant.settings.captchaEnabled;

      const { captchaDue } = await guard.before(merchantId, claim.key, captchaEnabled);
      if (captchaDue && captchaEnabled) {
        if (!payload.captcha) {
          throw new DomainError('captcha_required', 401, 'Enter a captcha', { captcha: true });
        }
        if (!caller.device || !(await captchas.verify(merchantId, caller.device, payload.captcha))) {
          throw new DomainError('captcha_wrong', 401, 'Incorrect captcha', { captcha: true });
        }
      }

      const found = await check(claim, caller);
      if (!found) {
        await guard.failed(merchantId, claim.key);
        throw new DomainError('login_failed', 401, 'Incorrect account or password', {
          captcha: captchaEnabled,
        });
      }
      if (portal === 'operator') {
        if (claim.type !== 'username' || !isStaffType(found.type)) {
          throw new DomainError('non_operator_login', 403, 'Only staff can sign in here');
        }
        // A disabled staff account never reaches its authenticator (nor is shown a new one to set up).
        if (found.status === 'disabled')
          throw new DomainError('user_disabled', 403, 'Sorry, the user does not exist or is disabled');
        try {
          await staff.secondFactor(caller.merchant, found, payload.otp);
        } catch (err) {
          // A wrong code counts like a wrong password (the same brute-force guard and captcha).
          if (err instanceof DomainError && err.code === 'otp_wrong')
            await guard.failed(merchantId, claim.key);
          throw err;
        }
      }
      await guard.succeeded(merchantId, claim.key);

      // A time-out or self-exclusion in force refuses with its end; one past its end is lifted here.
      const member = await exclusions.admit(found);
      if (member.status !== 'active') {
        throw new DomainError('user_disabled', 403, 'Sorry, the user does not exist or is disabled');
      }
      if (portal === 'member' && isStaffType(member.type)) {
        throw new DomainError('non_member_login', 403, 'Non-member account unable to login');
      }
      if (portal === 'agent' && !isAgentType(member.type)) {
        throw new DomainError('non_agent_login', 403, 'Non-agents cannot log in');
      }
      if (portal === 'operator' && !isStaffType(member.type)) {
        throw new DomainError('non_operator_login', 403, 'Only staff can sign in here');
      }
      // Staff sessions end when left alone (and are never remembered).
      if (portal === 'operator') return startSession(ctx, member, caller, false, STAFF_IDLE_MINUTES);
      // A device credential is used up by its login, so that login always hands out the next one.
      return startSession(ctx, member, caller, payload.remember === true || claim.type === 'device');
    },
  };
}
export type LoginService = ReturnType<typeof loginService>;
