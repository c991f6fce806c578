/**
 * Uploaded images checked by their content, never by their name or declared type (issue 19): a PNG, a
 * JPEG or a WebP is parsed chunk by chunk (segment by segment) and written again without what it need not carry —
 * text, EXIF (the phone's position), XMP, comments, ICC profiles and anything after its end (a zip or a
 * script appended to make a polyglot). What does not parse as one of them is refused.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The file extension a checked image is stored under. */
export const IMAGE_EXT: Record<ImageType, 'png' | 'jpg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export interface CheckedImage<T extends ImageType = ImageType> {
  type: T;
  width: number;
  height: number;
  /** The image without metadata or trailing bytes. */
  bytes: Buffer;
}

export class ImageRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ImageRejected';
  }
}

/** The largest side accepted: a small file that decodes to a huge bitmap is refused. */
export const MAX_SIDE = 10_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The PNG chunks kept: the image itself and how its colours are meant. */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'pHYs',
  'bKGD',
]);

function checkPng(b: Buffer): CheckedImage {
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  let first = true;
  for (;;) {
    if (at + 12 > b.length) throw new ImageRejected('png_truncated');
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new ImageRejected('png_chunk');
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length) throw new ImageRejected('png_truncated');
    if (first) {
      if (type !== 'IHDR' || length !== 13) throw new ImageRejected('png_header');
      width = b.readUInt32BE(at + 8);
      height = b.readUInt32BE(at + 12);
      first = false;
    }
    if (type === 'IDAT') sawData = true;
    if (PNG_KEEP.has(type)) parts.push(b.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  if (!sawData) throw new ImageRejected('png_no_data');
  return { type: 'image/png', width, height, bytes: Buffer.concat(parts) };
}

/** Markers that stand alone (no length): TEM and the restart markers. */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);
/** Start-of-frame markers (not DHT, JPG, DAC): where the size is. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** The JPEG segments dropped: APP1…APP15 (EXIF, XMP, ICC, vendors') and comments. */
const dropped = (m: number) => (m >= 0xe1 && m <= 0xef) || m === 0xfe;

function checkJpeg(b: Buffer): CheckedImage {
  const parts: Buffer[] = [b.subarray(0, 2)];
  let at = 2;
  let width = 0;
  let height = 0;
  let scanned = false;
  for (;;) {
    // Fill bytes (0xFF repeated) may precede a marker.
    if (at + 2 > b.length || b[at] !== 0xff) throw new ImageRejected('jpeg_segment');
    while (b[at + 1] === 0xff && at + 2 < b.length) at++;
    const marker = b[at + 1]!;
    if (marker === 0xd9) {
      parts.push(b.subarray(at, at + 2));
      break;
    }
    if (standalone(marker)) {
      parts.push(b.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > b.length) throw new ImageRejected('jpeg_truncated');
    const length = b.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) throw new ImageRejected('jpeg_truncated');
    if (isSof(marker)) {
      if (length < 7) throw new ImageRejected('jpeg_frame');
      height = b.readUInt16BE(at + 5);
      width = b.readUInt16BE(at + 7);
    }
    if (!dropped(marker)) parts.push(b.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      // The entropy-coded scan runs to the next marker that is not a stuffed 0xFF00 or a restart.
      scanned = true;
      let i = at;
      while (
        i + 1 < b.length &&
        !(b[i] === 0xff && b[i + 1] !== 0x00 && !(b[i + 1]! >= 0xd0 && b[i + 1]! <= 0xd7))
      )
        i++;
      if (i + 1 >= b.length) throw new ImageRejected('jpeg_truncated');
      parts.push(b.subarray(at, i));
      at = i;
    }
  }
  if (!scanned || width === 0 || height === 0) throw new ImageRejected('jpeg_no_data');
  return { type: 'image/jpeg', width, height, bytes: Buffer.concat(parts) };
}

/** The WebP chunks kept: the bitstreams, alpha and animation; ICC, EXIF, XMP and unknown ones dropped. */
const WEBP_KEEP = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);
/** VP8X flags that announce dropped chunks: ICC profile, EXIF and XMP. */
const VP8X_METADATA = 0x20 | 0x08 | 0x04;

function checkWebp(b: Buffer): CheckedImage {
  // RIFF size counts from byte 8; what lies beyond it (an appended zip) is not part of the image.
  const riffEnd = 8 + b.readUInt32LE(4);
  if (riffEnd > b.length || riffEnd < 20) throw new ImageRejected('webp_truncated');
  const parts: Buffer[] = [];
  let at = 12;
  let width = 0;
  let height = 0;
  let sawData = false;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new ImageRejected('webp_truncated');
    const type = b.toString('latin1', at, at + 4);
    const length = b.readUInt32LE(at + 4);
    const data = at + 8;
    const end = data + length + (length % 2);
    if (!/^[A-Z0-9 ]{4}$/i.test(type) || data + length > riffEnd) throw new ImageRejected('webp_chunk');
    if (at === 12 && type !== 'VP8 ' && type !== 'VP8L' && type !== 'VP8X')
      throw new ImageRejected('webp_header');
    if (type === 'VP8X') {
      if (at !== 12 || length < 10) throw new ImageRejected('webp_header');
      width = b.readUIntLE(data + 4, 3) + 1;
      height = b.readUIntLE(data + 7, 3) + 1;
      const chunk = Buffer.from(b.subarray(at, Math.min(end, riffEnd)));
      chunk[8] = chunk[8]! & ~VP8X_METADATA;
      parts.push(chunk);
    } else if (WEBP_KEEP.has(type)) {
      if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') sawData = true;
      if (type === 'VP8 ' && at === 12) {
        if (length < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a)
          throw new ImageRejected('webp_frame');
        width = b.readUInt16LE(data + 6) & 0x3fff;
        height = b.readUInt16LE(data + 8) & 0x3fff;
      }
      if (type === 'VP8L' && at === 12) {
        if (length < 5 || b[data] !== 0x2f) throw new ImageRejected('webp_frame');
        const bits = b.readUInt32LE(data + 1);
        width = (bits & 0x3fff) + 1;
        height = ((bits >>> 14) & 0x3fff) + 1;
      }
      parts.push(b.subarray(at, Math.min(end, riffEnd)));
    }
    at = end;
  }
  if (!sawData) throw new ImageRejected('webp_no_data');
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return { type: 'image/webp', width, height, bytes: Buffer.concat([head, body]) };
}

const isWebp = (b: Buffer) =>
  b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP';

/**
 * The image in `b` if it is a well-formed PNG, JPEG or WebP of `allowed` types and sides within MAX_SIDE,
 * written again without metadata; else ImageRejected with the reason.
 */
export function checkImage<T extends ImageType = 'image/png' | 'image/jpeg'>(
  b: Buffer,
  allowed: readonly T[] = ['image/png', 'image/jpeg'] as T[],
): CheckedImage<T> {
  let image: CheckedImage;
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) image = checkPng(b);
  else if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) image = checkJpeg(b);
  else if (isWebp(b)) image = checkWebp(b);
  else throw new ImageRejected('not_an_image');
  if (!(allowed as readonly ImageType[]).includes(image.type)) throw new ImageRejected('type_not_allowed');
  if (image.width < 1 || image.height < 1 || image.width > MAX_SIDE || image.height > MAX_SIDE)
    throw new ImageRejected('image_size');
  return image as CheckedImage<T>;
}
