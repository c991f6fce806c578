import { describe, expect, it } from 'vitest';
import { coloursOf, hash32, motifOf, renderGameArt, renderVendorArt } from './games.art';
import { INHOUSE_GAMES } from './seed/catalogue';

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

  it('each in-house game has its own picture, and slots and live tables vary by title (issue 49 item 6)', () => {
    // Every in-house game of the catalogue (its seed's list).
    const inhouse = INHOUSE_GAMES.map(([id]) => id);
    const pictures = inhouse.map((id) => motifOf(id, 'INHOUSE', 0));
    expect(new Set(pictures).size).toBe(inhouse.length);
    expect(pictures).not.toContain(motifOf('unknown', 'INHOUSE', 0));
    const slots = Array.from({ length: 40 }, (_, i) =>
      motifOf(`slot-${i}`, 'RNG', hash32(`slot-${i}`) >>> 17),
    );
    expect(new Set(slots).size).toBeGreaterThanOrEqual(4);
    expect(new Set(Array.from({ length: 12 }, (_, i) => motifOf('', 'LIVE', i))).size).toBe(3);
    for (const gameId of inhouse) {
      const svg = renderGameArt({ ...art, category: 'INHOUSE', gameId, key: `${gameId}:1` });
      expect(svg).toContain(motifOf(gameId, 'INHOUSE', 0).slice(0, 20));
      expect(svg.length).toBeLessThan(3000);
    }
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
