import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, GameCategory, HelpItem, HotMatch, NoticeItem } from '@panalo/contract/content';
import type { StartupBundle } from '@panalo/contract/startup';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_NOW } from '../../test-support/test-db';
import {
  getter,
  insertAnnouncement,
  insertHelpItem,
  insertHotMatch,
  merchantId,
  text,
  type Ok,
} from './content.test-helpers';

const HOME = '/api/content/announcements?types=B,PL,PU,H&groupName=m_home&platform=M';
const soon = new Date(new Date(TEST_NOW).getTime() + 3_600_000);

// The two ways a request names its merchant: the Host (domain table) and the Merchant header.
const PANALO = [{ host: 'localhost' }, { host: 'luzon.localhost', merchant: 'panalo' }];
const LUZON = [{ host: 'luzon.localhost' }, { host: 'localhost', merchant: 'luzon' }];

describe('content: merchant isolation', () => {
  let t: TestApp;
  let get: ReturnType<typeof getter>;
  beforeAll(async () => {
    t = await createTestApp();
    get = getter(t);
    // Rows written directly for one merchant only.
    await insertAnnouncement(t, 'luzon', { texts: { EN: text('Luzon secret notice') } });
    await insertAnnouncement(t, 'panalo', { texts: { TY: text('Panalo secret notice') } });
    await insertHelpItem(t, 'luzon', { EN: text('Luzon secret help') });
    await insertHelpItem(t, 'panalo', { TY: text('Panalo secret help') });
    await insertHotMatch(t, 'luzon', { home: 'Luzon Secret FC', away: 'Other', at: soon });
    await insertHotMatch(t, 'panalo', { home: 'Panalo Secret FC', away: 'Other', at: soon });
  });
  afterAll(async () => t.close());

  const titles = async (url: string, as: { host: string; merchant?: string }) => {
    const res = await get<Ok<Announcement[] | HelpItem[]>>(url, as);
    return res.body.value.map((x) => x.title);
  };

  it('announcements: each merchant sees its own banners and rows, by Host and by Merchant header', async () => {
    for (const as of PANALO) {
      const res = await get<Ok<Announcement[]>>(`${HOME}`, as);
      const banners = res.body.value.filter((a) => a.type === 'B').map((a) => a.url);
      expect(banners).toEqual([
        'banners/panalo-welcome.webp',
        'banners/panalo-lottery.webp',
        'banners/panalo-sports.webp',
      ]);
      const all = await titles('/api/content/announcements?types=PL&groupName=m_home', as);
      expect(all).toContain('Panalo secret notice');
      expect(all).not.toContain('Luzon secret notice');
    }
    for (const as of LUZON) {
      const res = await get<Ok<Announcement[]>>(`${HOME}`, as);
      const banners = res.body.value.filter((a) => a.type === 'B').map((a) => a.url);
      expect(banners.every((u) => u?.startsWith('banners/luzon-'))).toBe(true);
      const all = await titles('/api/content/announcements?types=PL&groupName=m_home', as);
      expect(all).toContain('Luzon secret notice');
      expect(all).not.toContain('Panalo secret notice');
    }
  });

  it('notices: luzon never lists panalo notices and vice versa', async () => {
    const lobby = async (as: { host: string; merchant?: string }) =>
      (await get<Ok<{ contentLobby: NoticeItem[] }>>('/api/content/notices?lang=EN', as)).body.value
        .contentLobby;
    for (const as of PANALO) {
      const list = await lobby(as);
      expect(list.map((n) => n.title)).toContain('Panalo secret notice');
      expect(list.map((n) => n.title)).not.toContain('Luzon secret notice');
      expect(list[0]?.title).toMatch(/^Panalo:/);
    }
    for (const as of LUZON) {
      const list = await lobby(as);
      expect(list.map((n) => n.title)).toContain('Luzon secret notice');
      expect(list.map((n) => n.title)).not.toContain('Panalo secret notice');
      expect(list[0]?.title).toMatch(/^Luzon Palace:/);
    }
  });

  it('hot matches: each merchant sees only its own', async () => {
    const teams = async (as: { host: string; merchant?: string }) =>
      (await get<Ok<HotMatch[]>>('/api/content/hot-matches', as)).body.value.map((m) => m.homeTeam);
    for (const as of PANALO) {
      expect(await teams(as)).toContain('Panalo Secret FC');
      expect(await teams(as)).not.toContain('Luzon Secret FC');
    }
    for (const as of LUZON) {
      expect(await teams(as)).toContain('Luzon Secret FC');
      expect(await teams(as)).not.toContain('Panalo Secret FC');
    }
  });

  it('help: each merchant sees only its own items', async () => {
    for (const as of PANALO) {
      const list = await titles('/api/content/help?device=MOBILE&lang=EN', as);
      expect(list).toContain('Getting started with Panalo');
      expect(list).toContain('Panalo secret help');
      expect(list).not.toContain('Luzon secret help');
      expect(list.join(' ')).not.toContain('Luzon Palace');
    }
    for (const as of LUZON) {
      const list = await titles('/api/content/help?device=MOBILE&lang=EN', as);
      expect(list).toContain('Getting started with Luzon Palace');
      expect(list).toContain('Luzon secret help');
      expect(list).not.toContain('Panalo secret help');
    }
  });

  it('user agreement: each merchant gets its own page', async () => {
    const mid = await merchantId(t, 'luzon');
    await t.ctx.db
      .updateTable('content_page')
      .set({ content: '<p>Luzon only terms</p>' })
      .where('merchant_id', '=', mid)
      .execute();
    for (const as of PANALO) {
      const res = await get<Ok<{ content: string }>>('/api/content/pages/useragreement?lang=EN', as);
      expect(res.body.value.content).toContain('opening an account with Panalo');
      expect(res.body.value.content).not.toContain('Luzon only terms');
    }
    for (const as of LUZON) {
      const res = await get<Ok<{ content: string }>>('/api/content/pages/useragreement?lang=EN', as);
      expect(res.body.value.content).toBe('<p>Luzon only terms</p>');
    }
  });

  it('game categories: each merchant gets its own list', async () => {
    const codes = async (as: { host: string; merchant?: string }) =>
      (await get<Ok<GameCategory[]>>('/api/content/game-categories', as)).body.value.map((c) => c.code);
    for (const as of PANALO) expect(await codes(as)).toHaveLength(10);
    for (const as of LUZON) expect(await codes(as)).toEqual(['HOT', 'LIVE', 'RNG', 'PVP', 'LOTT', 'SPORTS']);
  });

  it('a translation stored under another merchant is never shown', async () => {
    await insertAnnouncement(t, 'panalo', {
      texts: { TY: text('Cross-tenant translation'), EN: text('Cross-tenant translation') },
      i18nMerchant: 'luzon',
    });
    for (const as of [...PANALO, ...LUZON]) {
      const list = await titles('/api/content/announcements?types=PL&groupName=m_home', as);
      expect(list).not.toContain('Cross-tenant translation');
    }
  });

  it('API-036 CONTENT-013 customer-service entries come from a GET, grouped by CS, TELEGRAM and FACEBOOK, per merchant', async () => {
    const cs = async (as: { host: string; merchant?: string }) =>
      (await get<Ok<StartupBundle>>('/api/startup', as)).body.value.info.customerService;
    for (const as of PANALO) {
      const c = await cs(as);
      expect(Object.keys(c).sort()).toEqual(['CS', 'FACEBOOK', 'TELEGRAM']);
      expect(c.TELEGRAM.map((e) => e.title)).toEqual(['Telegram support', 'Telegram VIP desk']);
      expect(JSON.stringify(c)).not.toContain('Concierge chat');
    }
    for (const as of LUZON) {
      expect(await cs(as)).toEqual({
        CS: [{ title: 'Concierge chat', url: 'https://concierge.luzon.example/chat' }],
        TELEGRAM: [],
        FACEBOOK: [],
      });
    }
  });
});

describe('content: language', () => {
  let t: TestApp;
  let get: ReturnType<typeof getter>;
  beforeAll(async () => {
    t = await createTestApp();
    get = getter(t);
  });
  afterAll(async () => t.close());

  const helpTitles = async (query: string, host = 'localhost') =>
    (await get<Ok<HelpItem[]>>(`/api/content/help?device=MOBILE${query}`, { host })).body.value.map(
      (i) => i.title,
    );

  it('the asked language when the merchant supports it (any case)', async () => {
    expect(await helpTitles('&lang=EN')).toContain('How do I deposit?');
    expect(await helpTitles('&lang=en')).toContain('How do I deposit?');
    expect(await helpTitles('&lang=TY')).toContain('Paano mag-deposito?');
    expect(await helpTitles('&lang=TY', 'luzon.localhost')).toContain('Paano mag-deposito?');
  });

  it("the merchant's default without a language, or for one it does not support", async () => {
    // panalo: TY by default; luzon: EN by default.
    expect(await helpTitles('')).toContain('Paano mag-deposito?');
    expect(await helpTitles('&lang=ZH')).toContain('Paano mag-deposito?');
    expect(await helpTitles('&lang=XX')).toContain('Paano mag-deposito?');
    expect(await helpTitles('', 'luzon.localhost')).toContain('How do I deposit?');
    expect(await helpTitles('&lang=JA', 'luzon.localhost')).toContain('How do I deposit?');
  });

  it('a missing translation falls back to the default language, then to any', async () => {
    // panalo (default TY), asked EN.
    await insertAnnouncement(t, 'panalo', { texts: { TY: text('Only Filipino') } });
    await insertAnnouncement(t, 'panalo', { texts: { JA: text('Only Japanese') } });
    await insertAnnouncement(t, 'panalo', {
      texts: { JA: text('JA beats nothing'), TY: text('Default beats any') },
    });
    await insertAnnouncement(t, 'panalo', {
      texts: { JA: text('JA'), TY: text('TY'), EN: text('Asked beats default') },
    });
    const en = await titles(t, '/api/content/announcements?types=PL&groupName=m_home&lang=EN');
    expect(en).toEqual(
      expect.arrayContaining(['Only Filipino', 'Only Japanese', 'Default beats any', 'Asked beats default']),
    );
    expect(en).not.toContain('JA beats nothing');
    expect(en).not.toContain('TY');
    // The notice list picks translations the same way.
    const lobby = await get<Ok<{ contentLobby: NoticeItem[] }>>('/api/content/notices?lang=EN');
    expect(lobby.body.value.contentLobby.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Only Filipino', 'Only Japanese', 'Default beats any']),
    );
  });

  it('help items and pages fall back the same way', async () => {
    await insertHelpItem(t, 'luzon', { TY: text('Tanging Filipino') });
    expect(await helpTitles('&lang=EN', 'luzon.localhost')).toContain('Tanging Filipino');
    // luzon (default EN) without its EN agreement: asked EN falls back to any (TY).
    const mid = await merchantId(t, 'luzon');
    await t.ctx.db
      .deleteFrom('content_page')
      .where('merchant_id', '=', mid)
      .where('lang', '=', 'EN')
      .execute();
    const page = await get<Ok<{ title: string }>>('/api/content/pages/useragreement?lang=EN', {
      host: 'luzon.localhost',
    });
    expect(page.body.value.title).toBe('Kasunduan ng user');
  });

  async function titles(app: TestApp, url: string) {
    return (await getter(app)<Ok<Announcement[]>>(url)).body.value.map((a) => a.title);
  }
});
