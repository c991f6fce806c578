import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMember, StaffRole } from '@panalo/contract/staff';
import { sealedRequest } from '../../test-support/auth-client';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { staffAdminService } from './staff-admin.service';

type Answer<T = Record<string, unknown>> = { success: boolean; code?: string; value?: T };

// Issue 20 screen 9: the owner manages the site's staff. New staff sign in with the first password and
// set up the authenticator; a disabled account, a new password or a reset authenticator ends sessions;
// nobody changes their own account here; the site keeps an active owner; other sites' staff are unknown.

describe('the owner’s staff management', () => {
  let t: TestApp;
  let owner: { id: bigint; token: string };
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const m = await createMember(t, { type: 90 });
    owner = { id: m.id, token: await sessionFor(t, m) };
  });
  afterAll(() => t.close());

  const call = <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    token = owner.token,
    merchant = 'panalo',
  ) =>
    t.request<Answer<T>>({
      method,
      url: `/api${url}`,
      headers: { merchant, ...bearer(token) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const signIn = (username: string, password: string) =>
    sealedRequest<Answer>(t, {
      method: 'POST',
      url: '/api/ops/login',
      payload: { type: 'username', username, password },
      headers: { 'x-forwarded-for': `10.8.${Math.floor(++ip / 250)}.${ip % 250}` },
    });
  const staffOf = async (role: StaffRole) => {
    const m = await createStaffMember(t, role);
    return { id: m.id, token: await sessionFor(t, m), username: m.username, password: m.password };
  };

  it('adds a staff member who signs in with the first password and is asked to set up the authenticator; audited without the password', async () => {
    const made = await call<StaffMember>('POST', '/ops/staff', {
      username: 'Cashier07',
      password: 'Cash1erDesk!',
      role: 'finance',
    });
    expect(made.status).toBe(200);
    expect(made.body.value).toMatchObject({
      username: 'cashier07',
      role: 'finance',
      status: 'active',
      secondFactor: false,
      lastLoginAt: null,
    });
    const first = await signIn('cashier07', 'Cash1erDesk!');
    expect(first.body.code).toBe('otp_setup_required');
    const list = await call<StaffMember[]>('GET', '/ops/staff');
    expect(list.body.value!.map((s) => s.username)).toContain('cashier07');
    const again = await call('POST', '/ops/staff', {
      username: 'cashier07',
      password: 'Cash1erDesk!',
      role: 'support',
    });
    expect([again.status, again.body.code]).toEqual([409, 'username_taken']);
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `member:${made.body.value!.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('staff.create');
    expect(JSON.stringify(entry.details)).not.toContain('Cash1erDesk');
  });

  it('refuses weak passwords, bad usernames and roles, extra fields with a message key; nothing is written', async () => {
    const before = (await call<StaffMember[]>('GET', '/ops/staff')).body.value!.length;
    for (const body of [
      { username: 'ok_name', password: 'short1', role: 'support' },
      { username: 'ok_name', password: 'lettersonlylong', role: 'support' },
      { username: '1bad', password: 'Good1password', role: 'support' },
      { username: 'ok_name', password: 'Good1password', role: 'god' },
      { username: 'ok_name', password: 'Good1password', role: 'support', type: 0 },
      { username: 'ok\u0000name', password: 'Good1password', role: 'support' },
    ]) {
      const r = await call('POST', '/ops/staff', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(['validation_failed', 'text_invalid_characters']).toContain(r.body.code);
    }
    expect((await call<StaffMember[]>('GET', '/ops/staff')).body.value!).toHaveLength(before);
  });

  it('changes a role and disables an account with a reason: the sessions end and a disabled account cannot sign in', async () => {
    const s = await staffOf('support');
    expect((await call('GET', '/ops/me', undefined, s.token)).status).toBe(200);
    const noReason = await call('PUT', `/ops/staff/${s.id}`, { role: 'risk', status: 'active' });
    expect(noReason.status).toBe(400);
    const r = await call<StaffMember>('PUT', `/ops/staff/${s.id}`, {
      role: 'risk',
      status: 'active',
      reason: 'Moved to risk',
    });
    expect(r.body.value).toMatchObject({ role: 'risk', status: 'active' });
    expect((await call('GET', '/ops/me', undefined, s.token)).status).toBe(401);

    const off = await call<StaffMember>('PUT', `/ops/staff/${s.id}`, {
      role: 'risk',
      status: 'disabled',
      reason: 'Left the company',
    });
    expect(off.body.value!.status).toBe('disabled');
    const denied = await signIn(s.username, s.password);
    expect([denied.status, denied.body.code]).toEqual([403, 'user_disabled']);
  });

  it('a new password and a reset authenticator end the sessions; the next sign-in sets the authenticator up again', async () => {
    const s = await staffOf('content');
    await t.ctx.db
      .updateTable('staff_account')
      .set({ totp_secret: 'A'.repeat(32), totp_confirmed_at: t.clock.now() })
      .where('member_id', '=', s.id)
      .execute();
    const pw = await call<StaffMember>('POST', `/ops/staff/${s.id}/password`, {
      password: 'N3wPassword!!',
      reason: 'Forgot it',
    });
    expect(pw.status).toBe(200);
    expect((await call('GET', '/ops/me', undefined, s.token)).status).toBe(401);
    expect((await signIn(s.username, 'N3wPassword!!')).body.code).toBe('otp_required');

    const reset = await call<StaffMember>('POST', `/ops/staff/${s.id}/second-factor/reset`, {
      reason: 'New phone',
    });
    expect(reset.body.value!.secondFactor).toBe(false);
    expect((await signIn(s.username, 'N3wPassword!!')).body.code).toBe('otp_setup_required');
    const actions = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `member:${s.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['staff.password', 'staff.second-factor.reset']);
    expect(JSON.stringify(actions)).not.toContain('N3wPassword');
  });

  it('nobody changes their own account here; the last active owner stays; only owners manage staff; other sites’ staff are unknown', async () => {
    const mine = await call('PUT', `/ops/staff/${owner.id}`, {
      role: 'support',
      status: 'active',
      reason: 'Demote me',
    });
    expect([mine.status, mine.body.code]).toEqual([409, 'staff_not_yourself']);
    const myPassword = await call('POST', `/ops/staff/${owner.id}/password`, {
      password: 'Another1pass',
      reason: 'Mine',
    });
    expect(myPassword.body.code).toBe('staff_not_yourself');

    // Down to one active owner: the rule holds even for a caller the routes would not let in (the guard
    // is in the transaction, against two owners demoting each other at once).
    const second = await staffOf('owner');
    const merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'support' })
      .where('merchant_id', '=', merchantId)
      .where('role', '=', 'owner')
      .where('member_id', '!=', second.id)
      .execute();
    const admin = staffAdminService(t.ctx.db, t.clock, t.ctx.sessions);
    await expect(
      admin.update(merchantId, owner.id, second.id, { role: 'finance', status: 'active', reason: 'Demote' }),
    ).rejects.toMatchObject({ code: 'staff_last_owner' });
    await expect(
      admin.update(merchantId, owner.id, second.id, { role: 'owner', status: 'disabled', reason: 'Disable' }),
    ).rejects.toMatchObject({ code: 'staff_last_owner' });
    expect(
      (
        await admin.update(merchantId, owner.id, second.id, {
          role: 'owner',
          status: 'active',
          reason: 'Same',
        })
      ).role,
    ).toBe('owner');
    const finance = await staffOf('finance');
    expect((await call('GET', '/ops/staff', undefined, finance.token)).status).toBe(403);

    // (The updates above ended the second owner's sessions: a third owner asks.)
    const third = await staffOf('owner');
    const luzon = await createMember(t, { type: 90, merchant: 'luzon' });
    const other = await call(
      'PUT',
      `/ops/staff/${luzon.id}`,
      { role: 'support', status: 'disabled', reason: 'Not mine' },
      third.token,
    );
    expect([other.status, other.body.code]).toEqual([404, 'staff_unknown']);
    const member = await createMember(t, { type: 0 });
    expect(
      (
        await call(
          'POST',
          `/ops/staff/${member.id}/password`,
          { password: 'Good1password', reason: 'Not staff' },
          third.token,
        )
      ).status,
    ).toBe(404);
  });
});
