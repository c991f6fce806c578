import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_HOST, imageUrl, pageImageHost, pickImageHost } from './images';

describe('image host', () => {
  it('SHELL-056 picks the host at random from the configured CDN list', () => {
    const cdns = ['/cdn/a', '/cdn/b', '/cdn/c'];
    expect(pickImageHost(cdns, () => 0)).toBe('/cdn/a');
    expect(pickImageHost(cdns, () => 0.5)).toBe('/cdn/b');
    expect(pickImageHost(cdns, () => 0.99)).toBe('/cdn/c');
    const seen = new Set(Array.from({ length: 200 }, () => pickImageHost(cdns)));
    expect(seen).toEqual(new Set(cdns));
  });

  it('SHELL-057 falls back to the default host when none is configured', () => {
    expect(pickImageHost([])).toBe(DEFAULT_IMAGE_HOST);
    expect(pickImageHost(['', ''])).toBe(DEFAULT_IMAGE_HOST);
  });

  it('SHELL-058 icon, flag and provisioning-file URLs are built on the chosen host', () => {
    expect(imageUrl('/cdn/a', 'flags/PH.svg')).toBe('/cdn/a/img/flags/PH.svg');
    expect(imageUrl('https://img.example.com', 'games/slot-1.png')).toBe(
      'https://img.example.com/img/games/slot-1.png',
    );
    expect(imageUrl('/cdn/a', 'https://other.example/x.png')).toBe('https://other.example/x.png');
  });
});

describe('image host chosen by the server for this page', () => {
  const docWith = (content: string | null) => {
    const doc = document.implementation.createHTMLDocument('t');
    if (content !== null) {
      const m = doc.createElement('meta');
      m.name = 'image-host';
      m.content = content;
      doc.head.append(m);
    }
    return doc;
  };

  it('SHELL-056 keeps the server-picked host when it is one of the configured CDNs', () => {
    expect(pageImageHost(['/cdn/a', '/cdn/b/'], docWith('/cdn/b'))).toBe('/cdn/b');
  });

  it('ignores a missing or foreign host (then the client picks at random)', () => {
    expect(pageImageHost(['/cdn/a'], docWith(null))).toBeNull();
    expect(pageImageHost(['/cdn/a'], docWith('https://evil.example'))).toBeNull();
  });
});
