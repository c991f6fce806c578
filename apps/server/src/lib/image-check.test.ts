import { describe, expect, it } from 'vitest';
import { jpegImage, pngImage, SVG_BYTES, webpImage, ZIP_BYTES } from '../test-support/images';
import { checkImage, ImageRejected } from './image-check';

const reason = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ImageRejected) return e.reason;
    throw e;
  }
  return 'accepted';
};

describe('uploaded images are checked by content and stripped of metadata', () => {
  it('a PNG keeps its pixels and loses its text chunks and what follows its end', () => {
    const png = pngImage({ width: 4, height: 3, text: 'GPS 14.5995 N 120.9842 E', trailing: ZIP_BYTES });
    const out = checkImage(png);
    expect(out).toMatchObject({ type: 'image/png', width: 4, height: 3 });
    expect(out.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(out.bytes.includes(Buffer.from('PK'))).toBe(false);
    expect(out.bytes).toEqual(pngImage({ width: 4, height: 3 }));
  });

  it('a JPEG loses its EXIF, its comments and what follows its end; its size is read from the frame', () => {
    const jpg = jpegImage({ exif: 'GPS 14.5995 N', comment: 'taken at home', trailing: ZIP_BYTES });
    const out = checkImage(jpg);
    expect(out).toMatchObject({ type: 'image/jpeg', width: 8, height: 8 });
    expect(out.bytes).toEqual(jpegImage());
    expect(checkImage(out.bytes).bytes).toEqual(out.bytes); // stable
  });

  it('a WebP loses its EXIF chunk (and the flag announcing it) and what follows its end', () => {
    const all = ['image/png', 'image/jpeg', 'image/webp'] as const;
    const plain = checkImage(webpImage(), all);
    expect(plain).toMatchObject({ type: 'image/webp', width: 1, height: 1 });
    expect(plain.bytes).toEqual(webpImage());
    const out = checkImage(webpImage({ exif: 'GPS 14.5995 N', trailing: ZIP_BYTES }), all);
    expect(out).toMatchObject({ type: 'image/webp', width: 1, height: 1 });
    expect(out.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(out.bytes.includes(Buffer.from('PK'))).toBe(false);
    expect(out.bytes.readUInt32LE(4)).toBe(out.bytes.length - 8);
    expect(out.bytes[20]! & 0x08).toBe(0); // VP8X no longer announces EXIF
    expect(checkImage(out.bytes, all).bytes).toEqual(out.bytes);
    // Not asked for (feedback takes png and jpg only), or cut short: refused.
    expect(reason(() => checkImage(webpImage()))).toBe('type_not_allowed');
    expect(reason(() => checkImage(webpImage().subarray(0, 20), all))).toBe('webp_truncated');
  });

  it('a zip named .jpg, an SVG with a script, a truncated file, a bitmap too large and a type not allowed are refused', () => {
    expect(reason(() => checkImage(ZIP_BYTES))).toBe('not_an_image');
    expect(reason(() => checkImage(SVG_BYTES))).toBe('not_an_image');
    expect(reason(() => checkImage(Buffer.alloc(0)))).toBe('not_an_image');
    const png = pngImage();
    expect(reason(() => checkImage(png.subarray(0, png.length - 20)))).toBe('png_truncated');
    const jpg = jpegImage();
    expect(reason(() => checkImage(jpg.subarray(0, 30)))).toBe('jpeg_truncated');
    expect(reason(() => checkImage(pngImage({ width: 20_000, height: 2 })))).toBe('image_size');
    expect(reason(() => checkImage(jpg, ['image/png']))).toBe('type_not_allowed');
  });
});
