import { crc32, deflateSync } from 'node:zlib';

/** Test images made byte by byte (no image library): a PNG and a baseline JPEG, with optional extras. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A grey PNG of `width` × `height` (8-bit greyscale); `text` adds a tEXt chunk, `trailing` bytes after IEND. */
export function pngImage(
  o: { width?: number; height?: number; text?: string; trailing?: Buffer } = {},
): Buffer {
  const width = o.width ?? 4;
  const height = o.height ?? 4;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(Math.min(height, 64) * (Math.min(width, 64) + 1), 0x80);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(o.text ? [pngChunk('tEXt', Buffer.from(`Comment\0${o.text}`, 'latin1'))] : []),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
    ...(o.trailing ? [o.trailing] : []),
  ]);
}

/** An 8 × 8 grey baseline JPEG; `exif` adds an APP1 segment holding that text, `comment` a COM one. */
export function jpegImage(o: { exif?: string; comment?: string; trailing?: Buffer } = {}): Buffer {
  const seg = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const app0 = seg(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const dqt = seg(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const sof = seg(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]));
  const table = (cls: number) =>
    Buffer.concat([Buffer.from([cls]), Buffer.from([1, ...new Array<number>(15).fill(0)]), Buffer.from([0])]);
  const dht = seg(0xc4, Buffer.concat([table(0x00), table(0x10)]));
  const sos = seg(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    ...(o.exif ? [seg(0xe1, Buffer.from(`Exif\0\0${o.exif}`, 'latin1'))] : []),
    ...(o.comment ? [seg(0xfe, Buffer.from(o.comment, 'latin1'))] : []),
    dqt,
    sof,
    dht,
    sos,
    Buffer.from([0x3f]), // DC 0, then end of block
    Buffer.from([0xff, 0xd9]),
    ...(o.trailing ? [o.trailing] : []),
  ]);
}

/** The first bytes of a zip archive (a ".jpg" that is not one). */
export const ZIP_BYTES = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 0x20)]);
/** An SVG with a script, the classic polyglot upload. */
export const SVG_BYTES = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** A 1 × 1 lossless WebP (the bitstream browsers use to detect support). */
const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A 1 × 1 WebP; `exif` wraps it in an extended (VP8X) file with an EXIF chunk holding that text. */
export function webpImage(o: { exif?: string; trailing?: Buffer } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const vp8l = WEBP_1X1.subarray(12);
  let body = vp8l;
  if (o.exif !== undefined) {
    const x = Buffer.alloc(10);
    x[0] = 0x08; // EXIF present
    x.writeUIntLE(0, 4, 3); // canvas 1 × 1 (stored minus one)
    x.writeUIntLE(0, 7, 3);
    body = Buffer.concat([chunk('VP8X', x), vp8l, chunk('EXIF', Buffer.from(o.exif, 'latin1'))]);
  }
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body, ...(o.trailing ? [o.trailing] : [])]);
}

/** A multipart body as a browser's FormData would send it. */
export function multipartForm(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; bytes: Buffer }[],
) {
  const boundary = `----panalo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\ncontent-type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
