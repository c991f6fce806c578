import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { hashPassword } from '../identity/passwords';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { postForMember, transferCount } from './test-ledger';
import { itRaces } from '../../test-support/races';

type Body = { success: boolean; code?: string; value?: { sumBalance: string; transferId: string } };

describe('transfer to upline', () => {
  let t: TestApp;
  let paymentHash: string;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    paymentHash = await hashPassword('246810');
  });
  afterAll(async () => t.close());

  /** A member with an upline agent, toUpline set, a payment password and ₱100.00 in the wallet. */
  const family = async (
    o: { merchant?: string; type?: number; toUpline?: boolean; upline?: boolean } = {},
  ) => {
    const merchant = o.merchant ?? 'panalo';
    const upline = await createMember(t, { merchant, type: 1 });
    const member = await createMember(t, { merchant, type: o.type ?? 0 });
    await t.ctx.db
      .updateTable('member')
      .set({
        upline_id: o.upline === false ? null : upline.id,
        to_upline: o.toUpline ?? true,
        payment_password_hash: paymentHash,
      })
      .where('id', '=', member.id)
      .execute();
    await postForMember(t.ctx.db, {
      merchantId: member.merchant_id,
      memberId: member.id,
      kind: 'deposit',
      amount: 10_000n,
      at: t.clock.now(),
    });
    return { member, upline, token: await sessionFor(t, member), host: `${merchant}.localhost` };
  };
  const send = (
    f: { token: string; host: string },
    body: Record<string, unknown>,
    key: string | null = `upline-key-${++n}`,
  ) =>
    t.request<Body>({
      method: 'POST',
      url: '/api/cashier/transfer-upline',
      headers: {
        ...bearer(f.token),
        host: f.host === 'panalo.localhost' ? 'localhost' : f.host,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: body,
    });
  const wallet = (merchantId: number, memberId: bigint) =>
    accountBalance(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP'));

  it('MINE-025 moves money from the member’s wallet to the upline’s and answers sumBalance', async () => {
    const f = await family();
    const res = await send(f, { amount: '25.50', paymentPassword: '246810' });
    expect(res.status).toBe(200);
    expect(res.body.value?.sumBalance).toBe('74.50');
    expect(await wallet(f.member.merchant_id, f.member.id)).toBe(7_450n);
    expect(await wallet(f.upline.merchant_id, f.upline.id)).toBe(2_550n);
    const transfer = await t.ctx.db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('id', '=', BigInt(res.body.value!.transferId))
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'transfer_upline', created_by: `member:${f.member.id}` });
    await expectLedgerClean(t.ctx.db);
  });

  it('MINE-025 refused with 403 transfer_upline_forbidden when AGETRANSFERUP3 is off (luzon)', async () => {
    const f = await family({ merchant: 'luzon' });
    const before = await transferCount(t.ctx.db);
    const res = await send(f, { amount: '1.00', paymentPassword: '246810' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('transfer_upline_forbidden');
    expect(await transferCount(t.ctx.db)).toBe(before);
  });

  it('MINE-025 refused when toUpline is not set, when the type is 2, and without an upline', async () => {
    for (const f of [
      await family({ toUpline: false }),
      await family({ type: 2 }),
      await family({ upline: false }),
    ]) {
      const before = await transferCount(t.ctx.db);
      const res = await send(f, { amount: '1.00', paymentPassword: '246810' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('transfer_upline_forbidden');
      expect(await transferCount(t.ctx.db)).toBe(before);
      expect(await wallet(f.member.merchant_id, f.member.id)).toBe(10_000n);
    }
    await expectLedgerClean(t.ctx.db);
  });

  it('a repeat with the same Idempotency-Key returns the first answer and moves nothing more', async () => {
    const f = await family();
    const first = await send(f, { amount: '10.00', paymentPassword: '246810' }, 'same-key-0001');
    const again = await send(f, { amount: '10.00', paymentPassword: '246810' }, 'same-key-0001');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await wallet(f.member.merchant_id, f.member.id)).toBe(9_000n);
    const other = await send(f, { amount: '11.00', paymentPassword: '246810' }, 'same-key-0001');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    // Another member's identical key is theirs alone.
    const g = await family();
    const theirs = await send(g, { amount: '10.00', paymentPassword: '246810' }, 'same-key-0001');
    expect(theirs.status).toBe(200);
    expect(theirs.body.value?.transferId).not.toBe(first.body.value?.transferId);
    await expectLedgerClean(t.ctx.db);
  });

  itRaces(
    '20 concurrent transfers of the whole balance: exactly one succeeds, the rest are 409',
    async () => {
      const f = await family();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          send(f, { amount: '100.00', paymentPassword: '246810' }, `race-${f.member.id}-${i}`),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(
        results.filter((r) => r.status === 409).every((r) => r.body.code === 'insufficient_balance'),
      ).toBe(true);
      expect(await wallet(f.member.merchant_id, f.member.id)).toBe(0n);
      expect(await wallet(f.upline.merchant_id, f.upline.id)).toBe(10_000n);
      await expectLedgerClean(t.ctx.db);
    },
  );

  it('bad input is a 4xx and writes nothing', async () => {
    const f = await family();
    const before = await transferCount(t.ctx.db);
    const cases: [Record<string, unknown>, string | null, number, string][] = [
      [{ amount: '1.00', paymentPassword: '246810' }, null, 400, 'idempotency_key_required'],
      [{ amount: '1.00', paymentPassword: '246810' }, 'short', 400, 'idempotency_key_required'],
      [{ amount: '0', paymentPassword: '246810' }, `key-zero-${n}-x`, 400, 'amount_invalid'],
      [{ amount: '-5', paymentPassword: '246810' }, `key-neg-${n}-x`, 400, 'validation_failed'],
      [{ amount: '1.005', paymentPassword: '246810' }, `key-frac-${n}-x`, 400, 'validation_failed'],
      [{ amount: 'NaN', paymentPassword: '246810' }, `key-nan-${n}-x`, 400, 'validation_failed'],
      [{ amount: '99999999999999', paymentPassword: '246810' }, `key-huge-${n}-x`, 400, 'validation_failed'],
      [{ amount: '1.00', paymentPassword: '000000' }, `key-pw-${n}-x`, 400, 'payment_password_wrong'],
      [{ amount: '100.01', paymentPassword: '246810' }, `key-over-${n}-x`, 409, 'insufficient_balance'],
    ];
    for (const [body, key, status, code] of cases) {
      const res = await send(f, body, key);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await transferCount(t.ctx.db)).toBe(before);
    expect(await wallet(f.member.merchant_id, f.member.id)).toBe(10_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('without a payment password: 409 payment_password_required; a free-trial account: 403 free_reject', async () => {
    const f = await family();
    await t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: null })
      .where('id', '=', f.member.id)
      .execute();
    const res = await send(f, { amount: '1.00', paymentPassword: '246810' });
    expect([res.status, res.body.code]).toEqual([409, 'payment_password_required']);
    const trial = await createMember(t, { type: 4 });
    const r2 = await send(
      { token: await sessionFor(t, trial), host: 'panalo.localhost' },
      { amount: '1.00', paymentPassword: '246810' },
    );
    expect([r2.status, r2.body.code]).toEqual([403, 'free_reject']);
  });
});
