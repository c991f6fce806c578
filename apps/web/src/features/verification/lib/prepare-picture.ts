import {
  jpegName,
  MAX_BYTES,
  needsShrink,
  pictureKind,
  SHRINK_QUALITY,
  shrunkSize,
  signatureOf,
} from '../rules/picture';

/** A picture ready to send, or why it cannot be. */
export type Prepared =
  { ok: true; file: File } | { ok: false; reason: 'notImage' | 'tooLarge' | 'unreadable' };

type DrawTarget = {
  drawImage: (image: CanvasImageSource, x: number, y: number, w: number, h: number) => void;
};

/** The picture decoded by the browser; null where it cannot decode pictures. Rejects when it is not one. */
async function decode(file: File): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return null;
  // Turned upright from the photo's own orientation, as the phone shows it.
  return createImageBitmap(file, { imageOrientation: 'from-image' });
}

/** The picture redrawn at the size asked as a JPEG; null where the browser has no canvas for it. */
async function redraw(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const draw = (ctx: DrawTarget) => ctx.drawImage(bitmap, 0, 0, width, height);
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    draw(ctx);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: SHRINK_QUALITY });
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  draw(ctx);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', SHRINK_QUALITY));
}

const fits = (file: File): Prepared =>
  file.size <= MAX_BYTES ? { ok: true, file } : { ok: false, reason: 'tooLarge' };

async function head(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(0, 4).arrayBuffer());
  } catch {
    return new Uint8Array();
  }
}

/**
 * Readies a chosen picture for sending. Anything that is not a picture is refused here. A photo heavier
 * than about 2 MB, with a side above 2000 px, or in another format than PNG or JPEG (HEIC, WebP… where
 * the browser reads them) is redrawn as a JPEG (quality 0.85) with its longer side at most 2000 px.
 * Where the browser cannot decode or draw, a PNG or JPEG goes as it is: the server reads every byte and
 * keeps the 10 MB limit.
 */
export async function preparePicture(file: File): Promise<Prepared> {
  const kind = pictureKind(file);
  if (kind === 'notImage') return { ok: false, reason: 'notImage' };
  // What the server checks: the bytes, not the name or the type the picker gave.
  const sendable = signatureOf(await head(file)) !== null;
  const bitmap = await decode(file).catch(() => null);
  // Not decoded here: a PNG or JPEG by its bytes goes as it is; a file that claims to be one but is not
  // is refused, and another format could not be turned into one.
  if (bitmap === null)
    return sendable ? fits(file) : { ok: false, reason: kind === 'sendable' ? 'notImage' : 'unreadable' };
  try {
    if (!needsShrink({ size: file.size, sendable }, bitmap.width, bitmap.height)) return fits(file);
    const size = shrunkSize(bitmap.width, bitmap.height);
    const blob = await redraw(bitmap, size.width, size.height).catch(() => null);
    if (blob === null) return sendable ? fits(file) : { ok: false, reason: 'unreadable' };
    // A small photo redrawn may come out heavier: the original then goes, when the server takes it.
    if (sendable && blob.size >= file.size) return fits(file);
    return fits(
      new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }),
    );
  } finally {
    bitmap.close();
  }
}
