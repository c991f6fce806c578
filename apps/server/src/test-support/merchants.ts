import type { Database } from '../db/database';

/** Turns one white-label flag of a merchant on or off, keeping the others. */
export async function setMerchantFlag(
  db: Database,
  merchantId: number,
  flag: string,
  on: boolean,
): Promise<void> {
  const m = await db
    .selectFrom('merchant')
    .select('whitelabel')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('merchant')
    .set({ whitelabel: JSON.stringify({ ...m.whitelabel, [flag]: on }) })
    .where('id', '=', merchantId)
    .execute();
}
