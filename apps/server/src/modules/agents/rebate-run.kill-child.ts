// Started by rebate-run.kill.test.ts as a separate process: settles a day one beneficiary per chunk and,
// inside the second chunk's open transaction, says so on stdout and waits to be killed (kill -9).
import { openDatabase } from '../../db/database';
import { settleRebateDay } from './rebate-run';

const [url, day] = process.argv.slice(2);
if (!url || !day) throw new Error('usage: rebate-run.kill-child.ts <database url> <day>');
const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
let chunks = 0;
await settleRebateDay(handle.db, { id: 1, currency: 'PHP', settings: {}, tz: 'UTC' }, day, new Date(), {
  chunk: 1,
  afterSettlement: async () => {
    if (++chunks === 2) {
      process.stdout.write('in-flight\n');
      await new Promise(() => {});
    }
  },
});
