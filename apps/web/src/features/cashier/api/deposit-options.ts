import { queryOptions, useQuery } from '@tanstack/react-query';
import type { depositOptionsResponse } from '@panalo/contract/cashier';
import type { OkValue } from './types';
import { apiGet } from '../../../lib/api';
import { cashierKeys } from './keys';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';

export type DepositOptions = OkValue<typeof depositOptionsResponse>;
export type DepositMethod = DepositOptions['methods'][number];
export type DepositPromotion = DepositOptions['promotions'][number];
export type MerchantBankAccount = DepositMethod['bankAccounts'][number];

/** GET /api/cashier/deposit/options: the merchant's deposit methods and the promotions open to me. */
export const getDepositOptions = (lang: string, signal?: AbortSignal) =>
  apiGet<DepositOptions>('/cashier/deposit/options', { query: { lang }, ...(signal ? { signal } : {}) });

export const depositOptionsQuery = (lang: string) =>
  queryOptions({
    queryKey: cashierKeys.depositOptions(lang),
    queryFn: ({ signal }) => getDepositOptions(lang, signal),
  });

/** The options in the language shown (a promotion's name is the operator's text in that language). */
export const useDepositOptions = () => useQuery(depositOptionsQuery(useDebouncedLanguage()));
