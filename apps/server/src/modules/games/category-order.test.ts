import { describe, expect, it } from 'vitest';
import type { CategorySorting } from '@panalo/contract/games';
import { mappingOf, orderCategories, prizeModeOf } from './category-order';

const v = (gameType: string, vassalage: string) => ({ gameType, vassalage });
const names = (list: CategorySorting[]) => list.map((c) => c.gameCategory);

describe('category order (spec §4)', () => {
  const sorting: CategorySorting[] = [
    { gameCategory: 'HOT', vendorNames: [] },
    { gameCategory: 'LIVE', vendorNames: [v('LIVE', 'LVA')] },
    {
      gameCategory: 'SPORTS',
      vendorNames: [v('SPORTS', 'KSP'), v('ESPORTS', 'TF'), v('COCKFIGHT', 'DS88'), v('SPORTS', 'PBS')],
    },
    { gameCategory: 'RNG', vendorNames: [v('RNG', 'BYN')] },
  ];

  it('GAMES-053 the SPORTS vendors split into ESPORTS, COCKFIGHT and the remaining sports vendors', () => {
    const out = orderCategories(sorting);
    const byCode = Object.fromEntries(
      out.map((c) => [c.gameCategory, c.vendorNames.map((x) => x.vassalage)]),
    );
    expect(byCode.SPORTS).toEqual(['KSP', 'PBS']);
    expect(byCode.ESPORTS).toEqual(['TF']);
    expect(byCode.COCKFIGHT).toEqual(['DS88']);
  });

  it('GAMES-054 ESPORTS comes right after SPORTS; GAMES-055 COCKFIGHT right before it', () => {
    expect(names(orderCategories(sorting))).toEqual(['HOT', 'LIVE', 'COCKFIGHT', 'SPORTS', 'ESPORTS', 'RNG']);
  });

  it('recognises the spec codes TF and DS88 when the gameType does not say', () => {
    const out = orderCategories([
      { gameCategory: 'SPORTS', vendorNames: [v('SPORTS', 'TF'), v('SPORTS', 'DS88')] },
    ]);
    expect(names(out)).toEqual(['COCKFIGHT', 'ESPORTS']);
  });

  it('moves existing ESPORTS/COCKFIGHT entries next to SPORTS and merges them without duplicates', () => {
    const out = orderCategories([
      { gameCategory: 'ESPORTS', vendorNames: [v('ESPORTS', 'TF'), v('ESPORTS', 'XE')] },
      { gameCategory: 'RNG', vendorNames: [] },
      { gameCategory: 'SPORTS', vendorNames: [v('SPORTS', 'KSP'), v('ESPORTS', 'TF')] },
    ]);
    expect(names(out)).toEqual(['RNG', 'SPORTS', 'ESPORTS']);
    expect(mappingOf(out).ESPORTS).toEqual(['TF', 'XE']);
  });

  it('leaves a list without SPORTS as it is', () => {
    const list = [{ gameCategory: 'ESPORTS', vendorNames: [v('ESPORTS', 'TF')] }];
    expect(orderCategories(list)).toEqual(list);
  });

  it('GAMES-036 mapping lists each category’s vendors in order', () => {
    expect(mappingOf(orderCategories(sorting))).toEqual({
      HOT: [],
      LIVE: ['LVA'],
      COCKFIGHT: ['DS88'],
      SPORTS: ['KSP', 'PBS'],
      ESPORTS: ['TF'],
      RNG: ['BYN'],
    });
  });
});

describe('prize mode (spec §4)', () => {
  it('GAMES-056 electronic lottery when ELOTT holds TCG_LOTTO_VN or LOTT, normal lottery otherwise', () => {
    expect(prizeModeOf({ ELOTT: ['TCG_LOTTO_VN'] })).toBe('Elott');
    expect(prizeModeOf({ ELOTT: ['X', 'LOTT'] })).toBe('Elott');
    expect(prizeModeOf({ ELOTT: ['X'] })).toBe('Lott');
    expect(prizeModeOf({ LOTT: ['LOTT'] })).toBe('Lott');
    expect(prizeModeOf({})).toBe('Lott');
  });
});
