import { describe, expect, it } from 'vitest';
import { d5, menu, vn, wingo1, wingo3 } from '../test/fixtures';
import { lottFavStore, readLottFav, toggled } from './favourites';
import {
  allGames,
  favouritesFirst,
  MENU_ITEM_WIDTH,
  menuItemWidthCss,
  menuRefreshDelayMs,
  menuTabs,
  tabGames,
} from './lobby';

const ids = (games: { gameId: string }[]) => games.map((g) => g.gameId);

describe('lottery lobby rules', () => {
  it('LOTT-001 LOTT-002 the tabs are HOT, FAV, then the server groups with their labelName', () => {
    expect(menuTabs(menu())).toEqual([
      { tag: 'HOT', labelName: 'Hot' },
      { tag: 'FAV', labelName: 'Favourites' },
      { tag: 'FAST', labelName: 'Fast games' },
      { tag: 'DIGITS', labelName: 'Digits' },
      { tag: 'DAILY', labelName: 'Daily draws' },
    ]);
    // Without HOT and FAV in the answer the lobby still shows them (labels from our catalogue).
    const { FAST } = menu();
    expect(menuTabs({ FAST: FAST! }).map((t) => [t.tag, t.labelName])).toEqual([
      ['HOT', null],
      ['FAV', null],
      ['FAST', 'Fast games'],
    ]);
  });

  it('LOTT-003 a menu item is 130 rem-hundredths wide', () => {
    expect(MENU_ITEM_WIDTH).toBe(130);
    expect(menuItemWidthCss()).toBe('calc(1.3 * var(--lott-rem))');
  });

  it('LOTT-021 the HOT tab shows the games whose tag contains HOT', () => {
    expect(ids(tabGames(menu(), 'HOT', []))).toEqual([wingo1.gameId, d5.gameId]);
    // Decided by the tag, not by what the server put in its HOT group.
    const m = menu();
    m.HOT = { ...m.HOT!, gameMenus: [] };
    expect(ids(tabGames(m, 'HOT', []))).toEqual([wingo1.gameId, d5.gameId]);
  });

  it('LOTT-022 LOTT-023 the FAV tab shows the favourites only, empty without any', () => {
    expect(tabGames(menu(), 'FAV', [])).toEqual([]);
    expect(ids(tabGames(menu(), 'FAV', [vn.gameId, wingo3.gameId]))).toEqual([vn.gameId, wingo3.gameId]);
  });

  it('LOTT-025 any other tab shows that group’s games', () => {
    expect(ids(tabGames(menu(), 'FAST', []))).toEqual([wingo1.gameId, wingo3.gameId]);
    expect(ids(tabGames(menu(), 'DAILY', []))).toEqual([vn.gameId]);
    expect(tabGames(menu(), 'NOPE', [])).toEqual([]);
    expect(ids(allGames(menu()))).toEqual(['1', '3', '2', '4']);
  });

  it('LOTT-026 favourites come first, the most recently added first', () => {
    // ids come most recent first: wingo3 was added after d5.
    expect(ids(favouritesFirst([wingo1, wingo3, d5, vn], [wingo3.gameId, d5.gameId]))).toEqual([
      wingo3.gameId,
      d5.gameId,
      wingo1.gameId,
      vn.gameId,
    ]);
    expect(ids(tabGames(menu(), 'FAST', [wingo3.gameId]))).toEqual([wingo3.gameId, wingo1.gameId]);
  });

  it('LOTT-014 LOTTFAV maps userName to gameIds, newest first, other users untouched', () => {
    expect(readLottFav()).toEqual({});
    lottFavStore.toggle('juan123', '1');
    lottFavStore.toggle('juan123', '3');
    lottFavStore.toggle('maria', '2');
    expect(JSON.parse(localStorage.getItem('LOTTFAV')!)).toEqual({ juan123: ['3', '1'], maria: ['2'] });
    lottFavStore.toggle('juan123', '3');
    expect(readLottFav()).toEqual({ juan123: ['1'], maria: ['2'] });
    expect(toggled({}, 'a', 'x')).toEqual({ a: ['x'] });
    localStorage.setItem('LOTTFAV', '{"juan123":"not a list"}');
    expect(readLottFav()).toEqual({});
  });

  it('LOTT-020 LOTT-028 the refresh timer is the smallest card remaining time of games with a numero', () => {
    // Card remaining: 20 − 5 = 15 s and 29 − 10 = 19 s; the game without a numero does not count.
    const games = [
      { ...wingo1, remainTime: 20_000, lockTime: 5 },
      { ...wingo3, remainTime: 29_000, lockTime: 10 },
      { ...d5, numero: null, remainTime: 2_000, lockTime: 0 },
    ];
    expect(menuRefreshDelayMs(games)).toBe(15_000);
  });

  it('LOTT-029 when the smallest remaining time is 0 or less the refresh timer is 7000 ms', () => {
    expect(menuRefreshDelayMs([{ ...wingo1, remainTime: 4_000, lockTime: 5 }])).toBe(7_000);
    expect(menuRefreshDelayMs([])).toBe(7_000);
  });

  it('LOTT-030 the refresh timer is capped at 30000 ms', () => {
    expect(menuRefreshDelayMs([{ ...wingo1, remainTime: 600_000, lockTime: 5 }])).toBe(30_000);
  });
});
