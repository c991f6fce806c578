import { formatAmount } from '@panalo/contract/money';
import { isStaffType, isTrialType } from '@panalo/contract/member';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { membersRepository } from '../identity/members.repository';
import { runIdempotent, type IdempotentResult } from '../wallet/idempotency';
import { memberWalletKey, postTransfer } from '../wallet/ledger';
import { accountIdFor } from '../wallet/ledger';
import { opsRepository } from './ops.repository';

export interface AdjustmentBody {
  success: true;
  value: { transferId: string; username: string; amount: string; sumBalance: string };
}

/**
 * The money part of an operator adjustment, once per idempotency key of this operator: the merchant's
 * adjustment account ↔ the member's wallet (kind adjustment, memo the reason), never below zero, with an
 * audit record (who, when, why) in the same transaction.
 */
export async function postAdjustment(
  db: Database,
  o: {
    merchantId: number;
    currency: string;
    operatorId: bigint;
    member: { id: bigint; username: string };
    amount: bigint;
    reason: string;
    key: string;
    at: Date;
    /** Runs first in the same transaction (an approval taken by its checker): its failure moves nothing. */
    within?: (trx: Database) => Promise<void>;
  },
): Promise<IdempotentResult<AdjustmentBody>> {
  const wallet = await accountIdFor(db, memberWalletKey(o.merchantId, o.member.id, o.currency));
  const source = await accountIdFor(db, {
    merchantId: o.merchantId,
    book: 'real',
    kind: 'adjustment',
    currency: o.currency,
  });
  const scope = `ops.adjust:${o.operatorId}`;
  const actor = `operator:${o.operatorId}`;
  return runIdempotent<AdjustmentBody>(
    db,
    {
      merchantId: o.merchantId,
      scope,
      key: o.key,
      request: { member: o.member.id, amount: o.amount, reason: o.reason },
    },
    async (trx) => {
      await o.within?.(trx);
      const posted = await postTransfer(trx, {
        merchantId: o.merchantId,
        book: 'real',
        kind: 'adjustment',
        legs: [
          { accountId: source, amount: -o.amount },
          { accountId: wallet, amount: o.amount },
        ],
        createdBy: actor,
        reference: `adjustment:${o.key}`,
        memo: o.reason,
        idempotency: { scope, key: o.key },
        at: o.at,
      });
      const sumBalance = posted.balances.get(wallet) ?? 0n;
      await audit(trx, {
        merchantId: o.merchantId,
        actor,
        action: 'balance.adjust',
        target: `member:${o.member.id}`,
        details: {
          username: o.member.username,
          amount: formatAmount(o.amount),
          balanceAfter: formatAmount(sumBalance),
          reason: o.reason,
          transferId: posted.transferId,
        },
        at: o.at,
      });
      return {
        status: 200,
        body: {
          success: true,
          value: {
            transferId: posted.transferId.toString(),
            username: o.member.username,
            amount: formatAmount(o.amount),
            sumBalance: formatAmount(sumBalance),
          },
        },
      };
    },
  );
}

/** Operator calls of one merchant: balance adjustments and reading the audit log. */
export function opsService(db: Database, clock: Clock) {
  const members = membersRepository(db);
  const repo = opsRepository(db);
  return {
    /** Only real players' and agents' wallets: staff and free-trial accounts have no real money to adjust. */
    async assertAdjustable(merchantId: number, username: string) {
      const member = await members.findByUsername(merchantId, username);
      if (!member || isStaffType(member.type) || isTrialType(member.type)) {
        throw new DomainError('member_not_found', 404, 'Sorry, the user does not exist');
      }
      return member;
    },

    async adjust(o: {
      merchantId: number;
      currency: string;
      operatorId: bigint;
      username: string;
      amount: bigint;
      reason: string;
      key: string;
      within?: (trx: Database) => Promise<void>;
    }) {
      const member = await this.assertAdjustable(o.merchantId, o.username);
      return postAdjustment(db, {
        merchantId: o.merchantId,
        currency: o.currency,
        operatorId: o.operatorId,
        member: { id: member.id, username: member.username },
        amount: o.amount,
        reason: o.reason,
        key: o.key,
        at: clock.now(),
        ...(o.within ? { within: o.within } : {}),
      });
    },

    /** The merchant's audit log, newest first. */
    async auditLog(merchantId: number, page: number, pageSize: number, target?: string) {
      const total = await repo.countAuditLog(merchantId, target);
      const rows = await repo.auditLogPage(merchantId, pageSize, (page - 1) * pageSize, target);
      // Staff read names, not row ids (#49 item 7): the members an actor or target names, of this merchant.
      const memberIdOf = (ref: string) => /^(?:operator|member):(\d{1,18})$/.exec(ref)?.[1];
      const ids = [...new Set(rows.flatMap((r) => [memberIdOf(r.actor), memberIdOf(r.target)]))].filter(
        (x): x is string => x !== undefined,
      );
      const names = new Map(
        ids.length === 0
          ? []
          : (
              await repo.memberNames(
                merchantId,
                ids.map((x) => BigInt(x)),
              )
            ).map((m) => [m.id.toString(), m.username]),
      );
      const nameOf = (ref: string) => names.get(memberIdOf(ref) ?? '') ?? null;
      return {
        list: rows.map((r) => ({
          id: r.id.toString(),
          actor: r.actor,
          actorName: nameOf(r.actor),
          action: r.action,
          target: r.target,
          targetName: nameOf(r.target),
          details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<
            string,
            unknown
          >,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        pageNum: page,
        totalPages: Math.ceil(total / pageSize),
        total,
      };
    },
  };
}
