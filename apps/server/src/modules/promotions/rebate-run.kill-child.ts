// Started by rebate-run.kill.test.ts as a separate process: runs a rebate promotion's day one member per
// chunk and, inside the second chunk's open transaction, says so on stdout and waits to be killed (kill -9).
import { openDatabase } from '../../db/database';
import { runPromotionRebateDay } from './rebate-run';

const [url, day] = process.argv.slice(2);
if (!url || !day) throw new Error('usage: rebate-run.kill-child.ts <database url> <day>');
const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const p = await handle.db
  .selectFrom('promotion')
  .selectAll()
  .where('merchant_id', '=', 1)
  .where('code', '=', 'DAILY-REBATE')
  .executeTakeFirstOrThrow();
let chunks = 0;
await runPromotionRebateDay(handle.db, { id: 1, currency: 'PHP', tz: 'UTC' }, p, day, new Date(), {
  chunk: 1,
  afterChunk: async () => {
    if (++chunks === 2) {
      process.stdout.write('in-flight\n');
      await new Promise(() => {});
    }
  },
});
