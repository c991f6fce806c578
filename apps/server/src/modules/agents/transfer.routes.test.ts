import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { readyPlayer, walletOf, withdraw } from '../withdrawals/withdrawals.test-helpers';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { hashPassword } from '../identity/passwords';
import { transferCount } from '../records/test-ledger';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { itRaces } from '../../test-support/races';

type Reply = {
  success: boolean;
  code?: string;
  value?: { sumBalance: string; transferId: string; lines: number };
};

// Issue 16 item 5: an agent sends money to several members of its team in one idempotent request, all or
// nothing, with its payment password; never below zero, never outside its team.

describe('transfer to several downlines (AGENTRANSMULTDOWN3)', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  async function team() {
    const agent = await createMember(t, { type: 1 });
    await t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword('135790') })
      .where('id', '=', agent.id)
      .execute();
    const a = await createMember(t);
    const sub = await createMember(t, { type: 1 });
    const b = await createMember(t);
    await t.ctx.db
      .updateTable('member')
      .set({ upline_id: agent.id })
      .where('id', 'in', [a.id, sub.id])
      .execute();
    await t.ctx.db.updateTable('member').set({ upline_id: sub.id }).where('id', '=', b.id).execute();
    await fundFromClearing(t.ctx.db, agent.id, 100_000n, t.clock.now());
    return { agent, a, sub, b, token: await sessionFor(t, agent) };
  }
  const send = (
    token: string,
    lines: { memberId: bigint; amount: string }[],
    o: { key?: string; pw?: string } = {},
  ) =>
    t.request<Reply>({
      method: 'POST',
      url: '/api/agent/transfers',
      headers: { merchant: 'panalo', ...bearer(token), 'idempotency-key': o.key ?? `transfer-key-${++n}` },
      payload: {
        lines: lines.map((l) => ({ memberId: l.memberId.toString(), amount: l.amount })),
        paymentPassword: o.pw ?? '135790',
      },
    });
  const balance = (id: bigint) => accountBalance(t.ctx.db, memberWalletKey(1, id, 'PHP'));

  it('sends to a direct downline and one deeper in one transfer; a repeat of the key answers the same', async () => {
    const { agent, a, b, token } = await team();
    const lines = [
      { memberId: a.id, amount: '120.00' },
      { memberId: b.id, amount: '80.50' },
    ];
    const r = await send(token, lines, { key: 'same-key-1' });
    expect([r.status, r.body.value?.sumBalance, r.body.value?.lines]).toEqual([200, '799.50', 2]);
    expect([await balance(agent.id), await balance(a.id), await balance(b.id)]).toEqual([
      79_950n,
      12_000n,
      8_050n,
    ]);
    const again = await send(token, lines, { key: 'same-key-1' });
    expect(again.body).toEqual(r.body);
    expect(await balance(agent.id)).toBe(79_950n);
    // Each side reads it in its own account record.
    const rec = async (who: Parameters<typeof sessionFor>[1], type: string) =>
      t.request<{ value: { list: { type: string; amount: string }[] } }>({
        method: 'GET',
        url: `/api/cashier/transactions?types=${type}`,
        headers: { merchant: 'panalo', ...bearer(await sessionFor(t, who)) },
      });
    expect((await rec(agent, 'transfer_to_downline')).body.value.list).toMatchObject([
      { type: 'transfer_to_downline', amount: '-200.50' },
    ]);
    expect((await rec(a, 'transfer_from_upline')).body.value.list).toMatchObject([
      { type: 'transfer_from_upline', amount: '120.00' },
    ]);
  });

  it('refuses, moving nothing: above the balance, outside the team, twice the same member, a wrong payment password', async () => {
    const { a, b, token } = await team();
    const stranger = await createMember(t);
    const before = await transferCount(t.ctx.db);
    const over = await send(token, [
      { memberId: a.id, amount: '600.00' },
      { memberId: b.id, amount: '400.01' },
    ]);
    expect([over.status, over.body.code]).toEqual([409, 'insufficient_balance']);
    const outside = await send(token, [{ memberId: stranger.id, amount: '1.00' }]);
    expect([outside.status, outside.body.code]).toEqual([404, 'team_member_unknown']);
    const twice = await send(token, [
      { memberId: a.id, amount: '1.00' },
      { memberId: a.id, amount: '2.00' },
    ]);
    expect([twice.status, twice.body.code]).toEqual([400, 'transfer_duplicate_member']);
    const wrong = await send(token, [{ memberId: a.id, amount: '1.00' }], { pw: '000000' });
    expect(wrong.status).toBe(400);
    const zero = await send(token, [{ memberId: a.id, amount: '0.00' }]);
    expect([zero.status, zero.body.code]).toEqual([400, 'amount_invalid']);
    expect(await transferCount(t.ctx.db)).toBe(before);
    expect(await balance(a.id)).toBe(0n);
  });

  it('a downline cannot send to its upline’s other members, nor a player use the call', async () => {
    const { a, sub, b } = await team();
    await t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword('135790') })
      .where('id', '=', sub.id)
      .execute();
    await fundFromClearing(t.ctx.db, sub.id, 10_000n, t.clock.now());
    const subToken = await sessionFor(t, sub);
    expect((await send(subToken, [{ memberId: a.id, amount: '1.00' }])).body.code).toBe(
      'team_member_unknown',
    );
    expect((await send(subToken, [{ memberId: b.id, amount: '1.00' }])).status).toBe(200);
    const player = await sessionFor(t, a);
    expect((await send(player, [{ memberId: b.id, amount: '1.00' }])).status).toBe(403);
  });

  itRaces('transfers racing on one wallet never take it below zero', async () => {
    const { agent, a, b, token } = await team();
    // 1000.00 in the wallet; ten requests of 150.00 at once: at most six can pass.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(token, [
          { memberId: i % 2 ? a.id : b.id, amount: '100.00' },
          { memberId: i % 2 ? b.id : a.id, amount: '50.00' },
        ]),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.body.code === 'insufficient_balance')).toBe(true);
    expect(ok).toBe(6);
    expect(await balance(agent.id)).toBe(100_000n - BigInt(ok) * 15_000n);
    await expectLedgerClean(t.ctx.db);
  });

  itRaces(
    'a transfer to downlines racing the agent’s own withdrawals never takes the wallet below zero',
    async () => {
      // 1000.00; six transfers of 150.00 and four withdrawals of 200.00 at once: 1700.00 asked for.
      const agent = await readyPlayer(t, { type: 1, balance: 100_000n });
      const a = await createMember(t, { uplineId: agent.member.id });
      const b = await createMember(t, { uplineId: agent.member.id });
      const results = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) =>
          send(agent.token, [
            { memberId: i % 2 ? a.id : b.id, amount: '100.00' },
            { memberId: i % 2 ? b.id : a.id, amount: '50.00' },
          ]),
        ),
        ...Array.from({ length: 4 }, () => withdraw(t, agent, { cardId: agent.card.id, amount: '200.00' })),
      ]);
      const sent = results.slice(0, 6).filter((r) => r.status === 200).length;
      const withdrawn = results.slice(6).filter((r) => r.status === 200).length;
      expect(sent + withdrawn).toBeGreaterThan(0);
      const left = await walletOf(t, agent);
      expect(left).toBeGreaterThanOrEqual(0n);
      expect(left).toBe(100_000n - BigInt(sent) * 15_000n - BigInt(withdrawn) * 20_000n);
      for (const r of results.filter((x) => x.status !== 200))
        expect((r.body as { code?: string }).code, JSON.stringify(r.body)).toMatch(
          /insufficient|limit|pending/,
        );
      await expectLedgerClean(t.ctx.db);
    },
  );
});
