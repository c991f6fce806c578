import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet, vendorCall } from '../game-wallet/vendor-client';
import { checkLedger } from './ledger-check';
import { rollUpHouse } from './house-rollup';
import { itRaces } from '../../test-support/races';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  merchantId = (
    await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

async function player() {
  const m = await createMember(t, {});
  await fundWallet(t.ctx.db, {
    merchantId,
    memberId: m.id,
    currency: 'PHP',
    amount: 100_000n,
    key: `r${m.id}`,
  });
  const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
    merchantId,
    memberId: m.id,
    memberType: m.type,
    currency: 'PHP',
    vendorCode: 'PSIM',
    gameCode: null,
  });
  return token;
}

const pendingTotal = async () =>
  BigInt(
    (await sql<{ s: string | null }>`select sum(amount)::text as s from house_pending`.execute(t.ctx.db))
      .rows[0]?.s ?? '0',
  );
const houseBalances = async () =>
  BigInt(
    (
      await sql<{
        s: string | null;
      }>`select sum(balance)::text as s from ledger_account where kind = 'house'`.execute(t.ctx.db)
    ).rows[0]?.s ?? '0',
  );

let n = 0;
const bet = (token: string, amount: string) =>
  vendorCall(t, 'bet', { token, txId: `hr-${++n}`, roundId: `hr-round-${n}`, gameCode: 'slot-1', amount });

describe('house legs appended and rolled up (issue 4)', () => {
  it('a bet appends the house side; balance + pending always equals the entries, before and after the roll-up', async () => {
    const token = await player();
    await rollUpHouse(t.ctx.db);
    const before = await houseBalances();
    for (const amount of ['1.00', '2.50', '10.00']) expect((await bet(token, amount)).status).toBe(200);
    expect(await pendingTotal()).toBe(1350n);
    // Not rolled up yet: the ledger is already consistent (balance + pending = entries).
    expect((await checkLedger(t.ctx.db)).driftedAccounts).toEqual([]);
    expect(await houseBalances()).toBe(before);

    expect(await rollUpHouse(t.ctx.db)).toBe(3);
    expect(await pendingTotal()).toBe(0n);
    expect(await houseBalances()).toBe(before + 1350n);
    expect(await rollUpHouse(t.ctx.db)).toBe(0);
    await expectLedgerClean(t.ctx.db);
  });

  itRaces('roll-ups racing bets move every pending amount exactly once', async () => {
    const tokens = await Promise.all([player(), player(), player(), player()]);
    await rollUpHouse(t.ctx.db);
    const before = await houseBalances();
    const bets = Array.from({ length: 40 }, (_, i) => bet(tokens[i % tokens.length]!, '1.00'));
    const rollups = Array.from({ length: 8 }, () => rollUpHouse(t.ctx.db));
    const answers = await Promise.all(bets);
    await Promise.all(rollups);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await rollUpHouse(t.ctx.db);
    expect(await pendingTotal()).toBe(0n);
    expect(await houseBalances()).toBe(before + 4000n);
    await expectLedgerClean(t.ctx.db);
  });
});
