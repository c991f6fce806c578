import { describe, expect, it } from 'vitest';
import {
  COMMON_TIME_ZONES,
  COUNTRY_CODES,
  countryNames,
  countryOptions,
  knownTimeZone,
  timeZoneGroups,
} from './market';

describe('the market step’s choices', () => {
  it('offers the ISO countries once each, named and sorted in the staff member’s language', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    const en = countryOptions('en');
    expect(en.find((c) => c.value === 'PH')?.label).toBe('Philippines (PH)');
    expect(en.map((c) => c.label)).toEqual([...en.map((c) => c.label)].sort((a, b) => a.localeCompare(b)));
    expect(countryOptions('ty')).toHaveLength(250);
    expect(countryNames(['JP', 'US'], 'en')).toBe('Japan (JP), United States (US)');
    expect(countryNames([], 'en')).toBe('—');
  });

  it('knows its zones, Manila first, and refuses a made-up one', () => {
    expect(COMMON_TIME_ZONES[0]).toBe('Asia/Manila');
    expect(COMMON_TIME_ZONES.every(knownTimeZone)).toBe(true);
    expect(knownTimeZone('Asia/Atlantis')).toBe(false);
    expect(knownTimeZone('')).toBe(false);
    const [common, other] = timeZoneGroups();
    expect(other!.items).toContain('Europe/Paris');
    expect(other!.items.some((z) => common!.items.includes(z))).toBe(false);
  });
});
