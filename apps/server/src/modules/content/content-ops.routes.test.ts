import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '@panalo/contract/content';
import type { OpsAnnouncement, OpsSite } from '@panalo/contract/content-ops';
import type { StartupBundle } from '@panalo/contract/startup';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Issue 20 screens 6 and 8: the operator edits announcements per language (HTML sanitised on save) and
// turns white-label flags on and off; the member site shows the change; each change is audited.

describe('content and site switches for operators', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: 90 }));
  });
  afterAll(() => t.close());

  type Page = { list: OpsAnnouncement[]; total: number; languages: string[] };
  const call = <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    token = ops,
    headers = {},
  ) =>
    t.request<{ value: T; code?: string }>({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload ? { payload } : {}),
    });
  const headline = async () =>
    (await call<Page>('GET', '/api/ops/content/announcements?type=H')).body.value.list[0]!;
  const memberHome = async (lang: string, merchant?: string) =>
    (
      await t.request<{ value: Announcement[] }>({
        method: 'GET',
        url: `/api/content/announcements?types=H,PL&groupName=m_home&lang=${lang}`,
        headers: merchant ? { merchant } : {},
      })
    ).body.value;

  it('edits the headline’s Tagalog text: sanitised, shown to Tagalog readers, English kept, audited', async () => {
    const list = (await call<Page>('GET', '/api/ops/content/announcements')).body.value;
    // The merchant's default language first (the editor's first tab).
    expect([...list.languages].sort().slice(0, 2)).toEqual(['EN', 'TY']);
    expect(list.languages[0]).toBe('TY');
    expect(list.total).toBeGreaterThan(5);
    const h = await headline();
    const en = h.texts.find((x) => x.lang === 'EN')!;
    const saved = await call<OpsAnnouncement>('PUT', `/api/ops/content/announcements/${h.id}`, {
      texts: [
        en,
        {
          lang: 'TY',
          title: 'Bagong balita: libreng taya tuwing Biyernes',
          content: '<p onclick="steal()">Basahin <b>ngayon</b><script>alert(1)</script></p>',
        },
      ],
      linkUrl: h.linkUrl,
      sort: h.sort,
      startsAt: h.startsAt,
      endsAt: h.endsAt,
      reason: 'Friday promotion',
    });
    expect(saved.status).toBe(200);
    const ty = saved.body.value.texts.find((x) => x.lang === 'TY')!;
    expect(ty.content).toContain('<b>ngayon</b>');
    expect(ty.content).not.toMatch(/script|onclick/);
    // Stored sanitised, not only answered so.
    const row = await t.ctx.db
      .selectFrom('announcement_i18n')
      .select('content')
      .where('announcement_id', '=', h.id)
      .where('lang', '=', 'TY')
      .executeTakeFirstOrThrow();
    expect(row.content).not.toMatch(/script|onclick/);

    expect((await memberHome('TY')).map((a) => a.title)).toContain(
      'Bagong balita: libreng taya tuwing Biyernes',
    );
    expect((await memberHome('EN')).map((a) => a.title)).toContain(en.title);
    // Another merchant's site does not show it.
    expect((await memberHome('TY', 'luzon')).map((a) => a.title)).not.toContain(
      'Bagong balita: libreng taya tuwing Biyernes',
    );
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['details', 'actor'])
      .where('action', '=', 'content.announcement.update')
      .where('target', '=', `announcement:${h.id}`)
      .executeTakeFirstOrThrow();
    const details = (typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details) as {
      before: { texts: { lang: string; title: string }[] };
      after: { texts: { lang: string; title: string }[] };
      reason: string;
    };
    expect(details.reason).toBe('Friday promotion');
    expect(details.before.texts.find((x) => x.lang === 'TY')?.title).not.toBe(ty.title);
    expect(details.after.texts.find((x) => x.lang === 'TY')?.title).toBe(ty.title);
  });

  it('creates a notice in two languages that the member site lists; refuses bad input with a message key', async () => {
    const made = await call<OpsAnnouncement>('POST', '/api/ops/content/announcements', {
      type: 'PL',
      groupName: 'm_home',
      texts: [
        { lang: 'EN', title: 'Maintenance on Sunday', content: '<p>02:00 to 03:00</p>' },
        { lang: 'TY', title: 'Maintenance sa Linggo', content: '<p>02:00 hanggang 03:00</p>' },
      ],
      reason: 'Planned maintenance',
    });
    expect(made.status).toBe(200);
    expect(made.body.value).toMatchObject({ type: 'PL', live: true });
    expect((await memberHome('EN')).map((a) => a.title)).toContain('Maintenance on Sunday');

    const h = await headline();
    const base = { texts: h.texts, reason: 'A reason' };
    const refusals: [object, string, number][] = [
      [{ ...base, texts: [{ lang: 'XX', title: 'x', content: '' }] }, 'content_language', 400],
      [{ ...base, texts: [h.texts[0], h.texts[0]] }, 'content_language', 400],
      [
        { ...base, texts: [{ lang: 'EN', title: 'bad\u0000title', content: '' }] },
        'text_invalid_characters',
        400,
      ],
      [{ ...base, startsAt: '2026-07-02T00:00:00Z', endsAt: '2026-07-01T00:00:00Z' }, 'content_window', 400],
      [{ ...base, sort: 1e12 }, 'validation_failed', 400],
      [{ ...base, reason: '' }, 'validation_failed', 400],
    ];
    for (const [payload, code, status] of refusals) {
      const r = await call('PUT', `/api/ops/content/announcements/${h.id}`, payload);
      expect([r.status, r.body.code], JSON.stringify(payload)).toEqual([status, code]);
    }
    // Another merchant's announcement is not found from this merchant's console.
    const luzon = await t.ctx.db
      .selectFrom('announcement as a')
      .innerJoin('merchant as m', 'm.id', 'a.merchant_id')
      .select('a.id')
      .where('m.code', '=', 'luzon')
      .executeTakeFirstOrThrow();
    const other = await call('PUT', `/api/ops/content/announcements/${luzon.id}`, base);
    expect([other.status, other.body.code]).toEqual([404, 'content_not_found']);
  });

  it('turns the mail centre flag off: the member site’s start-up bundle says so; audited; content reads the flags, only the owner switches them', async () => {
    const site = (await call<OpsSite>('GET', '/api/ops/site')).body.value;
    expect(site.flags.find((f) => f.flag === 'MAILCEN')?.on).toBe(true);
    const off = await call<OpsSite>('PUT', '/api/ops/site/flags', {
      flags: { MAILCEN: false },
      reason: 'Mail moves',
    });
    expect(off.status).toBe(200);
    expect(off.body.value.flags.find((f) => f.flag === 'MAILCEN')?.on).toBe(false);
    // The other flags kept their values.
    expect(off.body.value.flags.filter((f) => f.on).length).toBe(site.flags.filter((f) => f.on).length - 1);
    const bundle = await t.request<{ value: StartupBundle }>({ method: 'GET', url: '/api/startup' });
    expect(bundle.body.value.info.whitelabel.MAILCEN).toBe(false);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'site.flags')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).toContain('"MAILCEN":false');
    await call('PUT', '/api/ops/site/flags', { flags: { MAILCEN: true }, reason: 'Back on' });

    expect((await call('PUT', '/api/ops/site/flags', { flags: {}, reason: 'Nothing' })).status).toBe(400);
    expect(
      (await call('PUT', '/api/ops/site/flags', { flags: { NOPE: true }, reason: 'x y z' })).status,
    ).toBe(400);
    const support = await createMember(t, { type: 90 });
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'support' })
      .where('member_id', '=', support.id)
      .execute();
    const token = await sessionFor(t, support);
    expect((await call('GET', '/api/ops/site', undefined, token)).status).toBe(403);
    expect((await call('GET', '/api/ops/content/announcements', undefined, token)).status).toBe(403);
    // The content desk reads the flags (`site`); switching them is `site.control`, the owner's alone.
    const content = await createMember(t, { type: 90 });
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'content' })
      .where('member_id', '=', content.id)
      .execute();
    const contentToken = await sessionFor(t, content);
    const read = await call<OpsSite>('GET', '/api/ops/site', undefined, contentToken);
    expect(read.status).toBe(200);
    expect(read.body.value.flags.find((f) => f.flag === 'MAILCEN')?.on).toBe(true);
    const refused = await call(
      'PUT',
      '/api/ops/site/flags',
      { flags: { MAILCEN: false }, reason: 'Not mine' },
      contentToken,
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'no_permission']);
    const after = (await call<OpsSite>('GET', '/api/ops/site')).body.value;
    expect(after.flags.find((f) => f.flag === 'MAILCEN')?.on).toBe(true);
  });
});
