import { z } from 'zod';

// Hub88's Wallet API request bodies (docs.hub88.io, Operator API → Wallet API), as Hub88 sends them. Only
// the fields we act on are read; Hub88 adds optional fields over time, so others are let through.
// NUL never reaches the database (PostgreSQL text cannot hold it): such a field is of the wrong type.
const noNul = (v: string) => !v.includes('\u0000');
const text = z.string().min(1).max(255).refine(noNul);
/** An amount: an integer number of currency units × 100,000 (never a float, never negative). */
const units = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const optionalText = z.string().max(255).refine(noNul).nullish();

export const userInfoBody = z.looseObject({ user: text, request_uuid: text });
export const balanceBody = z.looseObject({
  user: text,
  token: text,
  request_uuid: text,
  game_code: optionalText,
});
const transaction = {
  user: text,
  token: text,
  request_uuid: text,
  transaction_uuid: text,
  round: text,
  game_code: text,
  supplier_transaction_id: optionalText,
  round_closed: z.boolean().nullish(),
};
export const betBody = z.looseObject({
  ...transaction,
  currency: text,
  amount: units,
  is_free: z.boolean().nullish(),
});
export const winBody = betBody.extend({ reference_transaction_uuid: text });
export const rollbackBody = z.looseObject({ ...transaction, reference_transaction_uuid: text });

export type UserInfoBody = z.infer<typeof userInfoBody>;
export type BalanceBody = z.infer<typeof balanceBody>;
export type BetBody = z.infer<typeof betBody>;
export type WinBody = z.infer<typeof winBody>;
export type RollbackBody = z.infer<typeof rollbackBody>;

/** Each call's required fields: one missing (or null) is a syntax error, a wrong type is a type error. */
export const REQUIRED = {
  userInfo: ['user', 'request_uuid'],
  balance: ['user', 'token', 'request_uuid'],
  bet: ['user', 'token', 'request_uuid', 'transaction_uuid', 'round', 'game_code', 'currency', 'amount'],
  win: [
    'user',
    'token',
    'request_uuid',
    'transaction_uuid',
    'round',
    'game_code',
    'currency',
    'amount',
    'reference_transaction_uuid',
  ],
  rollback: [
    'user',
    'token',
    'request_uuid',
    'transaction_uuid',
    'round',
    'game_code',
    'reference_transaction_uuid',
  ],
} as const;
