import type { Selectable } from 'kysely';
import type { ContractSettlement, OpsContractTerms } from '@panalo/contract/contracts';
import type { ContractKind } from '@panalo/contract/contract-terms';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import { formatRate } from '@panalo/contract/rebate';
import type { Database } from '../../db/database';
import type { ContractSettlementTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { mailed, platformKey, TRANSFER_KIND } from './settlement-pay';
import { CONTRACT_KINDS } from '@panalo/contract/contract-terms';
import { sendSystemMail } from '../mail/mail.service';
import { contractSettings, type ContractSettings } from './settlement-maths';
import { settlementsRepository } from './settlements.repository';
import { inTransaction } from '../../db/transaction';

/**
 * Settlements as people see them (issue 17 items 4 and 5): an agent's own (what its contracts paid it
 * or owe it), its direct downlines' (what it paid or owes them), the operator's list (owed first), and
 * the ways out of "owed": the upline pays from its wallet, or the operator force-pays from the platform
 * or voids it with a reason. Resolving is idempotent by the settlement itself: repeating the same
 * resolution answers the settlement as it is; the other one is refused.
 */

type Row = Selectable<ContractSettlementTable> & {
  member_name: string;
  payer_name: string | null;
  version: number;
};

function view(r: Row): ContractSettlement {
  return {
    id: r.id.toString(),
    kind: r.kind,
    period: r.period_key,
    periodStart: r.period_start.toISOString(),
    periodEnd: r.period_end.toISOString(),
    member: r.member_name,
    version: r.version,
    turnover: formatAmount(r.turnover),
    active: r.active,
    netLoss: formatAmount(r.net_loss),
    carryIn: formatAmount(r.carry_in),
    tier: r.tier,
    rate: formatRate(r.rate_bp),
    capped: r.capped,
    amount: formatAmount(r.amount),
    payer: r.payer,
    payerName: r.payer_name,
    status: r.status,
    settledAt: r.settled_at.toISOString(),
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    reason: r.reason,
  };
}

const unknownSettlement = () =>
  new DomainError('contract_settlement_unknown', 404, 'This settlement does not exist');

export function settlementsService(db: Database, clock: Clock) {
  const settlements = settlementsRepository(db);

  async function one(id: bigint): Promise<ContractSettlement> {
    return view(await settlements.settlementById(id));
  }

  /** Moves an owed settlement to paid (money from `from`) or void, once; the caller checked who may. */
  async function resolve(o: {
    merchant: { id: number; currency: string };
    id: bigint;
    action: 'pay' | 'void';
    /** The wallet paying: the platform's budget (the operator) or the payer's own (the upline). */
    from: 'platform' | 'upline';
    actor: string;
    reason: string | null;
    may: (s: Selectable<ContractSettlementTable>) => boolean;
  }): Promise<ContractSettlement> {
    await inTransaction(db, 'settlements.service.resolve', async (trx) => {
      const repo = settlementsRepository(trx);
      const s = await repo.lockSettlement(o.merchant.id, o.id);
      if (!s || !o.may(s)) throw unknownSettlement();
      const target = o.action === 'pay' ? 'paid' : 'void';
      if (s.status === target && s.resolved_at !== null) return;
      if (s.status !== 'owed')
        throw new DomainError('contract_settlement_not_owed', 409, 'This settlement is not owed', {
          status: s.status,
        });
      const now = clock.now();
      let transferId: bigint | null = null;
      if (o.action === 'pay') {
        const source =
          o.from === 'platform'
            ? await ledgerAccount(trx, platformKey(o.merchant))
            : await ledgerAccount(trx, memberWalletKey(o.merchant.id, s.payer_id!, o.merchant.currency));
        const to = await ledgerAccount(trx, memberWalletKey(o.merchant.id, s.member_id, o.merchant.currency));
        const t = await postTransfer(trx, {
          merchantId: o.merchant.id,
          book: 'real',
          kind: TRANSFER_KIND[s.kind],
          legs: [
            { accountId: source, amount: -s.amount },
            { accountId: to, amount: s.amount },
          ],
          createdBy: o.actor,
          reference: `contract:${s.contract_id}`,
          memo: `${s.kind} ${s.period_key}`,
          // The run's own key: a settlement's money moves once, whoever moves it.
          idempotency: { scope: 'contract-run', key: `${s.kind}:${s.period_key}:${s.member_id}` },
          at: now,
          // Counted on the period's last day, as the run counts what it pays (figures.ts).
          figuresAt: new Date(s.period_end.getTime() - 1),
        });
        transferId = t.transferId;
        if (mailed(s.kind))
          await sendSystemMail(trx, {
            merchantId: o.merchant.id,
            memberId: s.member_id,
            template: 'settlement_paid',
            params: { kind: s.kind, period: s.period_key, amount: formatAmount(s.amount) },
            at: now,
          });
      }
      await repo.setResolved(s.id, {
        status: target,
        transferId,
        at: now,
        by: o.actor,
        reason: o.reason,
      });
      await audit(trx, {
        merchantId: o.merchant.id,
        actor: o.actor,
        action: `contract.settlement.${o.action}`,
        target: `member:${s.member_id}`,
        details: {
          settlement: s.id,
          kind: s.kind,
          period: s.period_key,
          amount: s.amount,
          from: o.action === 'pay' ? o.from : null,
          reason: o.reason,
        },
        at: now,
      });
    });
    return one(o.id);
  }

  return {
    /** An agent's settlements: its own (mine) or its direct downlines' under contracts it offered. */
    async list(
      memberId: bigint,
      q: {
        side: 'mine' | 'downline';
        kind?: ContractKind | undefined;
        memberId?: string | undefined;
        before?: string | undefined;
        limit: number;
      },
    ): Promise<{ list: ContractSettlement[]; owed: string }> {
      const rows = await settlements.listFor(memberId, q);
      const owed = await settlements.owedTotal(memberId, q);
      return { list: rows.map(view), owed: formatAmount(BigInt(owed)) };
    },

    /** The upline pays what it owes a downline from its own wallet (refused when its balance is short). */
    payAsUpline(merchant: { id: number; currency: string }, uplineId: bigint, id: bigint) {
      return resolve({
        merchant,
        id,
        action: 'pay',
        from: 'upline',
        actor: `member:${uplineId}`,
        reason: null,
        may: (s) => s.payer_id === uplineId,
      });
    },

    /** What is owed to me and what I owe, of a kind, as decimal strings. */
    async owedSums(memberId: bigint, kind: ContractKind): Promise<{ owedToMe: string; iOwe: string }> {
      const r = await settlements.owedSums(memberId, kind);
      return {
        owedToMe: formatAmount(BigInt(r?.to_me ?? '0')),
        iOwe: formatAmount(BigInt(r?.i_owe ?? '0')),
      };
    },

    /** The last period of a kind the merchant's run finished, or null. */
    async lastPeriod(merchantId: number, kind: ContractKind): Promise<string | null> {
      return (await settlements.lastFinishedPeriod(merchantId, kind)) ?? null;
    },

    /** What I owe my downlines of a kind, oldest first. */
    async owedBy(memberId: bigint, kind: ContractKind): Promise<ContractSettlement[]> {
      const rows = await settlements.owedBy(memberId, kind);
      return rows.map(view);
    },

    /**
     * Pays what I owe of a kind from my wallet, oldest first, each in its own transaction, until my
     * balance is short; what was paid stays paid. Idempotent: a repeat pays only what is still owed.
     */
    async payAllOwed(merchant: { id: number; currency: string }, uplineId: bigint, kind: ContractKind) {
      let paid = 0;
      let left = 0;
      for (const s of await this.owedBy(uplineId, kind)) {
        try {
          await this.payAsUpline(merchant, uplineId, BigInt(s.id));
          paid += 1;
        } catch (e) {
          if (!(e instanceof DomainError) || e.code !== 'insufficient_balance') throw e;
          left += 1;
        }
      }
      return { paid, left, iOwe: (await this.owedSums(uplineId, kind)).iOwe };
    },

    /** The operator force-pays an owed settlement from the platform, or voids it; with a reason. */
    resolveAsOperator(
      merchant: { id: number; currency: string },
      staffId: bigint,
      id: bigint,
      action: 'pay' | 'void',
      reason: string,
    ) {
      return resolve({
        merchant,
        id,
        action,
        from: 'platform',
        actor: `operator:${staffId}`,
        reason,
        may: () => true,
      });
    },

    /** The operator's list: owed first, newest first, filtered. */
    async opsList(
      merchantId: number,
      q: {
        status?: string | undefined;
        kind?: ContractKind | undefined;
        username?: string | undefined;
        before?: string | undefined;
        limit: number;
      },
    ): Promise<ContractSettlement[]> {
      const rows = await settlements.opsList(merchantId, q);
      return rows.map(view);
    },
  };
}

/** The merchant's contract terms on the wire. */
export const contractTermsView = (s: ContractSettings): OpsContractTerms => ({
  payer: { ...s.payer },
  activeBets: formatAmount(s.activeBets),
  activeDeposit: formatAmount(s.activeDeposit),
  dividendCadence: s.dividendCadence,
  dividendCarryOver: s.dividendCarryOver,
  cutoffMinutes: s.cutoffMinutes,
});

/** Changes the merchant's contract terms (audited, before → after, with the reason). */
export async function setContractTerms(
  db: Database,
  clock: Clock,
  o: { merchantId: number; staffId: bigint },
  change: Partial<Omit<OpsContractTerms, 'payer'>> & {
    payer?: Partial<Record<ContractKind, 'platform' | 'upline'>> | undefined;
    reason: string;
  },
): Promise<OpsContractTerms> {
  return inTransaction(db, 'settlements.service.setContractTerms', async (trx) => {
    const repo = settlementsRepository(trx);
    const settings = ((await repo.merchantSettingsLocked(o.merchantId)) ?? {}) as Record<string, unknown>;
    const before = contractSettings(settings);
    const amount = (text: string | undefined, fallback: bigint) => {
      if (text === undefined) return fallback;
      const v = parseAmount(text);
      if (v === null) throw new DomainError('amount_invalid', 400, 'Please enter a valid amount');
      return v;
    };
    const after: ContractSettings = {
      payer: { ...before.payer },
      activeBets: amount(change.activeBets, before.activeBets),
      activeDeposit: amount(change.activeDeposit, before.activeDeposit),
      dividendCadence: change.dividendCadence ?? before.dividendCadence,
      dividendCarryOver: change.dividendCarryOver ?? before.dividendCarryOver,
      cutoffMinutes: change.cutoffMinutes ?? before.cutoffMinutes,
    };
    for (const k of CONTRACT_KINDS) if (change.payer?.[k]) after.payer[k] = change.payer[k];
    // A dividend cadence changes where periods fall: only before the first dividend period has run.
    if (after.dividendCadence !== before.dividendCadence) {
      if (await repo.anyRun(o.merchantId, 'dividend'))
        throw new DomainError(
          'contract_cadence_locked',
          409,
          'Dividend periods have run: the cadence cannot change',
        );
    }
    const stored = {
      ...settings,
      contracts: {
        ...after,
        activeBets: after.activeBets.toString(),
        activeDeposit: after.activeDeposit.toString(),
      },
    };
    await repo.setMerchantSettings(o.merchantId, stored);
    await audit(trx, {
      merchantId: o.merchantId,
      actor: `operator:${o.staffId}`,
      action: 'contract.terms',
      target: `merchant:${o.merchantId}`,
      details: { before: contractTermsView(before), after: contractTermsView(after), reason: change.reason },
      at: clock.now(),
    });
    return contractTermsView(after);
  });
}
