import type { Database } from '../database';
import type { Clock } from '../../lib/clock';
import { demoMerchants, type MerchantSeed } from './merchants.seed';
import { seedContent } from './content.seed';
import { seedAccounts } from './accounts.seed';
import { seedCashier } from './cashier.seed';
import { seedGameWallet } from '../../modules/game-wallet/game-wallet.seed';
import { seedGames } from '../../modules/games/games.seed';
import { seedLottery } from '../../modules/lottery/lottery.seed';
import { seedPromotions } from '../../modules/promotions/promotions.seed';
import { inTransaction } from '../transaction';

/** Seeds the demo merchants and their content once; a merchant already present is left as it is. */
export async function seedDemo(db: Database, clock: Clock): Promise<string[]> {
  const created: string[] = [];
  for (const m of demoMerchants) {
    const done = await inTransaction(db, 'seed.seedDemo', async (trx) => {
      const exists = await trx
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', m.code)
        .executeTakeFirst();
      if (exists) return false;
      const id = await insertMerchant(trx, m);
      await seedContent(trx, id, m.code, clock.now());
      return true;
    });
    if (done) created.push(m.code);
  }
  await seedAccounts(db, clock);
  await seedCashier(db, clock);
  await seedGameWallet(db);
  await seedGames(db);
  await seedLottery(db);
  await seedPromotions(db, clock);
  return created;
}

/**
 * Creates one merchant with its domains and links; what it does not name (the maker-checker thresholds
 * among them) takes the columns' defaults.
 */
export async function insertMerchant(trx: Database, m: MerchantSeed): Promise<number> {
  const { id } = await trx
    .insertInto('merchant')
    .values({
      code: m.code,
      name: m.name,
      currency: m.currency,
      default_language: m.defaultLanguage,
      languages: JSON.stringify(m.languages),
      theme: JSON.stringify(m.theme),
      whitelabel: JSON.stringify(m.whitelabel),
      registration_rules: JSON.stringify(m.rules),
      image_cdns: JSON.stringify(m.imageCDNs),
      mobile_template: JSON.stringify(m.mobileTemplate),
      maintenance: JSON.stringify({ enabled: false }),
      region_restriction: JSON.stringify({ enabled: false, mode: 'deny', countries: [], cidrs: [] }),
      domain_route: JSON.stringify([`https://${m.mainDomain}`]),
      main_domain: m.mainDomain,
      trial_merchant_code: m.trialMerchantCode,
      settings: JSON.stringify(m.settings),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('merchant_domain')
    .values(m.domains.map((domain) => ({ domain, merchant_id: id })))
    .execute();
  if (m.customerService.length > 0) {
    await trx
      .insertInto('customer_service_link')
      .values(
        m.customerService.map((c, sort) => ({
          merchant_id: id,
          type: c.type,
          title: c.title,
          url: c.url,
          sort,
        })),
      )
      .execute();
  }
  if (m.downloads.length > 0) {
    await trx
      .insertInto('download_link')
      .values(m.downloads.map((d) => ({ merchant_id: id, resource_type: d.resourceType, url: d.url })))
      .execute();
  }
  return id;
}
