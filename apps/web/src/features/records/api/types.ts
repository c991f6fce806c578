import type { z } from 'zod';
import type {
  depositOrder,
  depositStatus,
  profitLossResponse,
  transaction,
  transactionType,
  transferUplineResponse,
  withdrawal,
  withdrawalStatus,
} from '@panalo/contract/cashier';

// Types only: the contract's zod schemas never reach the web bundle.
type Value<T extends z.ZodType> = z.infer<T> extends { value: infer V } ? V : never;

export type DepositOrder = z.infer<typeof depositOrder>;
export type DepositStatus = z.infer<typeof depositStatus>;
export type Withdrawal = z.infer<typeof withdrawal>;
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;
export type Transaction = z.infer<typeof transaction>;
export type TransactionType = z.infer<typeof transactionType>;
export type ProfitLoss = Value<typeof profitLossResponse>;
export type ProfitLossTotals = ProfitLoss['totals'];
export type TransferUplineResult = Value<typeof transferUplineResponse>;
