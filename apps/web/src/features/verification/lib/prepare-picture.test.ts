import { afterEach, describe, expect, it, vi } from 'vitest';
import { preparePicture } from './prepare-picture';

afterEach(() => vi.unstubAllGlobals());

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const fileOf = (head: number[], size: number, name: string, type: string) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
};

/** A browser that decodes every picture at `width`×`height` and draws into a canvas giving `out` bytes. */
function browser(width: number, height: number, out: number) {
  const drawn: { w: number; h: number; type?: string; quality?: number }[] = [];
  const close = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return {
          drawImage: (_i: unknown, _x: number, _y: number, w: number, h: number) => drawn.push({ w, h }),
        };
      }
      async convertToBlob(o: { type: string; quality: number }) {
        Object.assign(drawn[drawn.length - 1]!, o);
        return new Blob([new Uint8Array(out)], { type: o.type });
      }
    },
  );
  return { drawn, close };
}

describe('preparePicture', () => {
  it('a phone photo of 4000×3000 and 5 MB is redrawn as a JPEG of 2000×1500 at quality 0.85', async () => {
    const { drawn, close } = browser(4000, 3000, 600_000);
    const r = await preparePicture(fileOf(JPEG, 5 * 1024 * 1024, 'IMG_1.jpg', 'image/jpeg'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.type).toBe('image/jpeg');
    expect(r.file.name).toBe('IMG_1.jpg');
    expect(r.file.size).toBe(600_000);
    expect(drawn).toEqual([{ w: 2000, h: 1500, type: 'image/jpeg', quality: 0.85 }]);
    expect(close).toHaveBeenCalled();
  });

  it('a small PNG goes as it is', async () => {
    const { drawn } = browser(1200, 900, 1);
    const png = fileOf(PNG, 300_000, 'id.png', 'image/png');
    expect(await preparePicture(png)).toEqual({ ok: true, file: png });
    expect(drawn).toEqual([]);
  });

  it('a HEIC photo the browser reads is sent as a JPEG', async () => {
    browser(3024, 4032, 400_000);
    const r = await preparePicture(fileOf([0, 0, 0, 0x18], 1_000_000, 'IMG_2.HEIC', 'image/heic'));
    expect(r).toMatchObject({ ok: true, file: { name: 'IMG_2.jpg', type: 'image/jpeg' } });
  });

  it('a document that is not a picture is refused before anything else', async () => {
    const { drawn } = browser(100, 100, 1);
    expect(await preparePicture(fileOf([0x25, 0x50, 0x44, 0x46], 10, 'id.pdf', 'application/pdf'))).toEqual({
      ok: false,
      reason: 'notImage',
    });
    expect(drawn).toEqual([]);
  });

  it('without a decoder: PNG or JPEG bytes go as they are, a PDF named .jpg is refused, over 10 MB too', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const jpg = fileOf(JPEG, 1000, 'a.jpg', 'image/jpeg');
    expect(await preparePicture(jpg)).toEqual({ ok: true, file: jpg });
    expect(await preparePicture(fileOf([0x25, 0x50, 0x44, 0x46], 10, 'fake.jpg', 'image/jpeg'))).toEqual({
      ok: false,
      reason: 'notImage',
    });
    expect(await preparePicture(fileOf([0, 0, 0, 0x18], 10, 'a.heic', 'image/heic'))).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    expect(await preparePicture(fileOf(JPEG, 10 * 1024 * 1024 + 1, 'big.jpg', 'image/jpeg'))).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
  });

  it('a picture the browser cannot decode: refused unless its bytes are PNG or JPEG', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new DOMException('bad', 'InvalidStateError'))),
    );
    expect(await preparePicture(fileOf([1, 2, 3, 4], 10, 'x.png', 'image/png'))).toEqual({
      ok: false,
      reason: 'notImage',
    });
    const png = fileOf(PNG, 10, 'y.png', 'image/png');
    expect(await preparePicture(png)).toEqual({ ok: true, file: png });
  });
});
