import { describe, expect, it } from 'vitest';
import { matchTiers, validateBet, winningSelections } from './bet';
import { resolveConfig } from './config';
import { drawResult, parseResult } from './draw';
import { GAMES } from './registry';
import type { Bet } from './types';

const bet = (over: Partial<Bet> = {}): Bet => ({
  gameCode: 'WINGO1',
  betType: 'number',
  selection: '7',
  amountMinor: 1_000n,
  units: 1,
  ...over,
});

describe('bet validation', () => {
  const cfg = resolveConfig('WINGO1');

  it('accepts a valid bet', () => {
    expect(validateBet(bet(), cfg)).toBeNull();
  });

  it.each<[Partial<Bet>, string]>([
    [{ gameCode: 'NOPE' }, 'lottery_game_unknown'],
    [{ betType: 'colourz' }, 'lottery_bet_type_unknown'],
    [{ betType: 'toString' }, 'lottery_bet_type_unknown'],
    [{ selection: '10' }, 'lottery_selection_invalid'],
    [{ betType: 'colour', selection: 'blue' }, 'lottery_selection_invalid'],
    [{ amountMinor: 0n }, 'lottery_amount_invalid'],
    [{ units: 0 }, 'lottery_amount_invalid'],
    [{ units: 1.5 }, 'lottery_amount_invalid'],
    [{ amountMinor: 99n }, 'lottery_amount_below_min'],
    [{ amountMinor: 5_000_001n }, 'lottery_amount_above_max'],
    // The limit is on the whole stake: 2,500,001 × 2 units is over 5,000,000.
    [{ amountMinor: 2_500_001n, units: 2 }, 'lottery_amount_above_max'],
  ])('refuses %o with %s', (over, code) => {
    expect(validateBet(bet(over), cfg)).toBe(code);
  });

  it('honours the merchant: disabled game, disabled bet type, own limits', () => {
    expect(validateBet(bet(), resolveConfig('WINGO1', { enabled: false }))).toBe('lottery_game_disabled');
    expect(validateBet(bet(), resolveConfig('WINGO1', { disabledBetTypes: ['number'] }))).toBe(
      'lottery_bet_type_disabled',
    );
    const tight = resolveConfig('WINGO1', { limits: { number: { minStakeMinor: 2_000n } } });
    expect(validateBet(bet(), tight)).toBe('lottery_amount_below_min');
    expect(tight.limits.number!.maxStakeMinor).toBe(5_000_000n);
  });

  it('validates selections of every game', () => {
    const ok: Bet[] = [
      bet({ gameCode: '5D', betType: 'position', selection: 'E:0' }),
      bet({ gameCode: '5D', betType: 'sum', selection: '45' }),
      bet({ gameCode: 'K3', betType: 'threeDifferent', selection: '321' }),
      bet({ gameCode: 'VNLOTTO', betType: 'lo2', selection: '07' }),
      bet({ gameCode: 'JACKPOT645', betType: 'pick6', selection: '45,1,2,3,4,5' }),
    ];
    for (const b of ok) expect(validateBet(b, resolveConfig(b.gameCode))).toBeNull();
    const bad: Bet[] = [
      bet({ gameCode: '5D', betType: 'position', selection: 'F:0' }),
      bet({ gameCode: '5D', betType: 'sum', selection: '46' }),
      bet({ gameCode: 'K3', betType: 'threeDifferent', selection: '112' }),
      bet({ gameCode: 'K3', betType: 'sum', selection: '2' }),
      bet({ gameCode: 'VNLOTTO', betType: 'lo2', selection: '7' }),
      bet({ gameCode: 'JACKPOT645', betType: 'pick6', selection: '1,1,2,3,4,5' }),
      bet({ gameCode: 'JACKPOT645', betType: 'pick6', selection: '46,1,2,3,4,5' }),
    ];
    for (const b of bad) expect(validateBet(b, resolveConfig(b.gameCode))).toBe('lottery_selection_invalid');
  });
});

describe('winning selections (the rows set-based settlement joins against)', () => {
  it('Wingo 0: number 0, red at half odds, violet, small', () => {
    const rows = winningSelections('WINGO1', parseResult('WINGO1', '0')!, resolveConfig('WINGO1'));
    expect(Object.fromEntries(rows)).toEqual({
      number: [{ selection: '0', odds: 90_000n, hits: 1 }],
      colour: [
        { selection: 'red', odds: 15_000n, hits: 1 },
        { selection: 'violet', odds: 45_000n, hits: 1 },
      ],
      size: [{ selection: 'small', odds: 19_600n, hits: 1 }],
    });
  });

  it('merchant odds flow into the rows', () => {
    const cfg = resolveConfig('WINGO1', { odds: { colour: { violet: 40_000n } } });
    const rows = winningSelections('WINGO1', parseResult('WINGO1', '5')!, cfg).get('colour');
    expect(rows).toEqual([
      { selection: 'green', odds: 15_000n, hits: 1 },
      { selection: 'violet', odds: 40_000n, hits: 1 },
    ]);
  });

  it('pick-6 rows are the drawn numbers and the tiers come separately', () => {
    const cfg = resolveConfig('JACKPOT645');
    const rows = winningSelections('JACKPOT645', parseResult('JACKPOT645', '01,02,03,04,05,45')!, cfg);
    expect(rows.get('pick6')!.map((r) => r.selection)).toEqual(['01', '02', '03', '04', '05', '45']);
    expect(matchTiers(cfg, 'pick6')).toEqual([
      { matches: 3, odds: 30_000n },
      { matches: 4, odds: 300_000n },
      { matches: 5, odds: 10_000_000n },
    ]);
  });

  it('every winning row is a valid, unique selection of its bet type (one join row per bet)', () => {
    for (const game of GAMES) {
      const cfg = resolveConfig(game.code);
      for (let i = 0; i < 100; i++) {
        const result = drawResult('b'.repeat(64), game.code, String(i));
        for (const [type, rows] of winningSelections(game.code, result, cfg)) {
          const def = game.betTypes[type]!;
          expect(new Set(rows.map((r) => r.selection)).size).toBe(rows.length);
          for (const r of rows) {
            if (def.match === 'exact') expect(def.parseSelection(r.selection)).toBe(r.selection);
            expect(r.hits).toBeGreaterThan(0);
          }
        }
      }
    }
  });
});
