import type { createDepositResponse, DepositOrder } from '@panalo/contract/cashier';
import { postMoney } from '../../../lib/money-request';
import type { OkValue } from './types';

export type { DepositOrder };
export type CreatedDeposit = OkValue<typeof createDepositResponse>;

export interface CreateDepositBody {
  methodCode: string;
  amount: string;
  promotionCode?: string;
  bankAccountId?: string;
  reference?: string;
  payerName?: string;
}

/** POST /api/cashier/deposits with the intent's idempotency key. */
export const createDeposit = (body: CreateDepositBody, idempotencyKey: string) =>
  postMoney<CreatedDeposit>('/cashier/deposits', body, idempotencyKey);
