import { apiRequest } from './api';

export { newIdempotencyKey } from '@panalo/client/http';

/** POSTs a money-moving call with its `Idempotency-Key` header and returns the answer's `value`. */
export const postMoney = <T>(path: string, body: unknown, idempotencyKey: string) =>
  apiRequest<T>('POST', path, { body, idempotencyKey });
