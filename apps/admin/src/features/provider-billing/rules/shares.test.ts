import { describe, expect, it } from 'vitest';
import { displayShare, sameShare, shareSummary } from './shares';

describe('shares as people read them', () => {
  it('drops trailing zeros only', () => {
    expect(displayShare('15.00')).toBe('15');
    expect(displayShare('12.50')).toBe('12.5');
    expect(displayShare('7.05')).toBe('7.05');
    expect(displayShare('0')).toBe('0');
    expect(displayShare('05.10')).toBe('5.1');
    expect(displayShare('n/a')).toBe('n/a');
    expect(sameShare('15', '15.00')).toBe(true);
    expect(sameShare('15', '15.5')).toBe(false);
  });

  it('names the share most groups have and lists the groups that differ', () => {
    const shares = {
      lottery: '15.00',
      slots: '20.00',
      live: '15.00',
      sports: '12.50',
      fishing: '15.00',
      cards: '15.00',
      cockfight: '15.00',
      esports: '15.00',
    };
    expect(shareSummary(shares)).toEqual({
      common: '15',
      others: [
        { group: 'slots', share: '20' },
        { group: 'sports', share: '12.5' },
      ],
    });
  });

  it('takes the first group’s share on a tie, and nothing from no shares', () => {
    expect(shareSummary({ lottery: '10', slots: '20' })).toEqual({
      common: '10',
      others: [{ group: 'slots', share: '20' }],
    });
    expect(shareSummary({})).toEqual({ common: null, others: [] });
  });
});
