import type { Database } from '../../db/database';
import { runEvery } from '../../lib/run-every';

/** A gateway payment left unpaid this long is abandoned (the provider's page was closed or timed out). */
export const GATEWAY_DEPOSIT_TTL_MS = 24 * 60 * 60_000;
export const EXPIRED_REASON = 'payment not completed in time';

/**
 * Marks gateway deposits still pending after GATEWAY_DEPOSIT_TTL_MS as expired, so neither the member's
 * records nor the operator's pending list keep abandoned payments. No money moved for them. A bank
 * transfer is never expired (the member may have sent the money; an operator decides), and a provider's
 * late "paid" callback still credits an expired deposit (deposit-callback.service reopens it). One
 * conditional statement: any number of processes may run it at once. Returns how many expired.
 */
export async function expireGatewayDeposits(db: Database, now: Date): Promise<number> {
  const r = await db
    .updateTable('deposit_order')
    .set({ status: 'expired', decided_by: 'system', reason: EXPIRED_REASON, updated_at: now })
    .where('kind', '=', 'gateway')
    .where('status', '=', 'pending')
    .where('created_at', '<', new Date(now.getTime() - GATEWAY_DEPOSIT_TTL_MS))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Runs expireGatewayDeposits every `everyMs` until stopped (each API process runs one). */
export function startDepositExpiry(
  db: Database,
  clock: { now(): Date },
  everyMs = 10 * 60_000,
  onError: (err: unknown) => void = () => {},
): { stop: () => Promise<void> } {
  return runEvery(() => expireGatewayDeposits(db, clock.now()), everyMs, onError);
}
