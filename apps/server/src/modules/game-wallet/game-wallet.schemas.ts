import { z } from 'zod';

// The vendor protocol's request bodies (see README.md). Ids are the vendor's own strings.
const id = z.string().min(1).max(100);
const token = z.string().min(16).max(200);
const amount = z.string().max(32);
const currency = z.string().min(3).max(3).optional();

export const tokenRequest = z.object({ token });
export const betRequest = z.object({ token, txId: id, roundId: id, gameCode: id, amount, currency });
export const winRequest = z.object({
  token,
  txId: id,
  roundId: id,
  gameCode: id.optional(),
  amount,
  currency,
  /** The win also ends the round. */
  endRound: z.boolean().optional(),
});
export const rollbackRequest = z.object({ token, txId: id, originalTxId: id, roundId: id.optional() });
export const endRequest = z.object({ token, txId: id, roundId: id });

export type TokenRequest = z.infer<typeof tokenRequest>;
export type BetRequest = z.infer<typeof betRequest>;
export type WinRequest = z.infer<typeof winRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;
export type EndRequest = z.infer<typeof endRequest>;
