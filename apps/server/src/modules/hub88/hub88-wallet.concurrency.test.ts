import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet } from '../game-wallet/vendor-client';
import { hub88Call } from './hub88-client';
import { HUB88_VENDOR, hub88User } from './hub88-setup';
import { syncHub88Catalogue } from './hub88-catalogue';
import { describeRaces } from '../../test-support/races';

const GAME = 'hub88_race_slot';
const PESO = 100_000;

describeRaces('Hub88 wallet under concurrent copies (PostgreSQL)', () => {
  let t: TestApp;
  let merchantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await seedGameWallet(t.ctx.db);
    merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    await syncHub88Catalogue(t.ctx.db, [
      { game_code: GAME, name: 'Race Slot', category: 'Video Slots', enabled: true },
    ]);
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('20 identical bets at once debit once and all answer RS_OK with the same balance; 20 rollbacks refund once', async () => {
    const m = await createMember(t, {});
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: 10_000n,
      key: `race${m.id}`,
    });
    const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId,
      memberId: m.id,
      memberType: m.type,
      currency: 'PHP',
      vendorCode: HUB88_VENDOR,
      gameCode: null,
    });
    const key = t.ctx.hub88.demo!.hub88PrivateKey;
    const placed = {
      user: hub88User(m.id),
      token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      round_closed: false,
      is_free: false,
      game_code: GAME,
      currency: 'PHP',
      amount: 10 * PESO,
    };
    const bets = await Promise.all(
      Array.from({ length: 20 }, () => hub88Call(t, key, 'transaction/bet', placed)),
    );
    expect(new Set(bets.map((b) => `${b.http} ${b.body.status} ${b.body.balance}`))).toEqual(
      new Set([`200 RS_OK ${90 * PESO}`]),
    );
    const wallet = () => accountBalance(t.ctx.db, memberWalletKey(merchantId, m.id, 'PHP', 'real'));
    expect(await wallet()).toBe(9_000n);

    const undo = {
      user: placed.user,
      token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: placed.transaction_uuid,
      round: placed.round,
      round_closed: true,
      game_code: GAME,
    };
    // Twenty copies of one rollback and twenty other rollbacks of the same bet, interleaved.
    const undos = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        hub88Call(
          t,
          key,
          'transaction/rollback',
          i % 2 === 0 ? undo : { ...undo, transaction_uuid: randomUUID() },
        ),
      ),
    );
    expect(new Set(undos.map((u) => `${u.body.status} ${u.body.balance}`))).toEqual(
      new Set([`RS_OK ${100 * PESO}`]),
    );
    expect(await wallet()).toBe(10_000n);
  });
});
