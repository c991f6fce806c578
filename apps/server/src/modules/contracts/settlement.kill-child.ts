// Started by settlement.kill.test.ts as a separate process: settles a day's contracts one per chunk and,
// in mode "kill", inside the second chunk's open transaction, says so on stdout and waits to be killed
// (kill -9); in mode "run", settles the whole day and exits.
import { openDatabase } from '../../db/database';
import { periodAt } from './periods';
import { settleContractPeriod } from './settlement';

const [url, day, mode] = process.argv.slice(2);
if (!url || !day) throw new Error('usage: settlement.kill-child.ts <database url> <day> [kill|run]');
const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
let chunks = 0;
const m = { id: 1, currency: 'PHP', settings: {}, tz: 'UTC' };
const p = periodAt('daily_salary', Date.parse(`${day}T12:00:00Z`), 'UTC');
await settleContractPeriod(handle.db, m, 'daily_salary', p, new Date(), {
  chunk: 1,
  afterChunk: async () => {
    if (mode !== 'run' && ++chunks === 2) {
      process.stdout.write('in-flight\n');
      await new Promise(() => {});
    }
  },
});
await handle.close();
