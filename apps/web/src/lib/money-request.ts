import { apiRequest } from './api';

/**
 * A fresh idempotency key for one money-moving intent (a deposit, a withdrawal, a transfer). Create it
 * when the member starts the action and reuse it for every retry of that same action, so that a repeat
 * after a lost answer returns the first result instead of moving money twice.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** POSTs a money-moving call with its `Idempotency-Key` header and returns the answer's `value`. */
export const postMoney = <T>(path: string, body: unknown, idempotencyKey: string) =>
  apiRequest<T>('POST', path, { body, headers: { 'idempotency-key': idempotencyKey } });
