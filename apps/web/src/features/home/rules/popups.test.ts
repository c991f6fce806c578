import { describe, expect, it } from 'vitest';
import type { Announcement } from '@panalo/contract/content';
import {
  closeGroup,
  pairsOf,
  parsePopupStore,
  popupGroupsFor,
  popupPager,
  popupsByGroup,
  POPUP_REFRESH_DELAY_MS,
  refreshGroup,
  turnPage,
} from './popups';

let id = 0;
const pu = (
  execution: Announcement['execution'],
  title: string,
  content = `<p>${title}</p>`,
): Announcement => ({
  id: ++id,
  type: 'PU',
  title,
  content,
  execution,
  promotionType: null,
  url: null,
  linkUrl: null,
});

describe('popup groups', () => {
  it('HOME-026 a popup carries title, content, promotionType and execution', () => {
    const a = pu('A', 'x');
    expect(Object.keys(a)).toEqual(
      expect.arrayContaining(['title', 'content', 'promotionType', 'execution']),
    );
  });

  it('HOME-028 HOME-029 HOME-030 visitors see B, members A, first-time logins A and F', () => {
    expect(popupGroupsFor({ loggedIn: false, firstTimeLogin: false })).toEqual(['B']);
    expect(popupGroupsFor({ loggedIn: false, firstTimeLogin: true })).toEqual(['B']);
    expect(popupGroupsFor({ loggedIn: true, firstTimeLogin: false })).toEqual(['A']);
    expect(popupGroupsFor({ loggedIn: true, firstTimeLogin: true })).toEqual(['A', 'F']);
  });

  it('HOME-027 popups are split per group by their execution, other types ignored', () => {
    const items = [pu('A', 'a1'), pu('B', 'b1'), pu('F', 'f1'), pu('A', 'a2'), pu(null, 'none')];
    const banner: Announcement = { ...pu('B', 'banner'), type: 'B' };
    const byGroup = popupsByGroup([...items, banner], ['A', 'F']);
    expect(byGroup.get('A')?.map((a) => a.title)).toEqual(['a1', 'a2']);
    expect(byGroup.get('F')?.map((a) => a.title)).toEqual(['f1']);
    expect(byGroup.has('B')).toBe(false);
    expect(popupsByGroup([banner], ['B']).get('B')).toEqual([]);
  });
});

describe('popup re-show rule', () => {
  const list = pairsOf([pu('B', 'Join'), pu('B', 'Bonus')]);

  it('HOME-031 a never-seen list shows', () => {
    expect(refreshGroup(undefined, list)).toEqual({ list, show: true });
  });

  it('HOME-033 closing stores show=false and the same list then stays hidden', () => {
    const closed = closeGroup(refreshGroup(undefined, list));
    expect(closed).toEqual({ list, show: false });
    expect(refreshGroup(closed, pairsOf([pu('B', 'Join'), pu('B', 'Bonus')]))).toEqual(closed);
  });

  it('HOME-031 the list shows again when a title, a content, the order or the length changes', () => {
    const closed = { list, show: false };
    const changes = [
      [{ ...list[0]!, title: 'Join now' }, list[1]!],
      [{ ...list[0]!, content: '<p>new</p>' }, list[1]!],
      [list[1]!, list[0]!],
      [list[0]!],
    ];
    for (const next of changes) expect(refreshGroup(closed, next)).toEqual({ list: next, show: true });
  });

  it('HOME-031 an empty list never shows', () => {
    expect(refreshGroup(undefined, []).show).toBe(false);
  });

  it('HOME-033 a malformed stored popupState counts as never seen', () => {
    expect(parsePopupStore(null)).toEqual({});
    expect(parsePopupStore('x')).toEqual({});
    expect(
      parsePopupStore({ A: { list: 'x', show: false }, B: { list: [{ title: 1 }], show: false } }),
    ).toEqual({});
    expect(parsePopupStore({ B: { list, show: false }, Z: { list, show: true } })).toEqual({
      B: { list, show: false },
    });
  });

  it('HOME-032 the popup list refresh waits 500 ms', () => {
    expect(POPUP_REFRESH_DELAY_MS).toBe(500);
  });
});

describe('popup paging', () => {
  it('HOME-034 previous and next move one popup', () => {
    expect(turnPage(0, 1, 3)).toBe(1);
    expect(turnPage(2, -1, 3)).toBe(1);
  });

  it('HOME-035 previous is disabled on the first popup and next on the last', () => {
    expect(popupPager(0, 3)).toEqual({ index: 0, canPrev: false, canNext: true });
    expect(popupPager(1, 3)).toEqual({ index: 1, canPrev: true, canNext: true });
    expect(popupPager(2, 3)).toEqual({ index: 2, canPrev: true, canNext: false });
    expect(popupPager(0, 1)).toEqual({ index: 0, canPrev: false, canNext: false });
    expect(turnPage(2, 1, 3)).toBe(2);
    expect(turnPage(0, -1, 3)).toBe(0);
  });
});
