import type { Database } from '../db/database';

/**
 * Writes an audit record inside the caller's transaction: who (member:<id>, operator:<id>,
 * provider:<code>, system), did what, to what, with the details that explain it.
 */
export async function audit(
  trx: Database,
  e: {
    merchantId: number;
    actor: string;
    action: string;
    target: string;
    details: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      merchant_id: e.merchantId,
      actor: e.actor,
      action: e.action,
      target: e.target,
      details: JSON.stringify(e.details, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      created_at: e.at,
    })
    .execute();
}
