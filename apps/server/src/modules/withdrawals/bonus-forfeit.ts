import type { z } from 'zod';
import type { forfeitBonusesRequest } from '@panalo/contract/cashier';
import { formatAmount } from '@panalo/contract/money';
import type { AppContext } from '../../context';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { forfeitPromotions } from '../protection/forfeit';
import { runIdempotent } from '../wallet/idempotency';
import type { Caller, SecurityService } from './security.service';
import { securityRepository } from './security.repository';

/**
 * The member gives up their open bonuses to withdraw their own money (issue 18 item 4): confirmed with the
 * login password (checked before any row is locked), once per Idempotency-Key; every open turnover
 * requirement closes as forfeited, the bonuses behind them and their share of what was won while they
 * were open go back to their promotions as far as the wallet holds them (forfeitPromotions), audited. Nothing open: 409.
 */
export async function forfeitBonuses(
  ctx: AppContext,
  security: SecurityService,
  c: Caller,
  key: string,
  body: z.infer<typeof forfeitBonusesRequest>,
) {
  const secrets = await securityRepository(ctx.db).secrets(c.merchantId, c.memberId);
  await security.guard.verify(c.merchantId, c.memberId, 'login', secrets.password_hash, body.loginPassword);
  return runIdempotent(
    ctx.db,
    { merchantId: c.merchantId, scope: `bonus.forfeit:${c.memberId}`, key, request: {} },
    async (trx) => {
      const at = ctx.clock.now();
      const open = await trx
        .selectFrom('wagering_requirement')
        .select('id')
        .where('merchant_id', '=', c.merchantId)
        .where('member_id', '=', c.memberId)
        .where('completed_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
      if (!open) throw new DomainError('nothing_to_forfeit', 409, 'No bonus holds your withdrawal back');
      const by = `member:${c.memberId}`;
      const taken = await forfeitPromotions(trx, { ...c, by, at, winnings: true });
      await audit(trx, {
        merchantId: c.merchantId,
        actor: by,
        action: 'promotion.forfeit',
        target: by,
        details: { forfeited: formatAmount(taken) },
        at,
      });
      return { status: 200, body: { success: true as const, value: { forfeited: formatAmount(taken) } } };
    },
  );
}
