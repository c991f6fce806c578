import { describe, expect, it } from 'vitest';
import {
  effectiveChoice,
  gamesShown,
  hiddenOfShown,
  namesOf,
  switched,
  vendorOf,
  vendorsByCategory,
  type CatalogueVendor,
} from './catalogue';

const vendor = (code: string, category: string, games: string[]): CatalogueVendor => ({
  code,
  name: code.toLowerCase(),
  category,
  games: games.map((g) => ({ key: `${code}:${g}`, name: g, type: 'slot' })),
});

describe('the launch form’s choices from the catalogue', () => {
  it('stands for the choice made, else the template’s, else everything', () => {
    const all = ['JILI', 'PG', 'EVO'];
    expect(effectiveChoice(null, null, all)).toEqual(all);
    expect(effectiveChoice(null, ['PG'], all)).toEqual(['PG']);
    expect(effectiveChoice([], ['PG'], all)).toEqual([]);
    expect(effectiveChoice(['EVO'], null, all)).toEqual(['EVO']);
  });

  it('switches codes on and off in the catalogue’s order, keeping codes it does not hold', () => {
    const order = ['JILI', 'PG', 'EVO'];
    expect(switched(['EVO'], ['JILI'], true, order)).toEqual(['JILI', 'EVO']);
    expect(switched(['JILI', 'EVO'], ['JILI'], false, order)).toEqual(['EVO']);
    expect(switched(['OLD', 'PG'], ['EVO'], true, order)).toEqual(['PG', 'EVO', 'OLD']);
    expect(switched(['PG'], order, true, order)).toEqual(order);
    expect(switched(['PG'], ['PG'], true, order)).toEqual(['PG']);
  });

  it('groups vendors by category, hides a hidden vendor’s games with it, counts the games shown', () => {
    const vendors = [
      vendor('JILI', 'slots', ['a', 'b']),
      vendor('EVO', 'live', ['c']),
      vendor('PG', 'slots', []),
    ];
    expect(vendorsByCategory(vendors).map((g) => [g.category, g.vendors.map((v) => v.code)])).toEqual([
      ['slots', ['JILI', 'PG']],
      ['live', ['EVO']],
    ]);
    expect(vendorOf('JILI:super-ace')).toBe('JILI');
    expect(hiddenOfShown(['JILI:a', 'EVO:c'], ['JILI'])).toEqual(['JILI:a']);
    expect(gamesShown(vendors[0]!, new Set(['JILI:a', 'EVO:c']))).toEqual({ shown: 1, total: 2 });
  });

  it('names codes as the catalogue does, a code it lacks as itself', () => {
    expect(namesOf(['GCASH', 'OLD'], [{ code: 'GCASH', name: 'GCash' }])).toEqual(['GCash', 'OLD']);
  });
});
