import { queryOptions, useQuery } from '@tanstack/react-query';
import type { depositOptionsResponse } from '@panalo/contract/cashier';
import type { OkValue } from './types';
import { apiGet } from '../../../lib/api';
import { cashierKeys } from './keys';

export type DepositOptions = OkValue<typeof depositOptionsResponse>;
export type DepositMethod = DepositOptions['methods'][number];
export type DepositPromotion = DepositOptions['promotions'][number];
export type MerchantBankAccount = DepositMethod['bankAccounts'][number];

/** GET /api/cashier/deposit/options: the merchant's deposit methods and promotions. */
export const getDepositOptions = (signal?: AbortSignal) =>
  apiGet<DepositOptions>('/cashier/deposit/options', signal ? { signal } : {});

export const depositOptionsQuery = () =>
  queryOptions({
    queryKey: cashierKeys.depositOptions(),
    queryFn: ({ signal }) => getDepositOptions(signal),
  });

export const useDepositOptions = () => useQuery(depositOptionsQuery());
