import { describe, expect, it } from 'vitest';
import { depositDetailVersion, memberCentreVersion } from './templates';

describe('mobile template versions', () => {
  it("SHELL-054 mem_cen '1' selects the new member centre, anything else the base one", () => {
    expect(memberCentreVersion({ mem_cen: '1' })).toBe('new');
    expect(memberCentreVersion({ mem_cen: '0' })).toBe('base');
    expect(memberCentreVersion({ mem_cen: '' })).toBe('base');
  });

  it("SHELL-055 dep_func '1' selects the new deposit detail, anything else the base one", () => {
    expect(depositDetailVersion({ dep_func: '1' })).toBe('new');
    expect(depositDetailVersion({ dep_func: '0' })).toBe('base');
    expect(depositDetailVersion({ dep_func: '2' })).toBe('base');
  });
});
