import { describe, expect, it } from 'vitest';
import { contrastFailures } from '@panalo/contract/theme-contrast';
import { PALETTE_NAMES, PALETTES, readableInk, withReadableInk } from './palettes';

describe('the launch form’s palettes', () => {
  it('are each readable in every pair the site draws (the server’s own check)', () => {
    for (const name of PALETTE_NAMES) expect([name, contrastFailures(PALETTES[name])]).toEqual([name, []]);
  });

  it('picks white on a dark colour and near-black on a light one', () => {
    expect(readableInk('#0d7752')).toBe('#ffffff');
    expect(readableInk('#000000')).toBe('#ffffff');
    expect(readableInk('#f2c14e')).toBe('#111111');
    expect(readableInk('#ffffff')).toBe('#111111');
  });

  it('repairs the text on buttons and in the header after a brand colour is picked', () => {
    const picked = {
      ...PALETTES.emerald,
      primary: '#1d4ed8',
      primaryText: '#1d4ed8',
      header: '#fde047',
      headerText: '#ffffff',
    };
    const names = (t: typeof picked) => contrastFailures(t).map((f) => f.name);
    expect(names(picked)).toEqual(
      expect.arrayContaining(['primary-text-on-primary', 'header-text-on-header']),
    );
    const fixed = withReadableInk(picked);
    expect(names(fixed)).not.toContain('primary-text-on-primary');
    expect(names(fixed)).not.toContain('header-text-on-header');
    expect(fixed.primaryText).toBe('#ffffff');
    expect(fixed.headerText).toBe('#111111');
  });
});
