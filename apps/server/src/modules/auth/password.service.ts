import type { AppContext } from '../../context';
import { DomainError } from '../../lib/domain-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { smsRecipient } from '../messaging/messaging';
import { membersRepository } from '../identity/members.repository';
import type { MerchantRow } from '../merchants/merchants.repository';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { passwordRepository } from './password.repository';
import { resetMail } from './password-mail';
import { hashPassword, verifyPassword } from '../identity/passwords';
import type { SessionContext } from '../identity/sessions.service';
import { verificationService } from './verification.service';
import { inTransaction } from '../../db/transaction';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A reset link is valid this long, once. */
export const RESET_LINK_TTL_MS = 30 * MINUTE;

/** Business limits of the password endpoints (counted in PostgreSQL, shared by all processes). */
export const PASSWORD_LIMITS = {
  /** Wrong old passwords per member (change password). */
  oldPassword: { scope: 'password:old', limit: 5, windowMs: 15 * MINUTE },
  forgotEmailIp: { scope: 'forgot-email:ip', limit: 10, windowMs: HOUR },
  forgotEmailUser: { scope: 'forgot-email:user', limit: 5, windowMs: HOUR },
  resetLinkIp: { scope: 'reset-link:ip', limit: 30, windowMs: 15 * MINUTE },
  forgotSmsIp: { scope: 'forgot-sms:ip', limit: 20, windowMs: HOUR },
  forgotSmsNumber: { scope: 'forgot-sms:number', limit: 10, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>;

// When the merchant configured no password rule: printable, 6 to 128 characters.
const FALLBACK_RULE = /^[\x21-\x7e]{6,128}$/;

/** The merchant's password rule (registration_rules.password.regExp), the one registration uses. */
export function passwordRuleOf(merchant: Pick<MerchantRow, 'registration_rules'>): RegExp {
  const source = merchant.registration_rules.password?.regExp;
  if (!source) return FALLBACK_RULE;
  try {
    return new RegExp(source);
  } catch {
    return FALLBACK_RULE;
  }
}

const errors = {
  confirmMismatch: () => new DomainError('confirm_mismatch', 400, 'Confirmation password not matched'),
  sameAsOld: () =>
    new DomainError('password_same_as_old', 400, 'The new password and the old password cannot be the same'),
  // The spec's own key for the set-password-by-SMS refusal (AUTH-041).
  smsSameAsOld: () =>
    new DomainError('modify.new.old.same', 400, 'The new password and the old password cannot be the same'),
  format: () => new DomainError('password_format', 400, 'Wrong password format'),
  oldWrong: () => new DomainError('old_password_wrong', 401, 'The old password is incorrect'),
  linkInvalid: () =>
    new DomainError('reset_link_invalid', 400, 'This reset link is invalid, expired or already used'),
  smsWrong: () => new DomainError('sms_code_wrong', 400, 'Verification code error'),
  phoneOff: () =>
    new DomainError('reset_by_phone_disabled', 403, 'Password reset by phone is not available on this site'),
};

// Reset e-mails are written after the answer has gone (see requestResetLink); tracked so that
// shutdown and tests can wait for them.
const pendingMails = new Set<Promise<void>>();

/** Resolves once every reset e-mail queued so far has been written or has failed. */
export async function resetMailsSettled(): Promise<void> {
  while (pendingMails.size > 0) await Promise.allSettled([...pendingMails]);
}

type Ctx = Pick<AppContext, 'db' | 'clock' | 'limits' | 'sessions' | 'messaging'>;

/** Change password, reset by e-mail link and set password by SMS code (spec §4 "Forgot password"). */
export function passwordService(ctx: Ctx) {
  const { db, clock, limits, sessions, messaging } = ctx;
  const repo = passwordRepository(db);
  const members = membersRepository(db);
  const codes = verificationService(db, clock);

  const checkFormat = (merchant: MerchantRow, password: string) => {
    if (!passwordRuleOf(merchant).test(password)) throw errors.format();
  };

  async function mailResetLink(merchant: MerchantRow, username: string, email: string, origin: string) {
    const member = await members.findByUsername(merchant.id, username);
    // Like the SMS codes: only an active account gets one (a disabled one could not log in anyway).
    if (member?.status !== 'active' || !member.email) return;
    if (member.email.trim().toLowerCase() !== email.toLowerCase()) return;
    const token = randomToken(32);
    const now = clock.now();
    await repo.insertReset({
      merchantId: merchant.id,
      memberId: member.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      now,
    });
    const link = `${origin}/m/resetPassword?token=${encodeURIComponent(token)}`;
    await messaging.sendEmail({
      merchantId: merchant.id,
      to: member.email.trim(),
      ...resetMail(merchant.default_language, {
        siteName: merchant.name,
        username: member.username,
        link,
        minutes: RESET_LINK_TTL_MS / MINUTE,
      }),
    });
  }

  return {
    /**
     * Changes the caller's password (API-020). Every other session and every device credential of the
     * member is revoked; the calling session stays.
     */
    async change(
      merchant: MerchantRow,
      session: SessionContext,
      o: { oldPassword: string; newPassword: string; confirmNewPassword: string },
    ): Promise<void> {
      // Checks that need no secret first, so that a typing slip does not cost a guess.
      if (o.newPassword !== o.confirmNewPassword) throw errors.confirmMismatch();
      if (o.newPassword === o.oldPassword) throw errors.sameAsOld();
      checkFormat(merchant, o.newPassword);
      // Counted before the check and forgotten on success: five wrong guesses in a row lock it.
      await limits.consume(merchant.id, PASSWORD_LIMITS.oldPassword, String(session.memberId));
      const member = await members.findById(merchant.id, session.memberId);
      if (!member || !(await verifyPassword(member.password_hash, o.oldPassword))) throw errors.oldWrong();
      await limits.reset(merchant.id, PASSWORD_LIMITS.oldPassword, String(session.memberId));
      const hash = await hashPassword(o.newPassword);
      await repo.setPassword(merchant.id, member.id, hash, clock.now(), { clearFirstTimeLogin: true });
      await sessions.revokeAll(member.id, 'password_change', session.sessionId);
    },

    /**
     * Forgot password by e-mail (API-025). The answer is the same whether or not the username exists
     * and the address matches: the lookup and the e-mail happen after the answer, so neither the body
     * nor the timing tells them apart. Only the rate limits (per IP and per username asked) refuse.
     */
    async requestResetLink(
      merchant: MerchantRow,
      o: { username: string; email: string; ip: string; origin: string; onError: (err: unknown) => void },
    ): Promise<void> {
      await limits.consume(merchant.id, PASSWORD_LIMITS.forgotEmailIp, o.ip);
      await limits.consume(merchant.id, PASSWORD_LIMITS.forgotEmailUser, o.username.toLowerCase());
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => mailResetLink(merchant, o.username, o.email, o.origin))
        .catch(o.onError);
      pendingMails.add(job);
      void job.finally(() => pendingMails.delete(job));
    },

    /** Sets a new password through a reset link: valid, unexpired and unused, then used up. */
    async resetByLink(merchant: MerchantRow, o: { token: string; newPassword: string; ip: string }) {
      await limits.consume(merchant.id, PASSWORD_LIMITS.resetLinkIp, o.ip);
      checkFormat(merchant, o.newPassword);
      const hash = await hashPassword(o.newPassword);
      const memberId = await inTransaction(db, 'password.service.requestResetLink', async (trx) => {
        const r = passwordRepository(trx);
        const id = await r.consumeReset(merchant.id, sha256Hex(o.token), clock.now());
        if (id !== null)
          await r.setPassword(merchant.id, id, hash, clock.now(), { clearFirstTimeLogin: false });
        return id;
      });
      if (memberId === null) throw errors.linkInvalid();
      await sessions.revokeAll(memberId, 'password_reset');
    },

    /**
     * Set password by SMS code (API-026): the code must be one sent for purpose 'reset'. The new
     * password equal to the old one is refused with the spec's key, and the code stays usable so that
     * the user only retypes the password (AUTH-041).
     */
    async setBySms(
      merchant: MerchantRow,
      o: {
        countryDialingCode: string;
        mobileNum: string;
        verificationCode: string;
        newPassword: string;
        ip: string;
      },
    ): Promise<void> {
      if (!merchant.settings.passwordResetByPhone) throw errors.phoneOff();
      const recipient = smsRecipient(o.countryDialingCode, o.mobileNum);
      await limits.consume(merchant.id, PASSWORD_LIMITS.forgotSmsIp, o.ip);
      await limits.consume(merchant.id, PASSWORD_LIMITS.forgotSmsNumber, recipient);
      checkFormat(merchant, o.newPassword);
      const member = await members.findByMobile(merchant.id, o.countryDialingCode, o.mobileNum);
      const right = await codes.consume({
        merchantId: merchant.id,
        recipient,
        purpose: 'reset',
        code: o.verificationCode,
      });
      if (!right || !member) throw errors.smsWrong();
      if (await verifyPassword(member.password_hash, o.newPassword)) {
        await repo.reopenLatestCode(merchant.id, recipient, 'reset');
        throw errors.smsSameAsOld();
      }
      const hash = await hashPassword(o.newPassword);
      await repo.setPassword(merchant.id, member.id, hash, clock.now(), { clearFirstTimeLogin: false });
      await sessions.revokeAll(member.id, 'password_reset');
    },
  };
}
export type PasswordService = ReturnType<typeof passwordService>;
