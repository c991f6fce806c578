import { formatAmount } from '@panalo/contract/money';
import { TRANSACTION_TYPES } from '@panalo/contract/cashier';
import type { Database } from '../../db/database';
import { memberWalletKey } from '../wallet/ledger';
import { bookFor } from '../wallet/wallet.service';
import { checkDayRange } from '../../lib/day-range';
import { recordsRepository } from './records.repository';

type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Longest profit-and-loss period, in days (both ends counted). */
export const MAX_REPORT_DAYS = 90;

interface Caller {
  merchantId: number;
  currency: string;
  timeZone: string;
  memberId: bigint;
  memberType: number;
}

interface Sums {
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  wins: bigint;
  bonuses: bigint;
  rebates: bigint;
}
const zero = (): Sums => ({ deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n, bonuses: 0n, rebates: 0n });

/**
 * How each transfer kind, seen from the member's wallet (signed), counts in profit and loss. A
 * withdrawal is what was held minus what came back on rejection (paying it out does not touch the
 * wallet); a bet is what was staked minus what was rolled back. Adjustments, transfers and trial grants
 * are not play and are left out.
 */
function addKind(s: Sums, kind: string, amount: bigint): void {
  switch (kind as TransactionType) {
    case 'deposit':
      s.deposits += amount;
      return;
    case 'withdrawal_hold':
    case 'withdrawal_release':
      s.withdrawals -= amount;
      return;
    case 'bet':
    case 'rollback':
    case 'lottery_bet':
    case 'lottery_refund':
      s.bets -= amount;
      return;
    case 'win':
    case 'lottery_win':
      s.wins += amount;
      return;
    case 'deposit_bonus':
    case 'promotion_bonus':
    case 'bonus_forfeit':
      s.bonuses += amount;
      return;
    case 'rebate':
      s.rebates += amount;
      return;
    case 'withdrawal_paid':
    case 'adjustment':
    case 'transfer_upline':
    case 'transfer_downline':
    case 'transfer_to_downline':
    case 'transfer_from_upline':
    case 'trial_grant':
    case 'rain_fund':
    case 'rain_claim':
    case 'rain_return':
      return;
    case 'agent_commission':
    case 'agent_salary':
    case 'agent_dividend':
      s.rebates += amount;
      return;
  }
}

const wire = (s: Sums) => ({
  deposits: formatAmount(s.deposits),
  withdrawals: formatAmount(s.withdrawals),
  bets: formatAmount(s.bets),
  wins: formatAmount(s.wins),
  bonuses: formatAmount(s.bonuses),
  rebates: formatAmount(s.rebates),
  profit: formatAmount(s.wins + s.bonuses + s.rebates - s.bets),
});

/** Account record and profit and loss, both read from the member's wallet entries in the ledger. */
export function recordsService(db: Database) {
  const repo = recordsRepository(db);
  // Free-trial accounts see their play-money book, everyone else the real one.
  const walletOf = (c: Caller) =>
    repo.findAccountId(memberWalletKey(c.merchantId, c.memberId, c.currency, bookFor(c.memberType)));

  return {
    transactionTypes: (): TransactionType[] => [...TRANSACTION_TYPES],

    /** The account record: the wallet's entries, newest first, filtered by type and local day. */
    async transactions(
      c: Caller,
      q: {
        page: number;
        pageSize: number;
        types?: TransactionType[] | undefined;
        from?: string;
        to?: string;
      },
    ) {
      checkDayRange(q.from, q.to);
      const accountId = await walletOf(c);
      const { rows, total } = accountId
        ? await repo.transactions({
            accountId,
            types: q.types,
            range: { from: q.from, to: q.to, timeZone: c.timeZone },
            limit: q.pageSize,
            offset: (q.page - 1) * q.pageSize,
          })
        : { rows: [], total: 0 };
      return {
        list: rows.map((r) => ({
          id: r.id.toString(),
          type: r.type,
          amount: formatAmount(r.amount),
          balanceAfter: formatAmount(r.balance_after),
          reference: r.reference,
          memo: r.memo,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        pageNum: q.page,
        totalPages: Math.ceil(total / q.pageSize),
        total,
      };
    },

    /** Profit and loss per local day (days with movement, newest first) and in total. */
    async profitLoss(c: Caller, q: { from: string; to: string }) {
      checkDayRange(q.from, q.to, MAX_REPORT_DAYS);
      const accountId = await walletOf(c);
      const rows = accountId
        ? await repo.sumsByDayAndKind({ accountId, from: q.from, to: q.to, timeZone: c.timeZone })
        : [];
      const totals = zero();
      const byDay = new Map<string, Sums>();
      for (const r of rows) {
        addKind(totals, r.kind, BigInt(r.amount));
        const day = byDay.get(r.day) ?? zero();
        addKind(day, r.kind, BigInt(r.amount));
        byDay.set(r.day, day);
      }
      return {
        from: q.from,
        to: q.to,
        totals: wire(totals),
        days: [...byDay.entries()]
          .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
          .map(([date, s]) => ({ date, ...wire(s) })),
      };
    },
  };
}
