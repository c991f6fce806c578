import type { Database } from '../../db/database';
import { randomToken } from '../../lib/crypto';

/** The demo vendor (the game simulator) each demo merchant connects; it calls from loopback. */
export const DEMO_VENDOR = { code: 'PSIM', name: 'Panalo Game Simulator' } as const;
export const LOOPBACK = ['127.0.0.1', '::1'];
/**
 * Our own games (modules/inhouse-play) play on the same wallet as an internal vendor, called in-process
 * only: its allow-list is empty, so every HTTP callback in its name is refused.
 */
export const INHOUSE_WALLET_VENDOR = { code: 'PNL', name: 'Panalo Originals' } as const;
/**
 * Hub88, the game aggregator (modules/hub88): it signs its calls with its RSA key on its own routes
 * (/api/hub88/…), so the HMAC callbacks refuse it (an empty allow-list) and its HMAC secret is unused.
 */
export const HUB88_WALLET_VENDOR = { code: 'HUB88', name: 'Hub88' } as const;

/**
 * Adds the demo vendor (and the internal in-house vendor and Hub88) to every merchant that lacks them (a
 * fresh random HMAC secret each).
 */
export async function seedGameWallet(db: Database): Promise<void> {
  const merchants = await db.selectFrom('merchant').select('id').execute();
  for (const m of merchants) await connectWalletVendors(db, m.id);
}

/** Connects one merchant's wallet to the demo vendor, the in-house vendor and Hub88 (each once). */
export async function connectWalletVendors(db: Database, merchantId: number): Promise<void> {
  for (const [v, ips] of [
    [DEMO_VENDOR, LOOPBACK],
    [INHOUSE_WALLET_VENDOR, []],
    [HUB88_WALLET_VENDOR, []],
  ] as const) {
    await db
      .insertInto('game_vendor')
      .values({
        merchant_id: merchantId,
        code: v.code,
        name: v.name,
        hmac_secret: randomToken(),
        allowed_ips: JSON.stringify(ips),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .execute();
  }
}
