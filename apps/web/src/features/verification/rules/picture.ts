import { KYC_MAX_IMAGE_BYTES } from '@panalo/contract/kyc-rules';

// A picture chosen for a document, before it is sent: the server takes PNG or JPG of at most 10 MB and
// reads every byte on a phone's data; a photo above these sizes is made smaller first.

/** A picture heavier than this is made smaller before it travels. */
export const SHRINK_ABOVE_BYTES = 2 * 1024 * 1024;
/** A picture whose longer side is above this many pixels is scaled down to it. */
export const SHRINK_MAX_SIDE = 2000;
/** The JPEG quality of a picture made smaller (text on an ID stays legible). */
export const SHRINK_QUALITY = 0.85;
/** What the server takes as it is. */
export const SENDABLE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];
export const MAX_BYTES = KYC_MAX_IMAGE_BYTES;

/**
 * sendable: PNG or JPG; convertible: another picture format a browser may read (HEIC, WebP…), sent only
 * once redrawn as JPEG; notImage: anything else (a PDF, a video), refused before anything is sent.
 */
export type PictureKind = 'sendable' | 'convertible' | 'notImage';

export function pictureKind(file: { type: string; name: string }): PictureKind {
  const type = file.type.toLowerCase();
  if (SENDABLE_TYPES.includes(type)) return 'sendable';
  if (type.startsWith('image/')) return 'convertible';
  // Some pickers give no type: the name's extension says what the picture claims to be.
  if (type === '') {
    if (/\.(jpe?g|png)$/i.test(file.name)) return 'sendable';
    if (/\.(heic|heif|webp|avif|gif|bmp)$/i.test(file.name)) return 'convertible';
  }
  return 'notImage';
}

/** What a file's first bytes say it is, as the server reads them: PNG, JPEG, or neither. */
export function signatureOf(head: Uint8Array): 'png' | 'jpeg' | null {
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * Whether a picture is redrawn smaller (or as JPEG) before it is sent: it is not a PNG or JPEG by its
 * bytes, it is heavier than SHRINK_ABOVE_BYTES, or its longer side is above SHRINK_MAX_SIDE.
 */
export function needsShrink(file: { size: number; sendable: boolean }, width: number, height: number) {
  return !file.sendable || file.size > SHRINK_ABOVE_BYTES || Math.max(width, height) > SHRINK_MAX_SIDE;
}

/** The dimensions a picture is redrawn at: its longer side at most SHRINK_MAX_SIDE, the ratio kept. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, SHRINK_MAX_SIDE / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The picture's name as a JPEG (photo.heic → photo.jpg). */
export const jpegName = (name: string) => `${name.replace(/\.[^./\\]+$/, '') || 'picture'}.jpg`;
