import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { wagering } from '../wallet/wagering';
import { as, type Err, newKey, type Ok, type Player, player } from './withdrawals.test-helpers';

// Giving up open bonuses to withdraw (issue 18 item 4), on what the money tests in promotions do not
// drive: whose key it is, and which password's guesses it counts. The money itself is proved in
// promotions/deposit-bonus.routes.test.ts.

describe('giving up bonuses to withdraw', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const forfeit = (p: Player, loginPassword: string, key = newKey()) =>
    as<Ok<{ forfeited: string }> | Err>(
      t,
      p,
      'POST',
      '/api/cashier/turnover/forfeit',
      { loginPassword },
      { 'idempotency-key': key },
    );

  /** A player who owes ₱300 of turnover (no bonus money behind it). */
  async function owing(): Promise<Player> {
    const p = await player(t);
    await wagering.require(t.ctx.db, {
      merchantId: p.member.merchant_id,
      memberId: p.member.id,
      source: 'test',
      sourceRef: `forfeit-${p.member.id}`,
      required: 30_000n,
      at: t.clock.now(),
    });
    return p;
  }
  const owed = async (p: Player) =>
    (await wagering.status(t.ctx.db, p.member.merchant_id, p.member.id)).remaining;

  it('a key is the member’s own: another member sending the same key gives up their own bonuses', async () => {
    const a = await owing();
    const b = await owing();
    const key = newKey();
    const mine = await forfeit(a, a.member.password, key);
    const theirs = await forfeit(b, b.member.password, key);
    expect([mine.status, theirs.status], JSON.stringify(theirs.body)).toEqual([200, 200]);
    expect([await owed(a), await owed(b)]).toEqual([0n, 0n]);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'target', 'details'])
      .where('action', '=', 'promotion.forfeit')
      .where('target', 'in', [`member:${a.member.id}`, `member:${b.member.id}`])
      .orderBy('id')
      .execute();
    expect(audited).toEqual(
      [a, b].map((p) => ({
        actor: `member:${p.member.id}`,
        target: `member:${p.member.id}`,
        details: { forfeited: '0.00' },
      })),
    );
    await expectLedgerClean(t.ctx.db);
  });

  it('wrong login passwords count as guesses of the login password: five here lock the payment password’s reset too', async () => {
    const p = await owing();
    for (let i = 0; i < 5; i++) {
      const wrong = await forfeit(p, 'not-my-password');
      expect([wrong.status, (wrong.body as Err).code]).toEqual([400, 'login_password_wrong']);
    }
    const locked = await forfeit(p, p.member.password);
    expect([locked.status, (locked.body as Err).code]).toEqual([429, 'login_locked']);
    const reset = await as<Err>(t, p, 'POST', '/api/cashier/payment-password/reset', {
      loginPassword: p.member.password,
      paymentPassword: '864200',
      confirmPaymentPassword: '864200',
    });
    expect([reset.status, reset.body.code]).toEqual([429, 'login_locked']);
    expect(await owed(p)).toBe(30_000n);
    // The lock ends with its window.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await forfeit(p, p.member.password)).status).toBe(200);
    expect(await owed(p)).toBe(0n);
  });
});
