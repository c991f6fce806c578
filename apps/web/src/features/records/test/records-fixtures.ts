import type { Paged } from '../../../lib/paging';
import type { DepositOrder, ProfitLoss, ProfitLossTotals, Transaction, Withdrawal } from '../api/types';

export { memberInfo, stubApi, type StubAnswer } from '../../member/test/member-fixtures';

export const DEPOSITS = '/api/cashier/deposits';
export const WITHDRAWALS = '/api/cashier/withdrawals';
export const TRANSACTIONS = '/api/cashier/transactions';
export const TYPES = '/api/cashier/transaction-types';
export const PROFIT_LOSS = '/api/cashier/profit-loss';
export const TRANSFER_UPLINE = 'POST /api/cashier/transfer-upline';
export const BALANCE = '/api/wallet/balance';
export const ME = '/api/members/me';

/** One page of a paged list, as the API gives it. */
export const page = <T>(list: T[], pageNum = 1, totalPages = 1): { value: Paged<T> } => ({
  value: { list, pageNum, totalPages, total: list.length * totalPages },
});

export function deposit(p: Partial<DepositOrder> = {}): DepositOrder {
  return {
    id: '1',
    methodCode: 'BANK',
    kind: 'bank_transfer',
    amount: '500.00',
    bonusAmount: '0.00',
    promotionCode: null,
    status: 'pending',
    reference: null,
    providerRef: null,
    createdAt: '2026-11-20T03:04:00.000Z',
    updatedAt: '2026-11-20T03:04:00.000Z',
    ...p,
  };
}

export function withdrawal(p: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: '1',
    cardId: '9',
    bankName: 'BDO',
    cardLast4: '1234',
    amount: '300.00',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-20T03:04:00.000Z',
    updatedAt: '2026-11-20T03:04:00.000Z',
    ...p,
  };
}

export function transaction(p: Partial<Transaction> = {}): Transaction {
  return {
    id: '1',
    type: 'deposit',
    amount: '100.00',
    balanceAfter: '1100.00',
    reference: null,
    memo: null,
    createdAt: '2026-11-20T03:04:00.000Z',
    ...p,
  };
}

const zero: ProfitLossTotals = {
  deposits: '0.00',
  withdrawals: '0.00',
  bets: '0.00',
  wins: '0.00',
  bonuses: '0.00',
  rebates: '0.00',
  profit: '0.00',
};
export const totals = (p: Partial<ProfitLossTotals> = {}): ProfitLossTotals => ({ ...zero, ...p });

export function profitLoss(p: Partial<ProfitLoss> = {}): ProfitLoss {
  return { from: '2026-11-16', to: '2026-11-22', totals: totals(), days: [], ...p };
}
