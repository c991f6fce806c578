import { describe, expect, it } from 'vitest';
import { VENDORS } from '../../../modules/games/seed/vendors';
import { matchSeeds } from './matches';

describe('demo hot matches', () => {
  it('each match names a sports or esports vendor of the demo catalogue, so its launch finds a game', () => {
    const byCode = new Map(VENDORS.map((v) => [v.code, v]));
    for (const m of matchSeeds) {
      const vendor = byCode.get(m.vendor);
      expect(vendor, m.vendor).toBeDefined();
      expect(['SPORTS', 'ESPORTS']).toContain(vendor!.category);
    }
  });
});
