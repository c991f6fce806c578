/** Images wider or taller than this are scaled down before upload (a phone photo is 4000 px). */
export const COMPRESS_MAX_SIDE = 1600;
/** Images smaller than this are sent as they are. */
export const COMPRESS_ABOVE_BYTES = 600 * 1024;

/**
 * Makes a large photo or screenshot smaller before it is uploaded on mobile data: scaled so its longer
 * side is at most COMPRESS_MAX_SIDE and re-encoded as JPEG. Best effort: a small image, a browser
 * without createImageBitmap or OffscreenCanvas, or a result that is not smaller leaves the file as it
 * was (the server checks every image by its bytes either way).
 */
export async function compressImage(file: File): Promise<File> {
  if (file.size <= COMPRESS_ABOVE_BYTES) return file;
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, COMPRESS_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    if (blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
