import { describe, expect, it } from 'vitest';
import { coloursOf, hash32, renderGameArt, renderVendorArt } from './games.art';

const art = {
  name: 'Golden Carabao Hold & Win',
  vendorName: 'Bayani Slots',
  category: 'RNG',
  colours: '#7f6000,#ffe599',
  key: 'a:1',
};

describe('generated artwork', () => {
  it('is the same SVG for the same game and differs between games', () => {
    expect(renderGameArt(art)).toBe(renderGameArt(art));
    expect(renderGameArt({ ...art, key: 'a:2' })).not.toBe(renderGameArt(art));
    expect(hash32('x')).toBe(hash32('x'));
  });

  it('escapes names and stays small', () => {
    const svg = renderGameArt({ ...art, name: '<script>"x" & \'y\'</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(renderGameArt(art).length).toBeLessThan(2500);
    expect(renderGameArt(art)).toContain('Hold &amp; Win');
  });

  it('falls back to the house colours when the stored pair is not two #rrggbb', () => {
    expect(coloursOf('#112233, #445566')).toEqual(['#112233', '#445566']);
    expect(coloursOf('red,url(x)')).toEqual(['#0f8a5f', '#f5b700']);
    expect(renderGameArt({ ...art, colours: '"/><script>' })).not.toContain('<script>');
  });

  it('draws vendor logos in two sizes', () => {
    expect(
      renderVendorArt({ code: 'BYN', name: 'Bayani Slots', colours: '#7f6000,#ffe599', large: false }),
    ).toContain('>BYN<');
    const large = renderVendorArt({
      code: 'BYN',
      name: 'Bayani Slots',
      colours: '#7f6000,#ffe599',
      large: true,
    });
    expect(large).toContain('width="160"');
    expect(large).toContain('>Bayani Slots<');
  });
});
