import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { PASSWORD_LIMITS } from './password.service';
import {
  deviceAlive,
  deviceCredentialFor,
  passwordIs,
  postJson,
  sessionAlive,
  type Err,
} from './password.test-helpers';

const URL = '/api/auth/password';
const change = (t: TestApp, token: string, body: object, headers: Record<string, string> = {}) =>
  postJson(t, URL, body, { ...bearer(token), ...headers });

describe('POST /api/auth/password (change password)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('API-020 changes the password from oldPassword, newPassword and confirmNewPassword', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const token = await sessionFor(t, m);
    const res = await change(t, token, {
      oldPassword: 'OldPass123',
      newPassword: 'NewPass456',
      confirmNewPassword: 'NewPass456',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: {} });
    expect(await passwordIs(t, m.id, 'NewPass456')).toBe(true);
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(false);
    const row = await t.ctx.db
      .selectFrom('member')
      .select(['first_time_login', 'password_changed_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.first_time_login).toBe(false);
    expect(new Date(row.password_changed_at!).toISOString()).toBe(t.clock.now().toISOString());
  });

  it('revokes every other session and all device credentials; the caller stays logged in', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const [mine, other, otherToo] = [await sessionFor(t, m), await sessionFor(t, m), await sessionFor(t, m)];
    const device = await deviceCredentialFor(t, m);
    const bystander = await createMember(t);
    const bystanderToken = await sessionFor(t, bystander);
    const res = await change(t, mine, {
      oldPassword: 'OldPass123',
      newPassword: 'NewPass456',
      confirmNewPassword: 'NewPass456',
    });
    expect(res.status).toBe(200);
    expect(await sessionAlive(t, mine)).toBe(true);
    expect(await sessionAlive(t, other)).toBe(false);
    expect(await sessionAlive(t, otherToo)).toBe(false);
    expect(await deviceAlive(t, m.merchant_id, device)).toBe(false);
    // Another member's sessions are untouched.
    expect(await sessionAlive(t, bystanderToken)).toBe(true);
  });

  it('a wrong old password answers 401 old_password_wrong and changes nothing', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const token = await sessionFor(t, m);
    const res = await change(t, token, {
      oldPassword: 'Wrong1234',
      newPassword: 'NewPass456',
      confirmNewPassword: 'NewPass456',
    });
    expect(res.status).toBe(401);
    expect((res.body as Err).code).toBe('old_password_wrong');
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
    expect(await sessionAlive(t, token)).toBe(true);
  });

  it('VALID-032 a confirmation that differs answers 400 confirm_mismatch', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const res = await change(t, await sessionFor(t, m), {
      oldPassword: 'OldPass123',
      newPassword: 'NewPass456',
      confirmNewPassword: 'NewPass457',
    });
    expect(res.status).toBe(400);
    expect((res.body as Err).code).toBe('confirm_mismatch');
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
  });

  it('VALID-033 ERR-008 the new password equal to the old one answers 400 password_same_as_old', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const res = await change(t, await sessionFor(t, m), {
      oldPassword: 'OldPass123',
      newPassword: 'OldPass123',
      confirmNewPassword: 'OldPass123',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'password_same_as_old',
      message: 'The new password and the old password cannot be the same',
    });
  });

  it("VALID-030 the new password must pass the merchant's password rule (400 password_format)", async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const token = await sessionFor(t, m);
    // The seeded rule: 8-20 printable characters with a letter and a digit.
    for (const weak of ['short1', 'lettersonly', '12345678901', 'has space 123', 'x1'.repeat(11)]) {
      const res = await change(t, token, {
        oldPassword: 'OldPass123',
        newPassword: weak,
        confirmNewPassword: weak,
      });
      expect(res.status, weak).toBe(400);
      expect((res.body as Err).code, weak).toBe('password_format');
    }
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
  });

  it('at most 5 wrong old passwords per 15 minutes; then even the right one waits (429)', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const token = await sessionFor(t, m);
    const attempt = (old: string) =>
      change(t, token, { oldPassword: old, newPassword: 'NewPass456', confirmNewPassword: 'NewPass456' });
    for (let i = 0; i < PASSWORD_LIMITS.oldPassword.limit; i++) {
      expect((await attempt(`Wrong${i}xyz1`)).status).toBe(401);
    }
    const locked = await attempt('OldPass123');
    expect(locked.status).toBe(429);
    expect((locked.body as Err).code).toBe('rate_limited');
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
    t.clock.advance(PASSWORD_LIMITS.oldPassword.windowMs + 1000);
    expect((await attempt('OldPass123')).status).toBe(200);
  });

  it('a right old password clears the count of wrong ones', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const token = await sessionFor(t, m);
    const attempt = (old: string, next: string) =>
      change(t, token, { oldPassword: old, newPassword: next, confirmNewPassword: next });
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong000x1', 'NewPass456')).status).toBe(401);
    expect((await attempt('OldPass123', 'NewPass456')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong000x1', 'Third7890')).status).toBe(401);
    expect((await attempt('NewPass456', 'Third7890')).status).toBe(200);
  });

  it('ROLE-001 a visitor gets 401 not_logged_in; a free-trial account gets 403 free_reject', async () => {
    const body = { oldPassword: 'OldPass123', newPassword: 'NewPass456', confirmNewPassword: 'NewPass456' };
    const visitor = await postJson(t, URL, body);
    expect(visitor.status).toBe(401);
    expect((visitor.body as Err).code).toBe('not_logged_in');
    const trial = await createMember(t, { type: 4, password: 'OldPass123' });
    const res = await change(t, await sessionFor(t, trial), body);
    expect(res.status).toBe(403);
    expect((res.body as Err).code).toBe('free_reject');
    expect(await passwordIs(t, trial.id, 'OldPass123')).toBe(true);
  });

  it('a session of merchant A cannot change a password at merchant B', async () => {
    const m = await createMember(t, { merchant: 'panalo', password: 'OldPass123' });
    const res = await change(
      t,
      await sessionFor(t, m),
      { oldPassword: 'OldPass123', newPassword: 'NewPass456', confirmNewPassword: 'NewPass456' },
      { host: 'luzon.localhost' },
    );
    expect(res.status).toBe(401);
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
  });

  it('bad input answers 400 validation_failed', async () => {
    const m = await createMember(t, { password: 'OldPass123' });
    const token = await sessionFor(t, m);
    for (const body of [
      {},
      { oldPassword: 'OldPass123', newPassword: 'NewPass456' },
      { oldPassword: '', newPassword: 'NewPass456', confirmNewPassword: 'NewPass456' },
      { oldPassword: 'OldPass123', newPassword: 'x'.repeat(129), confirmNewPassword: 'x'.repeat(129) },
      { oldPassword: 1, newPassword: 'NewPass456', confirmNewPassword: 'NewPass456' },
    ]) {
      const res = await change(t, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as Err).code).toBe('validation_failed');
    }
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
  });
});
