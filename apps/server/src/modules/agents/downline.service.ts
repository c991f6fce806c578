import type { OpenedDownline, QuotasView } from '@panalo/contract/agent';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { isAgentType } from '@panalo/contract/member-types';
import { REGISTRATION_FIELDS, type RegistrationField } from '@panalo/contract/merchant';
import { formatRate, parseRate, PRODUCT_GROUPS, zeroRates, type ProductGroup } from '@panalo/contract/rebate';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../identity/passwords';
import { checkRegistrationFields } from '../identity/registration-rules';
import {
  MEMBER_USERNAME_CONSTRAINT,
  membersRepository,
  uniqueViolation,
} from '../identity/members.repository';
import type { MerchantRow } from '../merchants/merchants.repository';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { agencyRepository } from './agency.repository';
import { rebateRepository } from './rebate.repository';
import { agencyTerms, ratesOf } from './rebate.service';
import { inTransaction } from '../../db/transaction';

/** Openings per agent: enough for a busy evening, too few to fill the member table. */
export const OPEN_DOWNLINE_RULE: LimitRule = { scope: 'agent:open', limit: 60, windowMs: 3600_000 };

const FORM: ReadonlySet<RegistrationField> = new Set(['username', 'password', 'confirmPassword']);

export interface OpenDownline {
  username: string;
  password: string;
  confirmPassword: string;
  kind: 'player' | 'agent';
  rates: Partial<Record<ProductGroup, string>>;
}

/** The rates asked for, as basis points per product group (0 where none is given; malformed: 400). */
export function wantedRates(rates: Partial<Record<ProductGroup, string>>): Record<ProductGroup, number> {
  const wanted = zeroRates();
  for (const [g, text] of Object.entries(rates)) {
    const bp = parseRate(text);
    if (bp === null) throw new DomainError('rebate_rate_invalid', 400, 'Please enter a valid rate');
    wanted[g as ProductGroup] = bp;
  }
  return wanted;
}

/**
 * Inside the caller's transaction: every wanted rate stays below the agent's own by the gap (409 naming
 * the product), and when the highest is above the free threshold one of the agent's quotas at that rate
 * is spent by a conditional decrement (409 when none is left). Answers the quota's rate, or null.
 */
export async function spendForRates(
  trx: Database,
  terms: ReturnType<typeof agencyTerms>,
  agentId: bigint,
  wanted: Record<ProductGroup, number>,
): Promise<number | null> {
  const own = await ratesOf(trx, agentId, true);
  for (const g of PRODUCT_GROUPS) {
    if (wanted[g] > 0 && wanted[g] > own[g] - terms.minGap) {
      throw new DomainError('rebate_rate_too_high', 409, 'The rate must stay below your own by the gap', {
        product: g,
        max: formatRate(Math.max(0, own[g] - terms.minGap)),
      });
    }
  }
  const highest = Math.max(...PRODUCT_GROUPS.map((g) => wanted[g]));
  if (highest <= terms.freeThreshold) return null;
  const spent = await rebateRepository(trx).spendQuota(agentId, highest, 1);
  if (!spent) {
    throw new DomainError('quota_exhausted', 409, 'No quota left for this rate', {
      rate: formatRate(highest),
    });
  }
  return highest;
}

/**
 * Accounts an agent opens for its team (/m/agentRegister; issue 16 items 2 and 6). The username and
 * password follow the merchant's registration rules; each rate stays below the agent's own by the gap.
 * A rate above the merchant's free threshold spends one of the agent's quotas at the opening's highest
 * rate, by a conditional decrement in the same transaction as the new member and its rates: concurrent
 * openings on the last quota never overspend, and a refused opening spends nothing.
 */
export function downlineService(ctx: AppContext) {
  const db = ctx.db;
  const agency = agencyRepository(db);
  return {
    async quotas(merchant: MerchantRow, agentId: bigint): Promise<QuotasView> {
      const rows = await rebateRepository(db).quotas(merchant.id, agentId);
      return {
        freeThreshold: formatRate(agencyTerms(merchant.settings).freeThreshold),
        quotas: rows.map((r) => ({ rate: formatRate(r.rate_bp), remaining: r.remaining })),
      };
    },

    /**
     * Hands `count` of the agent's quotas at a rate down to a direct sub-agent (design/agents.md): the
     * agent's are spent by a conditional decrement and the sub-agent's added in the same transaction, so
     * that two hand-downs of the last quotas never give more than there was. Only a rate the sub-agent can
     * open accounts at (its own rate less the gap, in some product) and above the free threshold.
     */
    async giveQuota(
      merchant: MerchantRow,
      agentId: bigint,
      o: { memberId: bigint; rate: string; count: number },
    ): Promise<QuotasView> {
      const terms = agencyTerms(merchant.settings);
      const bp = parseRate(o.rate);
      if (bp === null) throw new DomainError('rebate_rate_invalid', 400, 'Please enter a valid rate');
      if (bp <= terms.freeThreshold)
        throw new DomainError('quota_rate_free', 400, 'Openings at this rate need no quota', {
          freeThreshold: formatRate(terms.freeThreshold),
        });
      await inTransaction(db, 'downline.service.giveQuota', async (trx) => {
        const child = await agencyRepository(trx).activeDirectDownline(merchant.id, agentId, o.memberId);
        if (!child || !isAgentType(child.type))
          throw new DomainError('team_member_unknown', 404, 'Sorry, the user does not exist or is disabled');
        const rates = await ratesOf(trx, child.id);
        const room = Math.max(...PRODUCT_GROUPS.map((g) => rates[g] - terms.minGap));
        if (bp > room)
          throw new DomainError(
            'quota_rate_too_high',
            409,
            'The downline cannot open accounts at this rate',
            {
              max: formatRate(Math.max(0, room)),
            },
          );
        const quotas = rebateRepository(trx);
        const spent = await quotas.spendQuota(agentId, bp, o.count);
        if (!spent)
          throw new DomainError('quota_exhausted', 409, 'No quota left for this rate', {
            rate: formatRate(bp),
          });
        await quotas.addQuota(merchant.id, child.id, bp, o.count);
        await audit(trx, {
          merchantId: merchant.id,
          actor: `member:${agentId}`,
          action: 'agency.quota.give',
          target: `member:${child.id}`,
          details: { rate: formatRate(bp), count: o.count, left: spent.remaining },
          at: ctx.clock.now(),
        });
      });
      return this.quotas(merchant, agentId);
    },

    async usernameAvailable(merchant: MerchantRow, agentId: bigint, username: string): Promise<boolean> {
      await ctx.limits.consume(merchant.id, OPEN_DOWNLINE_RULE, `check:${agentId}`);
      const found = await agency.memberIdByUsername(merchant.id, username.trim().toLowerCase());
      return found === undefined;
    },

    async open(merchant: MerchantRow, agentId: bigint, req: OpenDownline): Promise<OpenedDownline> {
      const check = checkRegistrationFields(merchant.registration_rules, req, {
        required: FORM,
        kept: new Set(),
        skipped: new Set(REGISTRATION_FIELDS.filter((f) => !FORM.has(f))),
      });
      if (!check.ok) {
        throw new DomainError('validation_failed', 400, 'Invalid request', {
          field: check.field,
          rule: check.rule,
        });
      }
      if (req.password !== req.confirmPassword) {
        throw new DomainError('confirm_mismatch', 400, 'Confirmation password not matched');
      }
      const terms = agencyTerms(merchant.settings);
      const wanted = wantedRates(req.rates);
      await ctx.limits.consume(merchant.id, OPEN_DOWNLINE_RULE, agentId.toString());
      const passwordHash = await hashPassword(req.password);
      const username = (check.values.username ?? req.username).trim().toLowerCase();

      const opened = await inTransaction(db, 'downline.service.open', async (trx) => {
        const quotaSpent = await spendForRates(trx, terms, agentId, wanted);
        const now = ctx.clock.now();
        let member: { id: bigint };
        try {
          member = await membersRepository(trx).insert({
            merchant_id: merchant.id,
            username,
            password_hash: passwordHash,
            type: req.kind === 'agent' ? MEMBER_TYPE.AGENT : MEMBER_TYPE.PLAYER,
            upline_id: agentId,
            register_method: 'AGENT',
            created_at: now,
          });
        } catch (err) {
          if (uniqueViolation(err) === MEMBER_USERNAME_CONSTRAINT) {
            throw new DomainError('username_taken', 409, 'Sorry, the username already exists');
          }
          throw err;
        }
        const given = PRODUCT_GROUPS.filter((g) => wanted[g] > 0);
        if (given.length > 0) {
          await rebateRepository(trx).insertRates({
            merchantId: merchant.id,
            memberId: member.id,
            rates: given.map((g) => ({ product: g, rate_bp: wanted[g] })),
            by: `member:${agentId}`,
            at: now,
          });
        }
        await audit(trx, {
          merchantId: merchant.id,
          actor: `member:${agentId}`,
          action: 'agent.open_downline',
          target: `member:${member.id}`,
          details: {
            kind: req.kind,
            rates: Object.fromEntries(given.map((g) => [g, wanted[g]])),
            quotaSpent,
          },
          at: now,
        });
        return { id: member.id, quotaSpent };
      });
      return {
        id: opened.id.toString(),
        username,
        kind: req.kind,
        rates: Object.fromEntries(
          PRODUCT_GROUPS.map((g) => [g, formatRate(wanted[g])]),
        ) as OpenedDownline['rates'],
        quotaSpent: opened.quotaSpent === null ? null : formatRate(opened.quotaSpent),
      };
    },
  };
}
