import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES } from '@panalo/contract/content';
import { renderWithShell } from '../../../app/test-utils';
import { catalogues } from '../../../i18n';
import { CUSTOMER_SERVICE_TYPES } from '../rules/home-content';
import { GameCategories } from './game-categories';

const lookup = (lang: 'EN' | 'TY', key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], catalogues[lang]);

describe('game categories', () => {
  it('HOME-001 every category code and service channel has a name in EN and TY', () => {
    for (const lang of ['EN', 'TY'] as const) {
      for (const code of GAME_CATEGORIES)
        expect(lookup(lang, `home.category.${code}`)).toEqual(expect.any(String));
      for (const type of CUSTOMER_SERVICE_TYPES) {
        expect(lookup(lang, `home.service.${type}`)).toEqual(expect.any(String));
      }
    }
  });

  it('HOME-001 the tiles follow the given order with translated names (TY)', () => {
    renderWithShell(
      <GameCategories
        categories={[
          { code: 'COCKFIGHT', iconUrl: 'categories/cockfight.svg' },
          { code: 'LOTT', iconUrl: 'categories/lott.svg' },
        ]}
      />,
      { language: 'TY' },
    );
    const links = within(screen.getByTestId('categories')).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Sabong', '/m/gameList?gameType=COCKFIGHT'],
      ['Lotto', '/m/lottery'],
    ]);
  });
});
