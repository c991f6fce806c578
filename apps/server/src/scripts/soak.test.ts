import { describe, expect, it } from 'vitest';
import { testDbKind } from '../test-support/test-db';
import { withScratchDatabase } from './bench-support';
import { printSoak, runSoak } from './soak';

// Issue 22 item 9 and issue 47: crash-proof money that contention never reaches, small enough for CI
// (about half a minute). A real API process on a scratch PostgreSQL database, killed with SIGKILL four
// times under 64 clients' concurrent money operations; see soak.ts. `npm run soak -- --ops 100000
// --kills 10` runs the large one.
describe.skipIf(testDbKind !== 'postgres')('soak: money survives SIGKILL', () => {
  it('after 1500 operations from 64 clients and 4 kills: every balance equals its answers, replays answer the same, the ledger holds, no 5xx, no deadlock', async () => {
    await withScratchDatabase(process.env.TEST_DATABASE_URL!, async (url) => {
      const began = Date.now();
      const r = await runSoak({ url, ops: 1500, kills: 4, clients: 64, members: 8, seed: 22 });
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
        serverErrors: r.serverErrorsBy,
        deadlocks: r.deadlocks,
        retriesExhausted: r.retriesExhausted,
      }).toEqual({
        balanceMismatches: 0,
        replayMismatches: 0,
        changedAccepted: 0,
        ledgerViolations: 0,
        serverErrors: {},
        deadlocks: 0,
        retriesExhausted: 0,
      });
      // The mix that made the deadlocks ran: approvals, withdrawals, rejections, lottery orders.
      for (const route of [
        '/api/ops/deposits/:id/approve',
        '/api/cashier/withdrawals',
        '/api/ops/withdrawals/:id/reject',
        '/api/lottery/bets',
      ])
        expect(r.byRoute[route], route).toBeGreaterThan(10);
    });
  }, 240_000);
});
