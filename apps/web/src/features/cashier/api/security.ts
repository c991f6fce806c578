import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankCard, securityConfigResponse } from '@panalo/contract/cashier';
import { apiGet, apiRequest } from '../../../lib/api';
import { cashierKeys } from './keys';
import type { OkValue } from './types';

export type { BankCard };
export type SecurityConfig = OkValue<typeof securityConfigResponse>;

/** GET /api/cashier/security: payment password set?, payee name, cards, banks, limits, wagering. */
export const getSecurity = (signal?: AbortSignal) =>
  apiGet<SecurityConfig>('/cashier/security', signal ? { signal } : {});

export const securityQuery = () =>
  queryOptions({ queryKey: cashierKeys.security(), queryFn: ({ signal }) => getSecurity(signal) });

export const useSecurity = () => useQuery(securityQuery());

export interface SetPaymentPasswordBody {
  oldPaymentPassword?: string;
  loginPassword?: string;
  paymentPassword: string;
  confirmPaymentPassword: string;
}

/** POST /api/cashier/payment-password: the first one (with the login password) or a change (old one). */
export const setPaymentPassword = (body: SetPaymentPasswordBody) =>
  apiRequest<unknown>('POST', '/cashier/payment-password', { body });

export interface ResetPaymentPasswordBody {
  loginPassword: string;
  paymentPassword: string;
  confirmPaymentPassword: string;
}

/** POST /api/cashier/payment-password/reset: a forgotten payment password, proven by the login password. */
export const resetPaymentPassword = (body: ResetPaymentPasswordBody) =>
  apiRequest<unknown>('POST', '/cashier/payment-password/reset', { body });

/** POST /api/cashier/payee-name: bound once. */
export const bindPayeeName = (payeeName: string) =>
  apiRequest<unknown>('POST', '/cashier/payee-name', { body: { payeeName } });

export interface BindCardBody {
  bankCode: string;
  cardNumber: string;
  paymentPassword: string;
}

/** POST /api/cashier/cards: the answer carries the masked card only. */
export const bindCard = (body: BindCardBody) => apiRequest<BankCard>('POST', '/cashier/cards', { body });
