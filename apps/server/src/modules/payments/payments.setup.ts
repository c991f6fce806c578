import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { configurePayments } from './adapter';
import { paysimAdapter } from './paysim/paysim.adapter';
import { paysimSecret } from './paysim/paysim.secret';
import { startPaySim, type PaySim, type PaySimOptions } from './paysim/paysim.server';

/**
 * Starts the PaySim simulator on loopback with the secret kept in app_secret, and points the app's
 * PaySim adapter at it. `callbackBaseUrl` is where PaySim reaches our API (the app's own address).
 */
export async function startPaymentSimulator(
  db: Database,
  clock: Clock,
  o: Omit<PaySimOptions, 'secret' | 'now'> & { callbackBaseUrl?: string } = {},
): Promise<PaySim> {
  const secret = await paysimSecret(db);
  const { callbackBaseUrl, ...simOptions } = o;
  const sim = await startPaySim({ ...simOptions, secret, now: () => clock.now() });
  configurePayments(db, {
    adapters: [paysimAdapter({ simulatorUrl: sim.url, secret, clock })],
    ...(callbackBaseUrl ? { callbackBaseUrl } : {}),
  });
  return sim;
}
