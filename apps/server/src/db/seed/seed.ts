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
import { seedProvider } from '../../modules/provider/provider.seed';
import { merchantsRepository } from '../../modules/merchants/merchants.repository';

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
  await seedProvider(db);
  return created;
}

/** Creates one demo merchant (live) with its domains and links. */
export async function insertMerchant(trx: Database, m: MerchantSeed): Promise<number> {
  const id = await merchantsRepository(trx).create({
    ...m,
    regionRestriction: { enabled: false, mode: 'deny', countries: [], cidrs: [] },
    status: 'live',
    at: new Date(),
  });
  if (id === undefined) throw new Error(`a domain of the demo merchant ${m.code} belongs to another site`);
  return id;
}
