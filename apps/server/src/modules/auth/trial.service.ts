import type { SessionValue } from '@panalo/contract/auth';
import { MEMBER_TYPE, isTrialType } from '@panalo/contract/member';
import type { AppContext } from '../../context';
import { randomDigits, randomToken } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import {
  MEMBER_USERNAME_CONSTRAINT,
  membersRepository,
  uniqueViolation,
  type MemberRow,
} from '../identity/members.repository';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { startSession, type Caller } from './login-session';
import { hashPassword } from '../identity/passwords';
import { grantTrialMoney } from '../wallet/play-money';
import { inTransaction } from '../../db/transaction';

const HOUR = 3600_000;
/** Trial accounts made per IP, and trial logins per IP. */
export const TRIAL_CREATE_RULE: LimitRule = { scope: 'trial:create', limit: 10, windowMs: HOUR };
export const TRIAL_LOGIN_RULE: LimitRule = { scope: 'trial:login', limit: 30, windowMs: 60_000 };

/**
 * Free trial (spec §1, §6; API-016/017): a type-4 account named 'guest' + 6 digits with a random,
 * never-revealed password, entered once with a one-time trial key (a device credential). Offered only by
 * merchants with a trial merchant code. The account and its play money are made in one transaction.
 */
export function trialService(ctx: AppContext) {
  const members = membersRepository(ctx.db);

  async function insertGuest(caller: Caller): Promise<MemberRow> {
    const passwordHash = await hashPassword(randomToken());
    for (let attempt = 0; ; attempt++) {
      try {
        return await inTransaction(ctx.db, 'trial.service.insertGuest', async (trx) => {
          const now = ctx.clock.now();
          const member = await membersRepository(trx).insert({
            merchant_id: caller.merchant.id,
            username: `guest${randomDigits(6)}`,
            password_hash: passwordHash,
            type: MEMBER_TYPE.TRIAL,
            register_ip: caller.ip,
            created_at: now,
          });
          await grantTrialMoney(trx, {
            merchantId: caller.merchant.id,
            memberId: member.id,
            currency: caller.merchant.currency,
            at: now,
          });
          return member;
        });
      } catch (err) {
        // A name already given out: draw another (a million names; a few tries are plenty).
        if (uniqueViolation(err) !== MEMBER_USERNAME_CONSTRAINT || attempt >= 4) throw err;
      }
    }
  }

  return {
    async create(caller: Caller): Promise<{ userName: string; trialKey: string }> {
      if (!caller.merchant.trial_merchant_code) {
        throw new DomainError('trial_unavailable', 403, 'Free trial is not available');
      }
      await ctx.limits.consume(caller.merchant.id, TRIAL_CREATE_RULE, caller.ip);
      const member = await insertGuest(caller);
      const trialKey = await ctx.sessions.issueDevice({
        merchantId: caller.merchant.id,
        memberId: member.id,
        device: caller.device,
        ip: caller.ip,
        userAgent: caller.userAgent,
      });
      return { userName: member.username, trialKey };
    },

    async login(body: { userName: string; trialKey: string }, caller: Caller): Promise<SessionValue> {
      const merchantId = caller.merchant.id;
      await ctx.limits.consume(merchantId, TRIAL_LOGIN_RULE, caller.ip);
      const member = await members.findByUsername(merchantId, body.userName);
      const cred = await ctx.sessions.consumeDevice(merchantId, body.trialKey);
      if (!member || !cred || cred.memberId !== member.id || !isTrialType(member.type)) {
        throw new DomainError('login_failed', 401, 'Incorrect account or password', { captcha: false });
      }
      return startSession(ctx, member, caller, false);
    },
  };
}
