import type { Database } from '../../db/database';
import { DEMO_VENDOR } from '../game-wallet/game-wallet.seed';
import type { Hub88Setup } from '../hub88/hub88-setup';
import { configureVendorAdapters } from '../game-launch/vendor-adapter';
import { vendorSimAdapter } from './vendor-sim.adapter';
import { startVendorSim, type VendorSim, type VendorSimOptions } from './vendor-sim.server';

/**
 * Starts the game vendor simulator on loopback and points the app's PSIM launch adapter at it.
 * `apiBaseUrl` is where the simulator reaches our API (the app's own address). The simulator is given
 * each merchant's PSIM secret as an operator would hand it over; it keeps them on its server side.
 */
export async function startVendorSimulator(
  db: Database,
  o: Omit<VendorSimOptions, 'secretFor' | 'vendorCode' | 'hub88'> & {
    /** The demo's Hub88 setup: the simulator plays Hub88 with its keys and becomes its API address. */
    hub88?: Hub88Setup;
  },
): Promise<VendorSim> {
  const secretFor = async (merchant: string) => {
    const row = await db
      .selectFrom('game_vendor as v')
      .innerJoin('merchant as m', 'm.id', 'v.merchant_id')
      .select('v.hmac_secret')
      .where('m.code', '=', merchant)
      .where('v.code', '=', DEMO_VENDOR.code)
      .executeTakeFirst();
    return row?.hmac_secret;
  };
  const { hub88, ...rest } = o;
  const keys = hub88?.demo
    ? {
        hub88PrivateKey: hub88.demo.hub88PrivateKey,
        operatorPublicKey: hub88.demo.ourPublicKey,
        operatorId: hub88.operatorId,
      }
    : undefined;
  const sim = await startVendorSim({
    ...rest,
    vendorCode: DEMO_VENDOR.code,
    secretFor,
    ...(keys ? { hub88: keys } : {}),
  });
  if (hub88?.demo) hub88.apiUrl = sim.url;
  configureVendorAdapters(db, [vendorSimAdapter({ simulatorUrl: sim.url, code: DEMO_VENDOR.code })]);
  return sim;
}
