import { afterEach, describe, expect, it, vi } from 'vitest';
import { classification, game, vendor } from '../test/fixtures';
import { classifyMenu, DATA_TABS, showClassifyTabs, showRngSections, tabNeedsSession } from './classify';
import { favouriteAction, tileName, withId, withoutGame, withoutId } from './favourites';
import { chooseVendor, EMPTY_FILTER, listKey, listRequest, MIN_BET_CHOICES, otherGames } from './filter';
import { isSubmitKey, normaliseSearch, passesWhitespaceRule } from './search';
import {
  listedVendors,
  movePage,
  pageOf,
  stripLayout,
  VENDOR_STRIP_GAP_PX,
  VENDOR_STRIP_PER_PAGE,
} from './vendor-strip';

describe('search', () => {
  it('VALID-035 empty or whitespace-only text fails the whitespace rule and is no search', () => {
    expect(passesWhitespaceRule('')).toBe(false);
    expect(passesWhitespaceRule(' \t\n ')).toBe(false);
    expect(passesWhitespaceRule(' a ')).toBe(true);
    expect(normaliseSearch('   ')).toBeUndefined();
    expect(normaliseSearch('  lucky   dragon ')).toBe('lucky dragon');
    expect(normaliseSearch('x'.repeat(80))).toHaveLength(64);
  });

  it('VALID-034 only Enter submits, and not while composing', () => {
    expect(isSubmitKey('Enter')).toBe(true);
    expect(isSubmitKey('a')).toBe(false);
    expect(isSubmitKey('Tab')).toBe(false);
    expect(isSubmitKey('Enter', true)).toBe(false);
  });
});

describe('classify menu and tabs', () => {
  const types = [classification('VIDEO', 'Video slots'), classification('ESPORTS', 'Esports')];

  it('GAMES-005 GAMES-006 all, new for RNG only, hot, favourites, then vendor classifications', () => {
    expect(classifyMenu('RNG', types.slice(0, 1)).map((c) => c.code)).toEqual([
      'ALL',
      'NEW',
      'HOT',
      'FAV',
      'VIDEO',
    ]);
    expect(classifyMenu('LIVE', []).map((c) => c.code)).toEqual(['ALL', 'HOT', 'FAV']);
    expect(classifyMenu('RNG', types)[4]).toEqual({ code: 'VIDEO', name: 'Video slots' });
  });

  it('GAMES-019 sports exclude the ESPORTS classification', () => {
    expect(classifyMenu('SPORTS', types).map((c) => c.code)).toEqual(['ALL', 'HOT', 'FAV', 'VIDEO']);
    expect(classifyMenu('RNG', types).map((c) => c.code)).toContain('ESPORTS');
  });

  it('GAMES-012 GAMES-013 classification tabs hidden when a vendor is fixed and for FISH', () => {
    expect(showClassifyTabs('RNG', undefined)).toBe(true);
    expect(showClassifyTabs('RNG', 'BYN')).toBe(false);
    expect(showClassifyTabs('FISH', undefined)).toBe(false);
  });

  it('GAMES-026 the game-type and minimum-bet sections are for RNG only', () => {
    expect(showRngSections('RNG')).toBe(true);
    expect(showRngSections('LIVE')).toBe(false);
  });

  it('GAMES-047 ROLE-005 data tabs all, hot, recent, fav; recent and fav need a session', () => {
    expect(DATA_TABS).toEqual(['all', 'hot', 'recent', 'fav']);
    expect(DATA_TABS.filter(tabNeedsSession)).toEqual(['recent', 'fav']);
  });
});

describe('vendor strip', () => {
  it('GAMES-020 esports and cockfight vendors are left out', () => {
    const all = [
      vendor('KSP', 'SPORTS'),
      vendor('TF', 'ESPORTS'),
      vendor('DS88', 'COCKFIGHT'),
      vendor('X', 'ESPORTS'),
    ];
    expect(listedVendors(all).map((v) => v.vassalage)).toEqual(['KSP']);
  });

  it('GAMES-014 GAMES-015 GAMES-018 All first, then groups of 4, 5 px apart', () => {
    expect(VENDOR_STRIP_PER_PAGE).toBe(4);
    expect(VENDOR_STRIP_GAP_PX).toBe(5);
    const l = stripLayout(['A', 'B', 'C', 'D', 'E']);
    expect(l.pages).toEqual([
      [null, 'A', 'B', 'C'],
      ['D', 'E'],
    ]);
    expect(l.paged).toBe(true);
    expect(pageOf(l, 'E')).toBe(1);
    expect(pageOf(l, undefined)).toBe(0);
  });

  it('GAMES-016 one vendor does not page', () => {
    expect(stripLayout(['A'])).toEqual({ pages: [[null, 'A']], paged: false });
    expect(stripLayout(['A', 'B']).paged).toBe(false);
  });

  it('GAMES-017 arrows move within the pages', () => {
    expect(movePage(0, -1, 3)).toBe(0);
    expect(movePage(0, 1, 3)).toBe(1);
    expect(movePage(2, 1, 3)).toBe(2);
  });
});

describe('filter state and request', () => {
  const byn = { vassalage: 'BYN', mobileSmallIcon: '/byn.svg' };

  it('GAMES-037 the filter state holds gameClassify, minBet, vassalage, gameName, mobileSmallIcon', () => {
    expect(Object.keys(EMPTY_FILTER).sort()).toEqual([
      'gameClassify',
      'gameName',
      'minBet',
      'mobileSmallIcon',
      'vassalage',
    ]);
  });

  it('GAMES-025 GAMES-048 choosing a vendor sets it; choosing it again or All clears it', () => {
    const one = chooseVendor(EMPTY_FILTER, byn);
    expect(one).toMatchObject({ vassalage: 'BYN', mobileSmallIcon: '/byn.svg' });
    expect(chooseVendor(one, byn)).toMatchObject({ vassalage: undefined, mobileSmallIcon: undefined });
    expect(chooseVendor(one, null).vassalage).toBeUndefined();
  });

  it('GAMES-027 minimum-bet options', () => {
    expect(MIN_BET_CHOICES).toEqual(['0.01', '0.05', '0.1', '0.5', '0.75']);
  });

  it('CONST-011 the list request: html5, page size 26, filters only when set', () => {
    expect(listRequest('RNG', EMPTY_FILTER, 'EN', 1)).toEqual({
      platform: 'html5',
      gameType: 'RNG',
      gameClassify: 'ALL',
      pageNo: 1,
      pageSize: 26,
      language: 'EN',
    });
    const f = { ...EMPTY_FILTER, gameClassify: 'NEW', vassalage: 'BYN', gameName: 'dragon', minBet: '0.5' };
    expect(listRequest('RNG', f, 'TY', 3)).toMatchObject({
      gameClassify: 'NEW',
      isNew: true,
      vassalage: 'BYN',
      gameName: 'dragon',
      minBet: '0.5',
      pageNo: 3,
    });
  });

  it('GAMES-044 classify, search or vendor change makes a new list key (back to page 1)', () => {
    const base = listKey('RNG', EMPTY_FILTER, 'EN');
    expect(listKey('RNG', { ...EMPTY_FILTER }, 'EN')).toEqual(base);
    expect(listKey('RNG', { ...EMPTY_FILTER, gameClassify: 'HOT' }, 'EN')).not.toEqual(base);
    expect(listKey('RNG', { ...EMPTY_FILTER, gameName: 'a' }, 'EN')).not.toEqual(base);
    expect(listKey('RNG', { ...EMPTY_FILTER, vassalage: 'BYN' }, 'EN')).not.toEqual(base);
  });

  it('GAMES-029 GAMES-030 GAMES-031 other games: no ELOTT, LOTT to the lottery lobby', () => {
    expect(otherGames(['HOT', 'RNG', 'LOTT', 'ELOTT', 'LIVE'], 'RNG')).toEqual([
      { code: 'HOT', href: '/m/gameList?gameType=HOT' },
      { code: 'LOTT', href: '/m/lottery' },
      { code: 'LIVE', href: '/m/gameList?gameType=LIVE' },
    ]);
  });
});

describe('favourites', () => {
  it('GAMES-039 GAMES-040 GAMES-041 heart: remove a favourite, add another, log in without a session', () => {
    const ids = new Set(['5']);
    expect(favouriteAction(true, ids, '5')).toBe('remove');
    expect(favouriteAction(true, ids, '6')).toBe('add');
    expect(favouriteAction(false, ids, '5')).toBe('login');
  });

  it('GAMES-038 GAMES-042 ids are strings and an id present is kept once', () => {
    expect(withId(['5'], '5')).toEqual(['5']);
    expect(withId(['5'], '6')).toEqual(['5', '6']);
    expect(withoutId(['5', '6'], '5')).toEqual(['6']);
  });

  it('GAMES-043 a removed favourite leaves the list at once', () => {
    expect(withoutGame([game({ nodeId: '1' }), game({ nodeId: '2' })], '1').map((g) => g.nodeId)).toEqual([
      '2',
    ]);
  });

  it('GAMES-033 the tile falls back to the node name', () => {
    expect(tileName({ gameName: 'Crash', nodeName: 'crash-n' })).toBe('Crash');
    expect(tileName({ gameName: null, nodeName: 'crash-n' })).toBe('crash-n');
    expect(tileName({ gameName: ' ', nodeName: 'crash-n' })).toBe('crash-n');
  });
});

afterEach(() => vi.useRealTimers());
