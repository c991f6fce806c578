import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpItem } from '@panalo/contract/content';
import type { OpsHelpItem, OpsPage } from '@panalo/contract/content-ops';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Issue 20 screen 6: the help centre's entries and the user agreement, per language, edited from the
// console (HTML sanitised on save); the member site shows the change; each change is audited.

describe('help centre and pages for operators', () => {
  let t: TestApp;
  let ops: string;
  let luzonOps: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: 90 }));
    luzonOps = await sessionFor(t, await createMember(t, { type: 90, merchant: 'luzon' }));
  });
  afterAll(() => t.close());

  const call = <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = ops,
    merchant = 'panalo',
  ) =>
    t.request<{ value: T; code?: string }>({
      method,
      url,
      headers: { merchant, ...bearer(token) },
      ...(payload ? { payload } : {}),
    });
  const memberHelp = async (lang: string, device = 'MOBILE', merchant = 'panalo') =>
    (
      await t.request<{ value: HelpItem[] }>({
        method: 'GET',
        url: `/api/content/help?device=${device}&lang=${lang}`,
        headers: { merchant },
      })
    ).body.value;
  const audits = (action: string) =>
    t.ctx.db.selectFrom('audit_log').select(['details', 'actor']).where('action', '=', action).execute();

  it('adds, edits and removes a help entry per language; the member site follows in each language; audited', async () => {
    type Help = { list: OpsHelpItem[]; languages: string[] };
    const before = (await call<Help>('GET', '/api/ops/content/help?device=MOBILE')).body.value;
    expect(before.languages[0]).toBe('TY');
    expect(before.list.length).toBe((await memberHelp('EN')).length);

    const created = await call<OpsHelpItem>('POST', '/api/ops/content/help', {
      device: 'MOBILE',
      sort: 0,
      texts: [
        {
          lang: 'EN',
          title: 'How do I cancel a bet?',
          content: '<p>From <b>My bets</b>.</p><script>x()</script>',
        },
        { lang: 'TY', title: 'Paano kanselahin ang taya?', content: '<p>Mula sa <b>Aking mga taya</b>.</p>' },
      ],
      reason: 'Common question',
    });
    expect(created.status).toBe(200);
    const id = created.body.value.id;
    expect(created.body.value.texts.find((x) => x.lang === 'EN')!.content).toBe(
      '<p>From <b>My bets</b>.</p>',
    );
    expect((await memberHelp('EN')).find((h) => h.id === id)?.title).toBe('How do I cancel a bet?');
    expect((await memberHelp('TY')).find((h) => h.id === id)?.title).toBe('Paano kanselahin ang taya?');
    expect((await memberHelp('EN', 'WEB')).find((h) => h.id === id)).toBeUndefined();
    expect((await memberHelp('EN', 'MOBILE', 'luzon')).find((h) => h.id === id)).toBeUndefined();

    // Edited: Tagalog left out is removed (the member reading Tagalog gets the English one).
    const edited = await call<OpsHelpItem>('PUT', `/api/ops/content/help/${id}`, {
      device: 'MOBILE',
      sort: 5,
      texts: [{ lang: 'EN', title: 'Cancelling a bet', content: '<p>Before the period locks.</p>' }],
      reason: 'Clearer',
    });
    expect(edited.body.value).toMatchObject({ sort: 5, texts: [{ lang: 'EN', title: 'Cancelling a bet' }] });
    expect((await memberHelp('TY')).find((h) => h.id === id)?.title).toBe('Cancelling a bet');
    const [audit] = await audits('content.help.update');
    expect(audit!.details).toMatchObject({
      reason: 'Clearer',
      before: { sort: 0, texts: [{ lang: 'EN', title: 'How do I cancel a bet?' }, { lang: 'TY' }] },
      after: { sort: 5 },
    });

    // Another site's staff cannot touch it; bad input is refused and writes nothing.
    const theirs = await call(
      'PUT',
      `/api/ops/content/help/${id}`,
      { device: 'MOBILE', sort: 1, texts: [{ lang: 'EN', title: 'x', content: 'x' }], reason: 'Not ours' },
      luzonOps,
      'luzon',
    );
    expect([theirs.status, theirs.body.code]).toEqual([404, 'content_not_found']);
    for (const body of [
      { device: 'MOBILE', texts: [{ lang: 'FR', title: 'Non', content: '' }], reason: 'Unknown language' },
      {
        device: 'MOBILE',
        texts: [
          { lang: 'EN', title: 'a', content: '' },
          { lang: 'EN', title: 'b', content: '' },
        ],
        reason: 'Twice',
      },
      { device: 'TV', texts: [{ lang: 'EN', title: 'a', content: '' }], reason: 'Device' },
      { device: 'MOBILE', texts: [{ lang: 'EN', title: 'a\u0000b', content: '' }], reason: 'NUL' },
      { device: 'MOBILE', texts: [], reason: 'Empty' },
      { device: 'MOBILE', texts: [{ lang: 'EN', title: 'a', content: '' }] },
    ])
      expect((await call('PUT', `/api/ops/content/help/${id}`, body)).status).toBe(400);
    expect((await memberHelp('EN')).find((h) => h.id === id)?.title).toBe('Cancelling a bet');

    // Removed with its reason.
    expect(
      (await call('DELETE', `/api/ops/content/help/${id}`, { reason: 'Answered on the bets screen' })).status,
    ).toBe(200);
    expect((await memberHelp('EN')).find((h) => h.id === id)).toBeUndefined();
    expect((await call('DELETE', `/api/ops/content/help/${id}`, { reason: 'Again' })).status).toBe(404);
    expect((await audits('content.help.delete'))[0]!.details).toMatchObject({
      reason: 'Answered on the bets screen',
      before: { id },
    });
  });

  it('edits the user agreement per language; the member site reads it, sanitised; audited', async () => {
    type Pages = { list: OpsPage[]; languages: string[] };
    const pages = (await call<Pages>('GET', '/api/ops/content/pages')).body.value;
    expect(pages.list.map((p) => p.slug)).toEqual(['useragreement']);
    expect(pages.list[0]!.texts.length).toBeGreaterThan(0);
    const saved = await call<OpsPage>('PUT', '/api/ops/content/pages/useragreement', {
      texts: [
        { lang: 'TY', title: 'Kasunduan', content: '<h2>1. Edad</h2><p onclick="x()">18 pataas.</p>' },
        { lang: 'EN', title: 'Agreement', content: '<h2>1. Age</h2><p>18 and over.</p>' },
      ],
      reason: 'New terms',
    });
    expect(saved.status).toBe(200);
    const read = async (lang: string, merchant = 'panalo') =>
      (
        await t.request<{ value: { title: string; content: string } }>({
          method: 'GET',
          url: `/api/content/pages/useragreement?lang=${lang}`,
          headers: { merchant },
        })
      ).body.value;
    expect(await read('TY')).toEqual({
      slug: 'useragreement',
      title: 'Kasunduan',
      content: '<h2>1. Edad</h2><p>18 pataas.</p>',
    });
    expect((await read('EN')).title).toBe('Agreement');
    expect((await read('EN', 'luzon')).title).not.toBe('Agreement');
    expect((await audits('content.page.update'))[0]!.details).toMatchObject({ reason: 'New terms' });
    expect(
      (
        await call('PUT', '/api/ops/content/pages/privacy', {
          texts: [{ lang: 'EN', title: 'P', content: '' }],
          reason: 'Unknown page',
        })
      ).status,
    ).toBe(400);
  });

  it('replaces the customer-service links; the member site’s startup offers them in order; only https; audited', async () => {
    type Links = { links: { type: string; title: string; url: string }[] };
    const before = (await call<Links>('GET', '/api/ops/content/service-links')).body.value.links;
    expect(before.length).toBeGreaterThan(0);
    const links = [
      { type: 'TELEGRAM', title: 'Telegram help', url: 'https://t.me/panalo_help' },
      { type: 'CS', title: 'Live chat', url: 'https://chat.panalo.example/start' },
    ];
    const saved = await call<Links>('PUT', '/api/ops/content/service-links', {
      links,
      reason: 'New chat vendor',
    });
    expect(saved.body.value.links).toEqual(links);
    const startup = await t.request<{
      value: { info: { customerService: Record<string, { title: string; url: string }[]> } };
    }>({
      method: 'GET',
      url: '/api/startup',
    });
    expect(startup.body.value.info.customerService.CS).toEqual([
      { title: 'Live chat', url: 'https://chat.panalo.example/start' },
    ]);
    expect(startup.body.value.info.customerService.TELEGRAM).toEqual([
      { title: 'Telegram help', url: 'https://t.me/panalo_help' },
    ]);
    expect((await audits('content.service_links'))[0]!.details).toMatchObject({
      before,
      after: links,
      reason: 'New chat vendor',
    });
    for (const url of ['javascript:alert(1)', 'ftp://x.example', 'https://a b.example'])
      expect(
        (
          await call('PUT', '/api/ops/content/service-links', {
            links: [{ type: 'CS', title: 'x', url }],
            reason: 'Bad',
          })
        ).status,
      ).toBe(400);
    expect(
      (
        await call('PUT', '/api/ops/content/service-links', {
          links: [{ type: 'WECHAT', title: 'x', url: 'https://x.example' }],
          reason: 'Bad',
        })
      ).status,
    ).toBe(400);
    expect((await call<Links>('GET', '/api/ops/content/service-links')).body.value.links).toEqual(links);
  });
});
