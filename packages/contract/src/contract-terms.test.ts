import { describe, expect, it } from 'vitest';
import { hasContracts, rateFrom, tierAboveUpline, tierFor, tiersProblem, type Tier } from './contract-terms';

const tier = (turnover: number, active: number, rate: number): Tier => ({
  turnover: BigInt(turnover),
  active,
  rate,
});
const table = [tier(10_000_00, 5, 50), tier(50_000_00, 20, 100), tier(200_000_00, 50, 150)];

describe('contract tiers', () => {
  it('AGENT-003 a period reaches a tier only above both of its figures, the highest such tier counting', () => {
    expect(tierFor(table, { turnover: 10_000_00n, active: 6 })).toBeNull(); // turnover not above 10,000
    expect(tierFor(table, { turnover: 10_000_01n, active: 5 })).toBeNull(); // active not above 5
    expect(tierFor(table, { turnover: 10_000_01n, active: 6 })?.index).toBe(0);
    // Turnover for the top tier but active members for the second only: the second.
    expect(tierFor(table, { turnover: 999_999_99n, active: 21 })?.index).toBe(1);
    expect(tierFor(table, { turnover: 200_000_01n, active: 51 })?.tier.rate).toBe(150);
  });

  it('a table rises: 1 to 10 tiers, each asking more than the one before and paying more', () => {
    expect(tiersProblem(table)).toBeNull();
    expect(tiersProblem([])).toBe('contract_tiers_count');
    expect(tiersProblem(Array.from({ length: 11 }, (_, i) => tier(i, i, i + 1)))).toBe(
      'contract_tiers_count',
    );
    expect(tiersProblem([tier(100, 5, 50), tier(100, 5, 60)])).toBe('contract_tiers_order'); // asks no more
    expect(tiersProblem([tier(100, 5, 50), tier(200, 4, 60)])).toBe('contract_tiers_order'); // fewer active
    expect(tiersProblem([tier(100, 5, 50), tier(200, 5, 50)])).toBe('contract_tiers_order'); // pays no more
    expect(tiersProblem([tier(0, 0, 0)])).toBe('contract_tiers_order'); // pays nothing
  });

  it('nobody gives more than it has: each offered tier is held to what the upline’s table pays from its figures', () => {
    expect(rateFrom(table, 50_000_00n, 20)).toBe(100);
    expect(rateFrom(table, 50_000_00n, 19)).toBe(50);
    expect(rateFrom(table, 9_999_99n, 100)).toBe(0);
    expect(tierAboveUpline([tier(10_000_00, 5, 50), tier(60_000_00, 25, 100)], table)).toBeNull();
    expect(tierAboveUpline([tier(10_000_00, 5, 40), tier(50_000_00, 19, 60)], table)).toBe(1);
    expect(tierAboveUpline([tier(0, 0, 1)], table)).toBe(0);
  });

  it('AGENT-028 types 4, 40, 41 and 42 (and staff) have no contracts', () => {
    expect([0, 1, 2, 4, 40, 41, 42, 90].map(hasContracts)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
