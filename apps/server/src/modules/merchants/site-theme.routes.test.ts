import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastFailures } from '@panalo/contract/theme-contrast';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { membersRepository } from '../identity/members.repository';
import { demoMerchants } from '../../db/seed/merchants.seed';

interface Body {
  success: boolean;
  code?: string;
  value?: { theme?: Record<string, string>; failures?: { name: string; ratio: number }[] };
}

const panaloTheme = demoMerchants.find((m) => m.code === 'panalo')!.theme;

describe('the merchant theme is checked for contrast', () => {
  let t: TestApp;
  let opsToken: string;
  let memberToken: string;
  let luzonOpsToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const ops = await membersRepository(t.ctx.db).findByUsername(1, 'ops01');
    if (!ops) throw new Error('seeded operator missing');
    opsToken = await sessionFor(t, ops);
    memberToken = await sessionFor(t, await createMember(t, {}));
    luzonOpsToken = await sessionFor(t, await createMember(t, { merchant: 'luzon', type: 90 }));
  });
  afterAll(async () => t.close());

  const save = (payload: unknown, token = opsToken) =>
    t.request<Body>({
      method: 'PUT',
      url: '/api/ops/site/theme',
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });
  const startupTheme = async () =>
    (await t.request<{ value: { site: { theme: Record<string, string> } } }>({ url: '/api/startup' })).body
      .value.site.theme;
  const auditCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('audit_log')
          .select((e) => e.fn.countAll().as('n'))
          .where('action', '=', 'site.theme')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('both demo themes pass every text pair (4.5:1 for text)', () => {
    for (const m of demoMerchants) expect(contrastFailures(m.theme), m.code).toEqual([]);
  });

  it('a theme with unreadable pairs is refused, naming them, and nothing is written', async () => {
    const before = await startupTheme();
    const audits = await auditCount();
    const res = await save({
      theme: { ...panaloTheme, primary: '#0f8a5f', accent: '#f5b700' },
      reason: 'brand refresh',
    });
    expect(res.status).toBe(400);
    const body = res.body;
    expect(body.code).toBe('theme_contrast');
    expect(body.value?.failures?.map((f) => f.name)).toContain('primary-on-surface');
    expect(body.value?.failures?.find((f) => f.name === 'primary-on-surface')?.ratio).toBe(4.35);
    expect(await startupTheme()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('a readable theme is saved, served at once and audited with before, after and reason', async () => {
    const theme = { ...panaloTheme, primary: '#0b6b49', header: '#0a5c3f' };
    const res = await save({ theme, reason: 'darker header' });
    expect(res.status).toBe(200);
    expect(res.body.value?.theme).toEqual(theme);
    expect(await startupTheme()).toMatchObject({ primary: '#0b6b49', header: '#0a5c3f' });
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'site.theme')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.target).toBe('merchant:1');
    const details = (typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details) as {
      before: { primary: string };
      after: { primary: string };
      reason: string;
    };
    expect(details).toMatchObject({ after: { primary: '#0b6b49' }, reason: 'darker header' });
    expect(details.before.primary).toBe(panaloTheme.primary);
    // Back to the seeded theme for the other tests.
    expect((await save({ theme: panaloTheme, reason: 'restore seed' })).status).toBe(200);
  });

  it('only this merchant’s operators may save it; bad colours and NUL are refused as 400', async () => {
    expect((await t.request({ method: 'PUT', url: '/api/ops/site/theme', payload: {} })).status).toBe(401);
    expect((await save({ theme: panaloTheme, reason: 'x by member' }, memberToken)).status).toBe(403);
    // An operator of another merchant: its session means nothing on this merchant's host, and on its
    // own host it changes its own merchant's theme only.
    expect((await save({ theme: panaloTheme, reason: 'cross merchant' }, luzonOpsToken)).status).toBe(401);
    const luzonTheme = demoMerchants.find((m) => m.code === 'luzon')!.theme;
    const own = await t.request<Body>({
      method: 'PUT',
      url: '/api/ops/site/theme',
      headers: { ...bearer(luzonOpsToken), host: 'luzon.localhost' },
      payload: { theme: { ...luzonTheme, header: '#120c1d' }, reason: 'own site' },
    });
    expect(own.status).toBe(200);
    expect(await startupTheme()).toEqual(panaloTheme);
    for (const payload of [
      { theme: { ...panaloTheme, primary: 'red' }, reason: 'bad colour' },
      { theme: { ...panaloTheme, primary: '#0d7752\u0000' }, reason: 'nul in colour' },
      { theme: panaloTheme, reason: 'nul \u0000 reason' },
      { theme: { ...panaloTheme, primary: 7 }, reason: 'wrong type' },
      { theme: { ...panaloTheme, logoAlt: 'Pana\u0000lo' }, reason: 'nul in alt' },
      { theme: panaloTheme },
    ]) {
      const res = await save(payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });
});
