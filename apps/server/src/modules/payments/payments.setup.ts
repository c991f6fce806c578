import { randomBytes } from 'node:crypto';
import { PAYMONGO_METHODS } from '@panalo/contract/payment-rules';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { configurePayments } from './adapter';
import { paymongoAdapter } from './paymongo/paymongo.adapter';
import {
  PAYMONGO_PROVIDER,
  payMongoAccountByCode,
  payMongoAccountOf,
  savePayMongoAccount,
} from './paymongo/paymongo-account';
import { paysimAdapter } from './paysim/paysim.adapter';
import { paysimSecret } from './paysim/paysim.secret';
import { startPaySim, type PaySim, type PaySimOptions } from './paysim/paysim.server';

/**
 * Starts the PaySim simulator on loopback with the secret kept in app_secret, and points the app's
 * payment adapters at it: PaySim's own protocol, and PayMongo (every merchant's account as saved; with
 * `paymongo`, merchants without one get a test-mode account at the demo PayMongo, made through the same
 * service an operator uses, with GCash, Maya, QR Ph, GrabPay and card). `callbackBaseUrl` is where the
 * simulator reaches our API (the app's own address).
 */
export async function startPaymentSimulator(
  db: Database,
  clock: Clock,
  o: Omit<PaySimOptions, 'secret' | 'now'> & { callbackBaseUrl?: string; paymongo?: boolean } = {},
): Promise<PaySim> {
  const secret = await paysimSecret(db);
  const { callbackBaseUrl, paymongo, ...simOptions } = o;
  const sim = await startPaySim({ ...simOptions, secret, now: () => clock.now() });
  configurePayments(db, {
    adapters: [
      paysimAdapter({ simulatorUrl: sim.url, secret, clock }),
      paymongoAdapter({ accountFor: payMongoAccountByCode, clock }),
    ],
    ...(callbackBaseUrl ? { callbackBaseUrl } : {}),
  });
  if (paymongo) await openDemoPayMongo(db, clock, sim, callbackBaseUrl ?? sim.url);
  return sim;
}

/** Without the simulator (production): PayMongo, with each merchant's account as its operator saved it. */
export function configureProviderPayments(db: Database, clock: Clock): void {
  configurePayments(db, {
    adapters: [paymongoAdapter({ accountFor: payMongoAccountByCode, clock })],
  });
}

const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/**
 * The demo's PayMongo accounts: each merchant's test account lives at the simulator (keys made once and
 * kept, sealed, like an operator's), and its webhook goes to our API under the merchant's own loopback
 * name (localhost, luzon.localhost), which is how PayMongo's webhook reaches a merchant's domain.
 */
async function openDemoPayMongo(db: Database, clock: Clock, sim: PaySim, apiBase: string): Promise<void> {
  const merchants = await db.selectFrom('merchant').select(['id', 'code']).orderBy('id').execute();
  for (const m of merchants) {
    let account = await payMongoAccountOf(db, m.id);
    if (account && !LOOPBACK.test(account.apiUrl)) continue; // a real PayMongo account: not the demo's
    if (!account) {
      await savePayMongoAccount(db, clock, {
        merchantId: m.id,
        actor: 'system:demo',
        input: {
          apiUrl: sim.url,
          livemode: false,
          secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
          webhookSecret: `whsk_${randomBytes(12).toString('hex')}`,
          methods: PAYMONGO_METHODS.map((code) => ({ code, enabled: true, min: '100.00', max: '50000.00' })),
          reason: 'Demo PayMongo account (test mode)',
        },
      });
      account = (await payMongoAccountOf(db, m.id))!;
    } else if (account.apiUrl !== sim.url) {
      // The simulator listens on a new port each start: the demo account follows it.
      await db
        .updateTable('payment_account')
        .set({ api_url: sim.url })
        .where('merchant_id', '=', m.id)
        .where('provider', '=', PAYMONGO_PROVIDER)
        .execute();
    }
    sim.paymongo.addAccount({
      secretKey: account.secretKey,
      webhookSecret: account.webhookSecret,
      livemode: account.livemode,
      webhookUrl: `${await merchantBase(db, m.id, apiBase)}/api/payments/paymongo/webhook`,
    });
  }
}

/** Our API under the merchant's loopback name when the API is on loopback; else the API's address. */
async function merchantBase(db: Database, merchantId: number, apiBase: string): Promise<string> {
  const base = new URL(apiBase);
  if (!LOOPBACK.test(base.origin)) return base.origin;
  const names = await db
    .selectFrom('merchant_domain')
    .select('domain')
    .where('merchant_id', '=', merchantId)
    .execute();
  const name = names
    .map((n) => n.domain)
    .filter((d) => d === 'localhost' || d.endsWith('.localhost'))
    .sort((a, b) => a.length - b.length)[0];
  if (name) base.hostname = name;
  return base.origin;
}
