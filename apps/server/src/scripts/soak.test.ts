import { describe, expect, it } from 'vitest';
import { testDbKind } from '../test-support/test-db';
import { withScratchDatabase } from './bench-support';
import { printSoak, runSoak } from './soak';

// Issue 22 item 9: crash-proof money, small enough for CI (about half a minute). A real API process on
// a scratch PostgreSQL database, killed with SIGKILL four times under concurrent money operations; see
// soak.ts. `npm run soak -- --ops 100000 --kills 10` runs the large one.
describe.skipIf(testDbKind !== 'postgres')('soak: money survives SIGKILL', () => {
  it('after 1500 operations and 4 kills, every balance equals its answers, replays answer the same, the ledger holds', async () => {
    await withScratchDatabase(process.env.TEST_DATABASE_URL!, async (url) => {
      const began = Date.now();
      const r = await runSoak({ url, ops: 1500, kills: 4, clients: 16, members: 8, seed: 22 });
      printSoak(r, (Date.now() - began) / 1000);
      expect(r.ops).toBe(1500);
      expect(r.kills).toBe(4);
      expect(r.replays).toBeGreaterThan(0);
      expect(r.changedBodies).toBeGreaterThan(0);
      expect({
        balanceMismatches: r.balanceMismatches,
        replayMismatches: r.replayMismatches,
        changedAccepted: r.changedAccepted,
        ledgerViolations: r.ledgerViolations,
      }).toEqual({ balanceMismatches: 0, replayMismatches: 0, changedAccepted: 0, ledgerViolations: 0 });
    });
  }, 240_000);
});
