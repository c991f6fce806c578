// For lottery.kill.test.ts: a server process that starts settling a period and is killed (SIGKILL, no
// clean-up of any kind) once every bet is decided but before any money has moved. Run with
// `node --import tsx settle-and-die.fixture.ts <database url> <period id> <now ISO>`.
import { openDatabase } from '../../db/database';
import { settlePeriod } from './lottery.settlement';

const [url, periodId, now] = process.argv.slice(2);
const handle = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1 });
await settlePeriod(handle.db, BigInt(periodId!), new Date(now!), undefined, {
  afterBets: () => process.kill(process.pid, 'SIGKILL'),
});
// Not reached: the process is gone with its transaction open.
process.exit(3);
