import { describe, expect, it } from 'vitest';
import { helpItems } from '../test/content-fixtures';
import { findHelpItem, helpIndex } from './help-index';

describe('helpIndex', () => {
  it('CONTENT-006 the selected index comes from ?i=, default 0', () => {
    expect(helpIndex(null, 3)).toBe(0);
    expect(helpIndex('0', 3)).toBe(0);
    expect(helpIndex('1', 3)).toBe(1);
    expect(helpIndex('2', 3)).toBe(2);
  });

  it('CONTENT-006 an index outside the list, or not a whole number, selects the first item', () => {
    for (const raw of ['3', '99', '-1', '1.5', 'abc', '', ' 1', '1e2', '9999999999']) {
      expect(helpIndex(raw, 3), raw).toBe(0);
    }
    expect(helpIndex('0', 0)).toBe(0);
  });
});

describe('findHelpItem', () => {
  const items = helpItems();
  it('finds by ?id= first, then by ?i=', () => {
    expect(findHelpItem(items, new URLSearchParams('id=13'))).toEqual({ item: items[2], index: 2 });
    expect(findHelpItem(items, new URLSearchParams('i=1'))).toEqual({ item: items[1], index: 1 });
    expect(findHelpItem(items, new URLSearchParams('i=7'))).toEqual({ item: items[0], index: 0 });
    expect(findHelpItem(items, new URLSearchParams(''))).toEqual({ item: items[0], index: 0 });
  });

  it('an unknown id, or an empty list, finds nothing', () => {
    expect(findHelpItem(items, new URLSearchParams('id=999'))).toBeNull();
    expect(findHelpItem([], new URLSearchParams('i=0'))).toBeNull();
  });
});
