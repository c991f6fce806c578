import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsDomains, OpsRegistrationRule } from '@panalo/contract/site-ops';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { freshIp, newUsername, register } from '../auth/auth.test-helpers';
import { patternProblem } from './site-rules.service';

// Issue 20 screen 8: the site's registration rules and domains, changed from the console. Registration
// follows a rule at once; a domain serves the site at once; another site's domain is never taken.

describe('site registration rules and domains for operators', () => {
  let t: TestApp;
  let luzonOps: string;
  let panaloOps: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-11-26T03:00:00Z'));
    luzonOps = await sessionFor(t, await createMember(t, { type: 90, merchant: 'luzon' }));
    panaloOps = await sessionFor(t, await createMember(t, { type: 90 }));
  });
  afterAll(() => t.close());

  const luzon = <T>(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    token = luzonOps,
  ) =>
    t.request<{ value: T; code?: string }>({
      method,
      url,
      headers: { merchant: 'luzon', ...bearer(token) },
      ...(payload ? { payload } : {}),
    });
  const signUp = (nickname?: string) =>
    register(
      freshIp(t),
      {
        username: newUsername('Rule'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
        ...(nickname === undefined ? {} : { nickname }),
      },
      { host: 'luzon.localhost' },
    );

  it('a field made shown and required with a pattern: registration asks for it at once; audited', async () => {
    const before = (await luzon<{ rules: OpsRegistrationRule[] }>('GET', '/api/ops/site/registration')).body
      .value;
    expect(before.rules.find((r) => r.field === 'nickname')).toMatchObject({
      enabled: false,
      message: 'valid.nickname',
    });
    expect((await signUp()).status).toBe(200);

    const set = await luzon<{ rules: OpsRegistrationRule[] }>('PUT', '/api/ops/site/registration', {
      rules: { nickname: { enabled: true, required: true, regExp: '^[A-Za-z]{3,10}$' } },
      reason: 'Agents asked for names',
    });
    expect(set.status).toBe(200);
    expect(set.body.value.rules.find((r) => r.field === 'nickname')).toEqual({
      field: 'nickname',
      enabled: true,
      required: true,
      regExp: '^[A-Za-z]{3,10}$',
      message: 'valid.nickname',
    });
    const missing = await signUp();
    expect([missing.status, (missing.body as { value?: { field?: string } }).value?.field]).toEqual([
      400,
      'nickname',
    ]);
    expect((await signUp('Al')).status).toBe(400);
    expect((await signUp('Alice')).status).toBe(200);
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'site.registration')
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({
      reason: 'Agents asked for names',
      before: { nickname: { enabled: false } },
      after: { nickname: { enabled: true, required: true } },
    });

    // Refused: a pattern that does not compile or could backtrack for minutes, required but hidden,
    // unknown fields, a NUL; nothing written.
    for (const [rules, code] of [
      [{ nickname: { enabled: true, required: false, regExp: '([a-z]+' } }, 'registration_rule_pattern'],
      [{ nickname: { enabled: true, required: false, regExp: '^(a+)+$' } }, 'registration_rule_pattern'],
      [{ nickname: { enabled: false, required: true, regExp: null } }, 'registration_rule_hidden'],
      [{ shoeSize: { enabled: true, required: false, regExp: null } }, 'validation_failed'],
    ] as const) {
      const r = await luzon('PUT', '/api/ops/site/registration', { rules, reason: 'Try' });
      expect([r.status, r.body.code]).toEqual([400, code]);
    }
    expect((await luzon('PUT', '/api/ops/site/registration', { rules: {}, reason: 'Nothing' })).status).toBe(
      400,
    );
    expect(
      (
        await luzon('PUT', '/api/ops/site/registration', {
          rules: { nickname: { enabled: true, required: false, regExp: null } },
          reason: 'a\u0000b',
        })
      ).status,
    ).toBe(400);
    expect((await signUp('Al')).status).toBe(400);
  });

  it('domains: one more serves the site at once, never another site’s, never the main one removed; audited', async () => {
    const start = (await luzon<OpsDomains>('GET', '/api/ops/site/domains')).body.value;
    expect(start).toEqual({ main: 'luzon.localhost', domains: ['127.0.0.2', 'luzon.localhost'] });
    const siteAt = async (host: string) =>
      (
        await t.request<{ value: { merchantCode?: string } }>({
          method: 'GET',
          url: '/api/startup',
          headers: { host },
        })
      ).body;
    const added = await luzon<OpsDomains>('POST', '/api/ops/site/domains', {
      domain: 'play.luzon.test',
      reason: 'New brand site',
    });
    expect(added.body.value.domains).toContain('play.luzon.test');
    expect(JSON.stringify(await siteAt('play.luzon.test'))).toContain('luzon');

    const taken = await luzon('POST', '/api/ops/site/domains', {
      domain: 'panalo.localhost',
      reason: 'Mine now',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'domain_taken']);
    expect(
      (await luzon('POST', '/api/ops/site/domains', { domain: 'play.luzon.test', reason: 'Again' })).body
        .code,
    ).toBe('domain_exists');
    for (const domain of ['Play.Luzon.Test', 'a..b', '-x.com', 'x'.repeat(300), 'a b.com'])
      expect((await luzon('POST', '/api/ops/site/domains', { domain, reason: 'Bad' })).status).toBe(400);

    const main = await luzon('DELETE', '/api/ops/site/domains/luzon.localhost', { reason: 'Oops' });
    expect([main.status, main.body.code]).toEqual([409, 'domain_main']);
    const theirs = await luzon('DELETE', '/api/ops/site/domains/panalo.localhost', { reason: 'Not ours' });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'domain_not_found']);
    const removed = await luzon<OpsDomains>('DELETE', '/api/ops/site/domains/play.luzon.test', {
      reason: 'Brand closed',
    });
    expect(removed.body.value.domains).not.toContain('play.luzon.test');
    expect(JSON.stringify(await siteAt('play.luzon.test'))).not.toContain('luzon');
    const actions = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'like', 'site.domain.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['site.domain.add', 'site.domain.remove']);
    // Panalo's staff see Panalo's domains only.
    const panalo = await t.request<{ value: OpsDomains }>({
      method: 'GET',
      url: '/api/ops/site/domains',
      headers: bearer(panaloOps),
    });
    expect(panalo.body.value.domains).not.toContain('127.0.0.2');
  });

  it('domains: the content desk reads them; adding or removing one is the owner’s alone (site.control)', async () => {
    const staff = await createMember(t, { type: 90, merchant: 'luzon' });
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'content' })
      .where('member_id', '=', staff.id)
      .execute();
    const content = await sessionFor(t, staff);
    const read = await luzon<OpsDomains>('GET', '/api/ops/site/domains', undefined, content);
    expect(read.status).toBe(200);
    expect(read.body.value.main).toBe('luzon.localhost');
    const add = await luzon(
      'POST',
      '/api/ops/site/domains',
      { domain: 'x.luzon.test', reason: 'Mine' },
      content,
    );
    expect([add.status, add.body.code]).toEqual([403, 'no_permission']);
    const stop = await luzon('DELETE', '/api/ops/site/domains/127.0.0.2', { reason: 'Offline' }, content);
    expect([stop.status, stop.body.code]).toEqual([403, 'no_permission']);
    // Nothing changed; the registration form's rules stay the content desk's (`site`).
    expect((await luzon<OpsDomains>('GET', '/api/ops/site/domains')).body.value.domains).toEqual(
      read.body.value.domains,
    );
    expect((await luzon('GET', '/api/ops/site/registration', undefined, content)).status).toBe(200);
  });

  it('a pattern is refused when it does not compile or nests repetitions', () => {
    expect(patternProblem('^\\d{7,15}$')).toBeNull();
    expect(patternProblem('^[a-z]([a-z0-9_]){4,15}$')).toBeNull();
    expect(patternProblem('([')).toBe('invalid');
    expect(patternProblem('^(a+)+$')).toBe('nested');
    expect(patternProblem('^(\\d*){2,}$')).toBe('nested');
    expect(patternProblem('(x|y+)*')).toBe('nested');
  });
});
