import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

// 5x7 bitmap digits: each row is 5 bits, most significant bit on the left.
const DIGITS: Record<string, number[]> = {
  '0': [0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e],
  '1': [0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e],
  '2': [0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f],
  '3': [0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e],
  '4': [0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02],
  '5': [0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e],
  '6': [0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e],
  '7': [0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
  '8': [0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e],
  '9': [0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c],
};

export const CAPTCHA_WIDTH = 132;
export const CAPTCHA_HEIGHT = 44;

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB image encoded as PNG (8-bit, no filter). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Draws the digits with per-glyph jitter, speckle and two crossing lines: readable by people, a
 * nuisance for naive OCR. Randomness from the CSPRNG.
 */
export function drawCaptcha(answer: string): Buffer {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const px = new Uint8Array(w * h * 3).fill(245);
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const i = (y * w + x) * 3;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  };
  for (let n = 0; n < 260; n++)
    set(randomInt(w), randomInt(h), 150 + randomInt(90), 150 + randomInt(90), 150 + randomInt(90));
  const scale = 4;
  const step = Math.floor((w - 8) / answer.length);
  [...answer].forEach((d, i) => {
    const rows = DIGITS[d] ?? DIGITS['0']!;
    const ox = 6 + i * step + randomInt(-2, 3);
    const oy = 6 + randomInt(-3, 4);
    const colour = [randomInt(10, 90), randomInt(40, 110), randomInt(60, 140)] as const;
    rows.forEach((bits, ry) => {
      for (let rx = 0; rx < 5; rx++) {
        if (!((bits >> (4 - rx)) & 1)) continue;
        const skew = Math.round((ry - 3) * 0.4);
        for (let sy = 0; sy < scale; sy++)
          for (let sx = 0; sx < scale; sx++)
            set(ox + rx * scale + sx + skew, oy + ry * scale + sy, ...colour);
      }
    });
  });
  for (let line = 0; line < 2; line++) {
    let y = randomInt(8, h - 8);
    const dy = (randomInt(-10, 11) / 10) * 0.4;
    for (let x = 0; x < w; x++) {
      set(x, Math.round(y), 90, 90, 120);
      y += dy;
    }
  }
  return encodePng(w, h, px);
}
