import { describe, expect, it } from 'vitest';
import { imageSrc } from './images';

describe('a content image in the console', () => {
  it('loads a stored path from the site’s /img/, anything absolute as it is', () => {
    expect(imageSrc('banners/summer.webp')).toBe('/img/banners/summer.webp');
    expect(imageSrc('/img/uploads/a.png')).toBe('/img/uploads/a.png');
    expect(imageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(imageSrc('//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png');
  });
});
