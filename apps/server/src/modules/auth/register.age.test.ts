import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartupBundle } from '@panalo/contract/startup';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { freshIp, memberCount, newUsername, register, type Err } from './auth.test-helpers';

// Issue 22 item 4: the date of birth where a merchant's licence asks for it, and its minimum age.
const LUZON = { host: 'luzon.localhost' };

describe('registration: date of birth and minimum age (VALID-041, VALID-042)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-11-26T03:00:00Z'));
  });
  afterAll(async () => t.close());

  const asLuzon = (birthDate: string | undefined) =>
    register(
      freshIp(t),
      { username: newUsername('Age'), password: 'Secret123', confirmPassword: 'Secret123', birthDate },
      LUZON,
    );
  const settings = async (code: string) =>
    (
      await t.ctx.db
        .selectFrom('merchant')
        .select('settings')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).settings;
  const setAge = async (code: string, ageNotice: number) =>
    t.ctx.db
      .updateTable('merchant')
      .set({ settings: JSON.stringify({ ...(await settings(code)), ageNotice }) })
      .where('code', '=', code)
      .execute();
  const bundle = async (host: string) =>
    (await t.request<{ value: StartupBundle }>({ method: 'GET', url: '/api/startup', headers: { host } }))
      .body.value;

  it('VALID-042 luzon (21): under 21 by one day is refused with the spec’s message; 21 today is taken and stored', async () => {
    const before = await memberCount(t);
    const young = await asLuzon('2005-11-27');
    expect(young.status).toBe(400);
    expect(young.body as Err).toMatchObject({
      code: 'birth_date_invalid',
      message: 'Please enter the correct date of birth',
      value: { field: 'birthDate', minAge: 21 },
    });
    expect(await memberCount(t)).toBe(before);
    const ok = await asLuzon('2005-11-26');
    expect(ok.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('member')
      .select('birth_date')
      .where('username', '=', (ok.body as { value: { userName: string } }).value.userName)
      .executeTakeFirstOrThrow();
    expect(row.birth_date).toBe('2005-11-26');
  });

  it('VALID-042 the day is the merchant’s: at an hour when its day (Asia/Manila) is already the next one, the edge follows its day', async () => {
    const luzon = await settings('luzon');
    const now = t.clock.now();
    await t.ctx.db
      .updateTable('merchant')
      .set({ settings: JSON.stringify({ ...luzon, timeZone: 'Asia/Manila' }) })
      .where('code', '=', 'luzon')
      .execute();
    // 17:00 UTC on 1 June is 01:00 on 2 June in Manila (UTC+8): 21 years since 2 June 2005 there.
    t.clock.set(new Date('2026-06-01T17:00:00Z'));
    // The merchant cache dates its rows by the clock, which just went back: read the new zone now.
    t.ctx.merchants.clearCache();
    try {
      const short = await asLuzon('2005-06-03');
      expect([short.status, (short.body as Err).code]).toEqual([400, 'birth_date_invalid']);
      const exact = await asLuzon('2005-06-02');
      expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    } finally {
      t.clock.set(now);
      await t.ctx.db
        .updateTable('merchant')
        .set({ settings: JSON.stringify(luzon) })
        .where('code', '=', 'luzon')
        .execute();
      t.ctx.merchants.clearCache();
    }
  });

  it('VALID-042 a missing, impossible or future date is refused, nothing written', async () => {
    const before = await memberCount(t);
    const missing = await asLuzon(undefined);
    expect([missing.status, (missing.body as Err).code]).toEqual([400, 'validation_failed']);
    expect((missing.body as Err & { value: unknown }).value).toMatchObject({ field: 'birthDate' });
    for (const bad of ['2001-02-29', '1990-13-01', '17/05/1990', '2030-01-01', '1850-01-01']) {
      const r = await asLuzon(bad);
      expect([r.status, (r.body as Err).code], bad).toEqual([400, 'birth_date_invalid']);
    }
    expect(await memberCount(t)).toBe(before);
  });

  it('VALID-041 VALID-042 the age is the merchant’s setting: the notice and the check follow it', async () => {
    expect((await bundle('luzon.localhost')).info.register.ageNotice).toBe(21);
    expect((await bundle('localhost')).info.register.ageNotice).toBe(18);
    await setAge('luzon', 18);
    try {
      expect((await bundle('luzon.localhost')).info.register.ageNotice).toBe(18);
      expect((await asLuzon('2008-11-26')).status).toBe(200);
      expect((await asLuzon('2008-11-27')).status).toBe(400);
    } finally {
      await setAge('luzon', 21);
    }
  });

  it('VALID-042 panalo does not ask for a date of birth: registration without one is taken', async () => {
    const r = await register(freshIp(t), {
      username: newUsername('NoDob'),
      password: 'Secret123',
      confirmPassword: 'Secret123',
      birthDate: undefined,
      captcha: undefined,
    });
    // Panalo asks for a captcha; the refusal, if any, is about that, never the date of birth.
    expect((r.body as Err & { value?: { field?: string } }).value?.field).not.toBe('birthDate');
  });
});
