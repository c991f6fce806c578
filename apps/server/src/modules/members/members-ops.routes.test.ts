import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsMemberDetail, OpsMemberRow } from '@panalo/contract/ops-members';
import { fundFromClearing } from '../../test-support/ledger';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { as, readyPlayer } from '../withdrawals/withdrawals.test-helpers';

type Answer<T> = { success: boolean; code?: string; value: T };

describe('the console’s member search and profile (issue 20)', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: 90 }));
  });
  afterAll(() => t.close());

  const search = (by: string, q: string, token = ops) =>
    t.request<Answer<{ list: OpsMemberRow[]; total: number }>>({
      method: 'GET',
      url: `/api/ops/members?by=${by}&q=${encodeURIComponent(q)}`,
      headers: bearer(token),
    });
  const names = async (by: string, q: string) => (await search(by, q)).body.value.list.map((m) => m.username);

  it('finds members by username prefix, mobile, name, card, IP and device — this merchant’s only', async () => {
    const a = await createMember(t, {
      username: 'srchalpha1',
      mobile: ['63', '9175550101'],
      nickname: 'Alpha',
    });
    await createMember(t, { username: 'srchalpha2' });
    await createMember(t, { username: 'srchalpha3', merchant: 'luzon' });
    await t.ctx.db
      .updateTable('member')
      .set({ register_ip: '203.0.113.77' })
      .where('id', '=', a.id)
      .execute();
    expect((await names('username', 'SRCHALPHA')).sort()).toEqual(['srchalpha1', 'srchalpha2']);
    expect(await names('username', 'srchalpha_')).toEqual([]);
    expect(await names('mobile', '09175550101')).toEqual(['srchalpha1']);
    expect(await names('mobile', '+63 917 555 0101')).toEqual(['srchalpha1']);
    expect(await names('name', 'alpha')).toEqual(['srchalpha1']);
    expect(await names('ip', '203.0.113.77')).toEqual(['srchalpha1']);

    const p = await readyPlayer(t, { cardNumber: '4111777788889999' });
    expect(await names('card', '4111 7777 8888 9999')).toEqual([p.member.username]);
    expect(await names('card', '9999')).toContain(p.member.username);
    await sessionFor(t, p.member);
    expect(await names('device', `test-device-${p.member.id}`)).toEqual([p.member.username]);

    const nul = await search('username', 'a\u0000b');
    expect(nul.status).toBe(400);
    const bad = await search('email', 'x');
    expect(bad.status).toBe(400);
  });

  it('staff accounts are not members: the search never lists them and their profile is not found', async () => {
    const staff = await createMember(t, { type: 91, username: 'srchstaff1' });
    await createMember(t, { username: 'srchstaff2' });
    const found = await search('username', 'srchstaff');
    expect(found.body.value.list.map((m) => m.username)).toEqual(['srchstaff2']);
    expect(found.body.value.total).toBe(1);
    const profile = await t.request<Answer<OpsMemberDetail>>({
      method: 'GET',
      url: `/api/ops/members/${staff.id}`,
      headers: bearer(ops),
    });
    expect([profile.status, profile.body.code]).toEqual([404, 'member_not_found']);
  });

  it('the profile: balance, cashier totals, accounts linked by address, sessions and ledger; another merchant’s member is not found', async () => {
    const m = await createMember(t);
    const twin = await createMember(t);
    // A staff account at the same address is no member's link (its profile is not found).
    const staff = await createMember(t, { type: 91 });
    for (const id of [m.id, twin.id, staff.id]) {
      await t.ctx.db
        .updateTable('member')
        .set({ register_ip: '198.51.100.9' })
        .where('id', '=', id)
        .execute();
    }
    await fundFromClearing(t.ctx.db, m.id, 12_345n, t.clock.now());
    await sessionFor(t, m);
    const res = await t.request<Answer<OpsMemberDetail>>({
      method: 'GET',
      url: `/api/ops/members/${m.id}`,
      headers: bearer(ops),
    });
    expect(res.status).toBe(200);
    const d = res.body.value;
    expect(d).toMatchObject({ username: m.username, balance: '123.45', registerIp: '198.51.100.9' });
    expect(d.linked).toEqual([{ id: twin.id.toString(), username: twin.username, via: ['address'] }]);
    expect(d.sessions[0]).toMatchObject({ live: true, ip: '127.0.0.1' });
    expect(d.ledger[0]).toMatchObject({ amount: '123.45', balanceAfter: '123.45' });
    expect(d.cashier).toMatchObject({ depositCount: 0, pendingWithdrawals: 0 });

    const luzon = await createMember(t, { merchant: 'luzon' });
    const other = await t.request({
      method: 'GET',
      url: `/api/ops/members/${luzon.id}`,
      headers: bearer(ops),
    });
    expect(other.status).toBe(404);
    const huge = await t.request({
      method: 'GET',
      url: '/api/ops/members/99999999999999999999',
      headers: bearer(ops),
    });
    expect(huge.status).toBe(400);
  });

  it('locking ends the member’s sessions and refuses their sign-in until unlocked; audited with the reason', async () => {
    const p = await readyPlayer(t);
    expect((await as(t, p, 'GET', '/api/members/me')).status).toBe(200);
    const lock = (locked: boolean, reason = 'Chargeback under review') =>
      t.request<Answer<object>>({
        method: 'POST',
        url: `/api/ops/members/${p.member.id}/lock`,
        headers: bearer(ops),
        payload: { locked, reason },
      });
    expect((await lock(true)).status).toBe(200);
    expect((await as(t, p, 'GET', '/api/members/me')).status).toBe(401);
    const status = async () =>
      (
        await t.ctx.db
          .selectFrom('member')
          .select('status')
          .where('id', '=', p.member.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('disabled');
    expect((await lock(false, 'Review done')).status).toBe(200);
    expect(await status()).toBe('active');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `member:${p.member.id}`)
      .where('action', 'like', 'member.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['member.lock', 'member.unlock']);
    expect(JSON.stringify(audit[0]!.details)).toContain('Chargeback under review');

    // A member's own exclusion is not the operator's to lift here; staff accounts are not members.
    const excluded = await createMember(t, { status: 'self_excluded' });
    const r = await t.request<Answer<object>>({
      method: 'POST',
      url: `/api/ops/members/${excluded.id}/lock`,
      headers: bearer(ops),
      payload: { locked: false, reason: 'Please let me play' },
    });
    expect([r.status, r.body.code]).toEqual([409, 'member_excluded']);
    const staff = await createMember(t, { type: 90 });
    const s = await t.request({
      method: 'POST',
      url: `/api/ops/members/${staff.id}/sessions/end`,
      headers: bearer(ops),
      payload: { reason: 'not a member' },
    });
    expect(s.status).toBe(404);
  });
});
