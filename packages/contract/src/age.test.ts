import { describe, expect, it } from 'vitest';
import { ageOn, birthDateAccepted, dayIn, parseDay } from './age';

describe('age from a date of birth (VALID-042)', () => {
  it('whole years, the birthday counting from its own day; 29 February born in a common year turns on 1 March', () => {
    expect(ageOn('2005-11-26', '2026-11-26')).toBe(21);
    expect(ageOn('2005-11-27', '2026-11-26')).toBe(20);
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOn('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOn('2001-02-29', '2026-01-01')).toBeNull();
    expect(parseDay('1990-1-1')).toBeNull();
  });

  it('the day is the merchant’s: 23:30 UTC is already tomorrow in Manila', () => {
    const at = new Date('2026-11-25T23:30:00Z');
    expect(dayIn(at)).toBe('2026-11-25');
    expect(dayIn(at, 'Asia/Manila')).toBe('2026-11-26');
  });

  it('accepted: old enough, not in the future, not beyond 120 years', () => {
    expect(birthDateAccepted('2005-11-26', '2026-11-26', 21)).toBe(true);
    expect(birthDateAccepted('2005-11-27', '2026-11-26', 21)).toBe(false);
    expect(birthDateAccepted('2008-11-26', '2026-11-26', 18)).toBe(true);
    expect(birthDateAccepted('2027-01-01', '2026-11-26', 0)).toBe(false);
    expect(birthDateAccepted('1900-01-01', '2026-11-26', 18)).toBe(false);
  });
});
