import type { Database } from '../../db/database';
import { randomToken } from '../../lib/crypto';

/** The demo vendor (the game simulator) each demo merchant connects; it calls from loopback. */
export const DEMO_VENDOR = { code: 'PSIM', name: 'Panalo Game Simulator' } as const;
export const LOOPBACK = ['127.0.0.1', '::1'];

/** Adds the demo vendor to every merchant that lacks it (a fresh random HMAC secret each). */
export async function seedGameWallet(db: Database): Promise<void> {
  const merchants = await db.selectFrom('merchant').select('id').execute();
  for (const m of merchants) {
    await db
      .insertInto('game_vendor')
      .values({
        merchant_id: m.id,
        code: DEMO_VENDOR.code,
        name: DEMO_VENDOR.name,
        hmac_secret: randomToken(),
        allowed_ips: JSON.stringify(LOOPBACK),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .execute();
  }
}
