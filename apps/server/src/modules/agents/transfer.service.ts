import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { RateLimiter } from '../ratelimit/ratelimit.service';
import { membersRepository } from '../identity/members.repository';
import { runIdempotent, type IdempotentResult } from '../wallet/idempotency';
import { accountIdFor, memberWalletKey, postTransfer, type Leg } from '../wallet/ledger';
import { secretGuard } from '../identity/secret-guard';
import { agencyRepository } from './agency.repository';
import { checkKycTransfer } from '../kyc/kyc-gates';

export interface DownlineTransferBody {
  success: true;
  value: { sumBalance: string; transferId: string; lines: number };
}

const unknownMember = () =>
  new DomainError('team_member_unknown', 404, 'Sorry, the user does not exist or is disabled');

/**
 * Transfer to several downlines at once (issue 16 item 5, AGENTRANSMULTDOWN3): one request with an
 * Idempotency-Key, the payment password checked first (argon2, the withdrawals' guessing guard), then one
 * ledger transfer of N + 1 legs — the agent's wallet less the total, each downline's wallet plus its
 * amount — so that it is all or nothing and never takes the agent below zero (the debit is the ledger's
 * conditional update, whatever else moves the wallet at the same moment). Every receiver must be an active
 * member of the agent's own team, named once.
 */
export function downlineTransferService(db: Database, clock: Clock, limits: RateLimiter) {
  const members = membersRepository(db);
  const agency = agencyRepository(db);
  const guard = secretGuard(limits);
  return {
    async transfer(o: {
      merchantId: number;
      currency: string;
      agentId: bigint;
      lines: { memberId: bigint; amount: bigint }[];
      paymentPassword: string;
      key: string;
    }): Promise<IdempotentResult<DownlineTransferBody>> {
      const ids = o.lines.map((l) => l.memberId);
      if (new Set(ids.map(String)).size !== ids.length)
        throw new DomainError('transfer_duplicate_member', 400, 'Each downline may appear once');
      if (ids.includes(o.agentId)) throw unknownMember();
      const found = await agency.activeTeamMembers(o.merchantId, o.agentId, ids);
      if (found.length !== ids.length) throw unknownMember();

      // Money between members needs a verification level that allows it, on both sides (issue 53).
      await checkKycTransfer(db, {
        merchantId: o.merchantId,
        actorId: o.agentId,
        receiverIds: ids,
        now: clock.now(),
      });
      const agent = await members.findById(o.merchantId, o.agentId);
      if (!agent?.payment_password_hash)
        throw new DomainError('payment_password_required', 409, 'Set a payment password first');
      await guard.verify(o.merchantId, agent.id, 'payment', agent.payment_password_hash, o.paymentPassword);

      // Accounts are made outside the money transaction, which then only takes row locks in account order.
      const from = await accountIdFor(db, memberWalletKey(o.merchantId, o.agentId, o.currency));
      const legs: Leg[] = [];
      for (const l of o.lines)
        legs.push({
          accountId: await accountIdFor(db, memberWalletKey(o.merchantId, l.memberId, o.currency)),
          amount: l.amount,
        });
      const total = o.lines.reduce((s, l) => s + l.amount, 0n);
      const scope = `transfer_to_downline:${o.agentId}`;
      return runIdempotent<DownlineTransferBody>(
        db,
        {
          merchantId: o.merchantId,
          scope,
          key: o.key,
          request: o.lines.map((l) => [l.memberId.toString(), l.amount.toString()]),
        },
        async (trx) => {
          const posted = await postTransfer(trx, {
            merchantId: o.merchantId,
            book: 'real',
            kind: 'transfer_to_downline',
            legs: [{ accountId: from, amount: -total }, ...legs],
            createdBy: `member:${o.agentId}`,
            reference: `downlines:${o.lines.length}`,
            idempotency: { scope, key: o.key },
            at: clock.now(),
          });
          return {
            status: 200,
            body: {
              success: true,
              value: {
                sumBalance: formatAmount(posted.balances.get(from) ?? 0n),
                transferId: posted.transferId.toString(),
                lines: o.lines.length,
              },
            },
          };
        },
      );
    },
  };
}
