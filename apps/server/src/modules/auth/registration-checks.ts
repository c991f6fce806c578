import type { AppContext } from '../../context';
import { membersRepository } from '../identity/members.repository';
import type { MerchantRow } from '../merchants/merchants.repository';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { findInvitation } from '../agents/affiliate-links';

/** Availability and invitation-code checks per IP: enough for a form, too few to walk a user list. */
export const VERIFY_IP_RULE: LimitRule = { scope: 'verify:ip', limit: 20, windowMs: 60_000 };
export const VERIFY_IP_HOUR_RULE: LimitRule = { scope: 'verify:ip:hour', limit: 200, windowMs: 3600_000 };
export const AFFILIATE_IP_RULE: LimitRule = { scope: 'affiliate:ip', limit: 30, windowMs: 60_000 };

/** The registration form's server checks (API-018 field availability, API-035 invitation code). */
export function registrationChecks(ctx: AppContext) {
  const members = membersRepository(ctx.db);
  return {
    /** Is this username / mobile number still free at this merchant? */
    async available(
      merchant: MerchantRow,
      q: { field: 'username' | 'mobileNum'; value: string; countryDialingCode?: string | undefined },
      ip: string,
    ): Promise<boolean> {
      await ctx.limits.consume(merchant.id, VERIFY_IP_RULE, ip);
      await ctx.limits.consume(merchant.id, VERIFY_IP_HOUR_RULE, ip);
      const value = q.value.trim();
      if (value === '') return false;
      switch (q.field) {
        case 'username':
          return !(await members.findByUsername(merchant.id, value));
        case 'mobileNum': {
          const dial = q.countryDialingCode ?? merchant.settings.countryDialingCodes[0] ?? '';
          return !(await members.findByMobile(merchant.id, dial, value));
        }
      }
    },

    /** Does the invitation code belong to an active agent of this merchant? */
    async affiliateValid(merchant: MerchantRow, code: string, ip: string): Promise<boolean> {
      await ctx.limits.consume(merchant.id, AFFILIATE_IP_RULE, ip);
      const trimmed = code.trim();
      if (trimmed === '') return false;
      return (await findInvitation(ctx.db, merchant.id, trimmed, ctx.clock.now())) !== undefined;
    },
  };
}
