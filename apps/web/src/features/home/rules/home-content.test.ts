import { describe, expect, it } from 'vitest';
import type { Announcement, HotMatch } from '@panalo/contract/content';
import {
  bannersOf,
  bannerTarget,
  categoryHref,
  channelOpensDirectly,
  launchMatchHref,
  marqueeTitlesOf,
  serviceChannels,
} from './home-content';

const ann = (type: Announcement['type'], title: string, url: string | null = null): Announcement => ({
  id: title.length,
  type,
  title,
  content: '',
  execution: null,
  promotionType: null,
  url,
  linkUrl: null,
});

const match: HotMatch = {
  matchTime: '2026-01-05T07:03:00.000Z',
  homeTeam: 'Manila Eagles',
  awayTeam: 'Cebu Sharks',
  homeTeamImageUrl: 'teams/a.svg',
  awayTeamImageUrl: 'teams/b.svg',
  vendor: 'SABA',
  roomId: 'room 1',
  nodeId: 'match-1',
  league: 'PBA',
};

describe('home content', () => {
  it('HOME-008 banners are type B items with an image url', () => {
    const list = [ann('B', 'one', 'banners/a.svg'), ann('B', 'no image'), ann('PL', 'notice')];
    expect(bannersOf(list).map((b) => b.url)).toEqual(['banners/a.svg']);
  });

  it('HOME-023 the marquee shows PL and H titles', () => {
    const list = [ann('PL', 'Maintenance'), ann('H', 'Headline'), ann('PU', 'Popup'), ann('B', 'Banner')];
    expect(marqueeTitlesOf(list)).toEqual(['Maintenance', 'Headline']);
  });

  it('HOME-009 a banner link to /m/ opens in the app, a web link in a new tab, anything else nowhere', () => {
    expect(bannerTarget('/m/activity')).toEqual({ kind: 'internal', to: '/m/activity' });
    expect(bannerTarget('https://promo.example/x')).toEqual({
      kind: 'external',
      href: 'https://promo.example/x',
    });
    expect(bannerTarget('/downloads/a.apk')).toEqual({ kind: 'external', href: '/downloads/a.apk' });
    expect(bannerTarget('javascript:alert(1)')).toBeNull();
    expect(bannerTarget('//evil.example')).toBeNull();
    expect(bannerTarget(null)).toBeNull();
  });

  it('HOME-001 category tiles: LOTT opens the lottery lobby, others the game list', () => {
    expect(categoryHref('LOTT')).toBe('/m/lottery');
    expect(categoryHref('SPORTS')).toBe('/m/gameList?gameType=SPORTS');
  });

  it('HOME-022 the bet button launches the match for a member and sends a visitor to log in', () => {
    expect(launchMatchHref(match, false)).toBe('/m/login');
    expect(launchMatchHref(match, true)).toBe('/m/launchGame?code=match-1&vendor=SABA&roomId=room+1');
  });

  it('CONTENT-009 CONTENT-010 channels CS, TELEGRAM, FACEBOOK in order, only those with entries', () => {
    const cs = {
      FACEBOOK: [{ title: 'fb', url: 'https://fb.example' }],
      TELEGRAM: [],
      CS: [
        { title: 'chat', url: 'https://chat.example' },
        { title: 'bad', url: 'javascript:void 0' },
      ],
    };
    expect(serviceChannels(cs)).toEqual([
      { type: 'CS', entries: [{ title: 'chat', url: 'https://chat.example' }] },
      { type: 'FACEBOOK', entries: [{ title: 'fb', url: 'https://fb.example' }] },
    ]);
  });

  it('CONTENT-011 CONTENT-012 one entry opens directly, several expand', () => {
    const e = { title: 't', url: 'https://x.example' };
    expect(channelOpensDirectly({ type: 'CS', entries: [e] })).toBe(true);
    expect(channelOpensDirectly({ type: 'CS', entries: [e, e] })).toBe(false);
  });
});
