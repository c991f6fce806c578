import { describe, expect, it } from 'vitest';
import { vipNameFor } from './vip-names';

describe('the VIP levels table names a level in the console’s language', () => {
  const names = { EN: 'Gold', TY: 'Ginto' };
  it('Tagalog (ty) reads the TY name, English the EN name', () => {
    expect(vipNameFor(names, 'ty')).toBe('Ginto');
    expect(vipNameFor(names, 'en')).toBe('Gold');
  });
  it('a level without a name in that language shows the name it has', () => {
    expect(vipNameFor({ EN: 'Gold' }, 'ty')).toBe('Gold');
    expect(vipNameFor({}, 'en')).toBe('');
  });
});
