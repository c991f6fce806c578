import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, GameCategory, HelpItem, HotMatch, NoticeItem } from '@panalo/contract/content';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_NOW } from '../../test-support/test-db';
import {
  getter,
  insertAnnouncement,
  insertHelpItem,
  merchantId,
  text,
  type Err,
  type Ok,
} from './content.test-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date(TEST_NOW);
const HOME = '/api/content/announcements?types=B,PL,PU,H&groupName=m_home&platform=M';

describe('content routes', () => {
  let t: TestApp;
  let get: ReturnType<typeof getter>;
  beforeAll(async () => {
    t = await createTestApp();
    get = getter(t);
  });
  afterAll(async () => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  describe('announcements', () => {
    it('API-039 HOME-006 home announcements: types B,PL,PU,H of group m_home on platform M', async () => {
      const res = await get<Ok<Announcement[]>>(HOME);
      expect(res.status).toBe(200);
      const types = new Set(res.body.value.map((a) => a.type));
      expect(types).toEqual(new Set(['B', 'PL', 'PU', 'H']));
      expect(res.body.value.filter((a) => a.type === 'B')).toHaveLength(3);
      expect(res.body.value.filter((a) => a.type === 'PL').length).toBeGreaterThanOrEqual(4);
      expect(res.body.value.filter((a) => a.type === 'PU').map((a) => a.execution)).toEqual(['B', 'A', 'F']);
    });

    it('API-040 registration banners: types B, groupName m_reg, platform M', async () => {
      const res = await get<Ok<Announcement[]>>(
        '/api/content/announcements?types=B&groupName=m_reg&platform=M',
      );
      expect(res.body.value).toHaveLength(1);
      expect(res.body.value[0]).toMatchObject({ type: 'B', url: 'banners/panalo-welcome.webp' });
    });

    it('API-043 agent announcements: types A of group m_home only', async () => {
      const res = await get<Ok<Announcement[]>>('/api/content/announcements?types=A&groupName=m_home');
      expect(res.body.value.length).toBe(2);
      expect(res.body.value.every((a) => a.type === 'A')).toBe(true);
    });

    it('API-039 merchantCode and token in the query are accepted but never pick another merchant', async () => {
      const res = await get<Ok<Announcement[]>>(`${HOME}&merchantCode=luzon&token=abc`);
      expect(res.status).toBe(200);
      const banners = res.body.value.filter((a) => a.type === 'B').map((a) => a.url);
      expect(banners.every((u) => u?.startsWith('banners/panalo-'))).toBe(true);
    });

    it('CONTENT-014 an announcement item carries id and title', async () => {
      const res = await get<Ok<Announcement[]>>(HOME);
      for (const a of res.body.value) {
        expect(typeof a.id).toBe('number');
        expect(a.title.length).toBeGreaterThan(0);
      }
    });

    it('filters by type list and by group', async () => {
      const pl = await get<Ok<Announcement[]>>('/api/content/announcements?types=PL&groupName=m_home');
      expect(pl.body.value.every((a) => a.type === 'PL')).toBe(true);
      const none = await get<Ok<Announcement[]>>('/api/content/announcements?types=PL&groupName=m_reg');
      expect(none.body.value).toEqual([]);
    });

    it('filters by platform: a W-only row is not shown on M, an ALL row is shown on both', async () => {
      await insertAnnouncement(t, 'panalo', { platform: 'W', texts: { TY: text('Web only') } });
      await insertAnnouncement(t, 'panalo', { platform: 'M', texts: { TY: text('Mobile only') } });
      const titles = async (platform: string) =>
        (
          await get<Ok<Announcement[]>>(
            `/api/content/announcements?types=PL&groupName=m_home&platform=${platform}`,
          )
        ).body.value.map((a) => a.title);
      const m = await titles('M');
      const w = await titles('W');
      expect(m).toContain('Mobile only');
      expect(m).not.toContain('Web only');
      expect(w).toContain('Web only');
      expect(w).not.toContain('Mobile only');
      // Seeded rows are for ALL platforms.
      expect(w).toContain('Nakatakdang maintenance sa Linggo 02:00–03:00');
    });

    it('shows a row only between starts_at and ends_at by the injected clock', async () => {
      await insertAnnouncement(t, 'panalo', {
        startsAt: new Date(now.getTime() + HOUR),
        endsAt: new Date(now.getTime() + 2 * HOUR),
        texts: { TY: text('Windowed') },
      });
      const shown = async () =>
        (await get<Ok<Announcement[]>>('/api/content/announcements?types=PL&groupName=m_home')).body.value
          .map((a) => a.title)
          .includes('Windowed');
      expect(await shown()).toBe(false);
      t.clock.advance(HOUR);
      expect(await shown()).toBe(true);
      t.clock.advance(HOUR - 1);
      expect(await shown()).toBe(true);
      t.clock.advance(1);
      expect(await shown()).toBe(false);
    });

    it('the seeded scheduled notice appears once its start passes; the ended one never does', async () => {
      const titles = async () =>
        (await get<Ok<Announcement[]>>(`${HOME}&lang=EN`)).body.value.map((a) => a.title);
      expect(await titles()).not.toContain('Mid-year mega draw opens this weekend');
      expect(await titles()).not.toContain('Holiday cashback has ended');
      t.clock.advance(3 * DAY);
      expect(await titles()).toContain('Mid-year mega draw opens this weekend');
      expect(await titles()).not.toContain('Holiday cashback has ended');
    });
  });

  describe('notices', () => {
    it('API-042 the notice fetch returns contentLobby: player notices and the headline, newest first', async () => {
      const res = await get<Ok<{ contentLobby: NoticeItem[] }>>('/api/content/notices?lang=EN');
      expect(res.status).toBe(200);
      const list = res.body.value.contentLobby;
      expect(list.length).toBeGreaterThanOrEqual(5);
      for (const n of list) expect(Object.keys(n).sort()).toEqual(['content', 'date', 'id', 'title']);
      expect(list[0]?.title).toContain('Panalo: deposits and withdrawals 24/7');
      const dates = list.map((n) => Date.parse(n.date));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      // Popups, banners and agent notices are not notices.
      expect(list.map((n) => n.title)).not.toContain('Join today');
      expect(list.map((n) => n.title)).not.toContain('Commission is paid every Monday at 12:00');
    });

    it('a notice is dated from its start, else from when it was written', async () => {
      const startsAt = new Date(now.getTime() - HOUR);
      await insertAnnouncement(t, 'panalo', {
        startsAt,
        createdAt: new Date(now.getTime() - 20 * DAY),
        texts: { TY: text('Dated by start') },
      });
      const res = await get<Ok<{ contentLobby: NoticeItem[] }>>('/api/content/notices');
      const item = res.body.value.contentLobby.find((n) => n.title === 'Dated by start');
      expect(item?.date).toBe(startsAt.toISOString());
    });
  });

  describe('hot matches', () => {
    it('API-044 HOME-015 the hot match fetch lists the seeded matches, soonest first, with every field of a hot match (matchTime, teams, team images, vendor, roomId, nodeId, league)', async () => {
      const res = await get<Ok<HotMatch[]>>('/api/content/hot-matches');
      expect(res.status).toBe(200);
      const list = res.body.value;
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(list.length).toBeLessThanOrEqual(8);
      const times = list.map((m) => Date.parse(m.matchTime));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(times[0]).toBeGreaterThan(now.getTime());
      expect(times.at(-1)! - now.getTime()).toBeGreaterThan(2 * DAY);
      expect(list[0]).toMatchObject({
        homeTeam: 'Manila Eagles',
        homeTeamImageUrl: 'teams/manila-eagles.webp',
        awayTeamImageUrl: 'teams/cebu-sharks.webp',
      });
      for (const m of list) {
        expect(Object.keys(m).sort()).toEqual(
          [
            'awayTeam',
            'awayTeamImageUrl',
            'homeTeam',
            'homeTeamImageUrl',
            'league',
            'matchTime',
            'nodeId',
            'roomId',
            'vendor',
          ].sort(),
        );
      }
    });

    it('a match stays listed for two hours after kick-off, then drops out', async () => {
      const count = async () => (await get<Ok<HotMatch[]>>('/api/content/hot-matches')).body.value.length;
      const before = await count();
      t.clock.advance(5 * HOUR); // the first match kicked off 2 h ago
      expect(await count()).toBe(before);
      t.clock.advance(60_000);
      expect(await count()).toBe(before - 1);
    });
  });

  describe('help centre', () => {
    it('API-033 CONTENT-002 CONTENT-008 help is fetched with device=MOBILE and lang; items carry title and content', async () => {
      const res = await get<Ok<HelpItem[]>>('/api/content/help?device=MOBILE&lang=EN');
      expect(res.status).toBe(200);
      const items = res.body.value;
      expect(items.length).toBeGreaterThanOrEqual(6);
      expect(items.length).toBeLessThanOrEqual(8);
      expect(items.map((i) => i.title)).toEqual(
        expect.arrayContaining(['How do I deposit?', 'Responsible gaming', 'Is the lottery fair?']),
      );
      for (const i of items) {
        expect(i.title.length).toBeGreaterThan(0);
        expect(i.content).toMatch(/^</);
      }
      const ty = await get<Ok<HelpItem[]>>('/api/content/help?device=MOBILE&lang=TY');
      expect(ty.body.value.map((i) => i.title)).toContain('Paano mag-deposito?');
    });

    it('API-033 device defaults to MOBILE; WEB has its own (here empty) list', async () => {
      const byDefault = await get<Ok<HelpItem[]>>('/api/content/help');
      const mobile = await get<Ok<HelpItem[]>>('/api/content/help?device=MOBILE');
      expect(byDefault.body.value).toEqual(mobile.body.value);
      const web = await get<Ok<HelpItem[]>>('/api/content/help?device=WEB');
      expect(web.body.value).toEqual([]);
    });
  });

  describe('pages and categories', () => {
    it('the user agreement page in the asked language', async () => {
      const en = await get<Ok<{ slug: string; title: string; content: string }>>(
        '/api/content/pages/useragreement?lang=EN',
      );
      expect(en.body.value).toMatchObject({ slug: 'useragreement', title: 'User agreement' });
      expect(en.body.value.content).toContain('<h3>1. Eligibility</h3>');
      const ty = await get<Ok<{ title: string }>>('/api/content/pages/useragreement');
      expect(ty.body.value.title).toBe('Kasunduan ng user');
    });

    it('a merchant without the page answers 404 not_found', async () => {
      const mid = await merchantId(t, 'luzon');
      const saved = await t.ctx.db
        .deleteFrom('content_page')
        .where('merchant_id', '=', mid)
        .returningAll()
        .execute();
      const res = await get<Err>('/api/content/pages/useragreement', { host: 'luzon.localhost' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      await t.ctx.db.insertInto('content_page').values(saved).execute();
    });

    it('game categories in the merchant order; disabled or unknown codes are left out', async () => {
      const res = await get<Ok<GameCategory[]>>('/api/content/game-categories');
      expect(res.body.value.map((c) => c.code)).toEqual([
        'HOT',
        'LOTT',
        'SPORTS',
        'ESPORTS',
        'LIVE',
        'RNG',
        'FISH',
        'PVP',
        'INHOUSE',
        'COCKFIGHT',
      ]);
      expect(res.body.value[0]?.iconUrl).toBe('categories/hot.webp');
      const mid = await merchantId(t, 'panalo');
      await t.ctx.db
        .updateTable('game_category')
        .set({ enabled: false })
        .where('merchant_id', '=', mid)
        .where('code', '=', 'FISH')
        .execute();
      await t.ctx.db
        .insertInto('game_category')
        .values({ merchant_id: mid, code: 'BINGO', icon_url: 'x.svg', sort: 0, enabled: true })
        .execute();
      const after = await get<Ok<GameCategory[]>>('/api/content/game-categories');
      expect(after.body.value.map((c) => c.code)).not.toContain('FISH');
      expect(after.body.value).toHaveLength(9);
    });
  });

  describe('HTML is sanitised on the way out', () => {
    const evil =
      '<p style="position:fixed;inset:0">Safe <b>bold</b></p><script>alert(1)</script>' +
      '<img src="/img/a.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a><a href="https://ok.example">ok</a>';
    const expectClean = (html: string) => {
      expect(html).not.toMatch(/<script|alert\(|onerror|javascript:|style=/i);
      expect(html).toContain('<b>bold</b>');
      expect(html).toContain('<img src="/img/a.png" />');
      expect(html).toContain('href="https://ok.example"');
    };

    it('in announcements and notices', async () => {
      await insertAnnouncement(t, 'panalo', { texts: { TY: text('Evil notice', evil) } });
      const a = await get<Ok<Announcement[]>>('/api/content/announcements?types=PL&groupName=m_home');
      expectClean(a.body.value.find((x) => x.title === 'Evil notice')!.content);
      const n = await get<Ok<{ contentLobby: NoticeItem[] }>>('/api/content/notices');
      expectClean(n.body.value.contentLobby.find((x) => x.title === 'Evil notice')!.content);
    });

    it('in help items and pages', async () => {
      await insertHelpItem(t, 'panalo', { TY: text('Evil help', evil) });
      const h = await get<Ok<HelpItem[]>>('/api/content/help');
      expectClean(h.body.value.find((x) => x.title === 'Evil help')!.content);
      const mid = await merchantId(t, 'panalo');
      await t.ctx.db
        .updateTable('content_page')
        .set({ content: evil })
        .where('merchant_id', '=', mid)
        .where('lang', '=', 'TY')
        .execute();
      const p = await get<Ok<{ content: string }>>('/api/content/pages/useragreement');
      expectClean(p.body.value.content);
    });
  });

  describe('bad input is a 400 validation_failed, never a 500', () => {
    const bad = [
      '/api/content/announcements?types=ZZ&groupName=m_home',
      '/api/content/announcements?types=&groupName=m_home',
      '/api/content/announcements?types=B,ZZ&groupName=m_home',
      '/api/content/announcements?types=B&groupName=m%20home',
      '/api/content/announcements?types=B&groupName=m_home;drop',
      '/api/content/announcements?groupName=m_home',
      '/api/content/announcements?types=B',
      '/api/content/announcements?types=B&groupName=m_home&platform=X',
      '/api/content/announcements?types=B&groupName=m_home&lang=%3Cscript%3E',
      '/api/content/announcements?types=B&types=PL&groupName=m_home',
      `/api/content/announcements?types=${'B,'.repeat(40)}B&groupName=m_home`,
      '/api/content/notices?lang=%3Cscript%3E',
      '/api/content/help?device=TABLET',
      '/api/content/help?lang=%3Cscript%3E',
      '/api/content/help?lang=e',
      '/api/content/pages/useragreement?lang=%3Cscript%3E',
      '/api/content/pages/..%2F..%2Fetc',
      '/api/content/pages/privacy',
    ];
    it.each(bad)('%s', async (url) => {
      const res = await get<Err>(url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed' });
    });
  });
});
