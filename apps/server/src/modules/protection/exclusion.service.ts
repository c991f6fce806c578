import { formatAmount } from '@panalo/contract/money';
import {
  exclusionEnd,
  kindOf,
  type ExclusionKind,
  type ExclusionPeriod,
  type ExclusionValue,
} from '@panalo/contract/protection';
import type { AppContext } from '../../context';
import { audit } from '../../lib/audit';
import { DomainError, notFound } from '../../lib/domain-error';
import type { MemberRow } from '../identity/members.repository';
import { sendSystemMail } from '../mail/mail.service';
import { forfeitPromotions } from './forfeit';
import { inTransaction } from '../../db/transaction';
import { protectionRepository } from './protection.repository';

/** The exclusion in force, as the member is told: its kind and end (null: permanent). */
export function excludedError(kind: ExclusionKind | null, until: Date | null): DomainError {
  return new DomainError('member_excluded', 403, 'This account is excluded from play', {
    kind: kind ?? 'self_exclusion',
    until: until?.toISOString() ?? null,
  });
}

/**
 * The exclusion that stays in force when a new one meets an old one: the one that ends later (a
 * permanent one never ends). An exclusion in force is never shortened, by the member or an operator.
 */
export function longer(
  a: { kind: ExclusionKind; until: Date | null },
  b: { kind: ExclusionKind; until: Date | null } | null,
) {
  if (!b) return a;
  if (b.until === null) return b;
  if (a.until === null) return a;
  return a.until.getTime() >= b.until.getTime() ? a : b;
}

/**
 * Time-outs and self-exclusions (issue 22 item 3). Taking one sets the member 'self_excluded' with its
 * kind and end, records it (member_exclusion and the audit log) and ends every session: from then on
 * every gate that admits only active members refuses it (member API, login, game vendors' callbacks).
 * It lifts itself at the first login after its end, never before; a permanent one never does.
 */
export function exclusionService(ctx: Pick<AppContext, 'db' | 'clock' | 'sessions'>) {
  return {
    async exclude(o: {
      merchantId: number;
      memberId: bigint;
      period: ExclusionPeriod;
      /** member:<id> or operator:<id>. */
      by: string;
      reason: string | null;
    }): Promise<ExclusionValue> {
      const now = ctx.clock.now();
      const taken = { kind: kindOf(o.period), until: exclusionEnd(o.period, now) };
      const inForce = await inTransaction(ctx.db, 'exclusion.service.exclude', async (trx) => {
        const repo = protectionRepository(trx);
        const m = await repo.lockMemberExclusion(o.merchantId, o.memberId);
        if (!m) throw notFound('member_not_found');
        const current =
          m.status === 'self_excluded' || m.exclusion_kind !== null
            ? { kind: m.exclusion_kind ?? ('self_exclusion' as const), until: m.excluded_until }
            : null;
        const live = current && (current.until === null || current.until > now) ? current : null;
        const kept = longer(taken, live);
        await repo.insertExclusion({
          merchantId: o.merchantId,
          memberId: o.memberId,
          kind: taken.kind,
          period: o.period,
          startsAt: now,
          endsAt: taken.until,
          createdBy: o.by,
          reason: o.reason,
        });
        // A disabled account stays disabled; the exclusion is kept beside it.
        await repo.setMemberExclusion(o.memberId, {
          status: m.status === 'disabled' ? 'disabled' : 'self_excluded',
          until: kept.until,
          kind: kept.kind,
        });
        const forfeited = await forfeitPromotions(trx, { ...o, at: now });
        await audit(trx, {
          merchantId: o.merchantId,
          actor: o.by,
          action: 'member.exclude',
          target: `member:${o.memberId}`,
          details: {
            period: o.period,
            until: kept.until?.toISOString() ?? null,
            reason: o.reason,
            bonusForfeited: formatAmount(forfeited),
          },
          at: now,
        });
        await sendSystemMail(trx, {
          merchantId: o.merchantId,
          memberId: o.memberId,
          template: 'self_excluded',
          params: { kind: kept.kind, until: kept.until?.toISOString() ?? '' },
          at: now,
        });
        return kept;
      });
      await ctx.sessions.revokeAll(o.memberId, taken.kind);
      return { kind: inForce.kind, until: inForce.until?.toISOString() ?? null };
    },

    /**
     * At login, for a member who is not active: an exclusion past its end is lifted (the member is
     * active again); one in force refuses with its end. Other states are returned as they are.
     */
    async admit(m: MemberRow): Promise<MemberRow> {
      if (m.status !== 'self_excluded') return m;
      const now = ctx.clock.now();
      if (m.excluded_until === null || m.excluded_until > now) {
        throw excludedError(m.exclusion_kind, m.excluded_until);
      }
      const lifted = await protectionRepository(ctx.db).liftEndedExclusion(m.id, now);
      return lifted ?? m;
    },
  };
}
export type ExclusionService = ReturnType<typeof exclusionService>;
