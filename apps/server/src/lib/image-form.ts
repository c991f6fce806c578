import type {} from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';
import type { FileStore } from './file-store';
import { checkImage, ImageRejected, type CheckedImage } from './image-check';

export type FormImage = CheckedImage<'image/png' | 'image/jpeg'>;

interface ImageFormLimits {
  maxImages: number;
  maxImageBytes: number;
  imageTypes: readonly ('image/png' | 'image/jpeg')[];
}

const refuse = (code: string, message: string, value?: Record<string, unknown>) =>
  new DomainError(code, 400, message, value);

/** @fastify/multipart's limits for a form of text fields and up to `maxImages` images. */
export const imageFormLimits = (l: ImageFormLimits) => ({
  limits: {
    fileSize: l.maxImageBytes,
    // One more than allowed: the extra one arrives and is refused with our own message.
    files: l.maxImages + 1,
    fields: 8,
    fieldSize: 16 * 1024,
    parts: 12,
  },
});

/** Multipart's own refusals, as message keys. */
function uploadError(err: unknown, l: ImageFormLimits): DomainError | null {
  const code = (err as { code?: string } | null)?.code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return refuse('upload_too_large', 'An image is too large', {
      maxBytes: l.maxImageBytes,
      maxMb: Math.round(l.maxImageBytes / 1048576),
    });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return refuse('upload_too_many', `At most ${l.maxImages} images`, { max: l.maxImages });
  if (code.startsWith('FST_')) return refuse('upload_invalid', 'The upload could not be read');
  return null;
}

/**
 * Reads a multipart/form-data request of text fields and images (field `images`): each image read whole
 * (within the size limit), checked by its bytes (png or jpg; anything else refused) and written again
 * without metadata (checkImage); more than `maxImages` refused; a text field holding NUL refused.
 */
export async function readImageForm(
  req: FastifyRequest,
  l: ImageFormLimits,
): Promise<{ fields: Record<string, string>; images: FormImage[] }> {
  const { fields, images } = await readForm(req, l, (name) => name === 'images');
  return { fields, images: images.map((i) => i.image) };
}

/**
 * The same for a form whose images each have their own field (`slots`: an ID's front, its back, a
 * selfie): one image per field, checked as above; files in other fields ignored.
 */
export async function readSlotImageForm<S extends string>(
  req: FastifyRequest,
  l: ImageFormLimits,
  slots: readonly S[],
): Promise<{ fields: Record<string, string>; images: Partial<Record<S, FormImage>> }> {
  const { fields, images } = await readForm(req, l, (name) => (slots as readonly string[]).includes(name));
  const bySlot: Partial<Record<S, FormImage>> = {};
  for (const i of images) {
    if (bySlot[i.field as S]) throw refuse('upload_too_many', 'One image per field', { field: i.field });
    bySlot[i.field as S] = i.image;
  }
  return { fields, images: bySlot };
}

async function readForm(
  req: FastifyRequest,
  l: ImageFormLimits,
  accept: (fieldname: string) => boolean,
): Promise<{ fields: Record<string, string>; images: { field: string; image: FormImage }[] }> {
  if (!req.isMultipart()) throw refuse('upload_invalid', 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  const images: { field: string; image: FormImage }[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!accept(part.fieldname)) continue;
        if (images.length >= l.maxImages)
          throw refuse('upload_too_many', `At most ${l.maxImages} images`, { max: l.maxImages });
        try {
          images.push({ field: part.fieldname, image: checkImage(bytes, l.imageTypes) });
        } catch (err) {
          if (err instanceof ImageRejected)
            throw refuse('upload_not_image', 'Each image must be a png or jpg picture', {
              image: images.length + 1,
              field: part.fieldname,
              reason: err.reason,
            });
          throw err;
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err, l) ?? err;
  }
  if (Object.values(fields).some((v) => v.includes('\u0000')))
    throw refuse('text_invalid_characters', 'The text holds characters that are not allowed');
  return { fields, images };
}

/**
 * Stores checked images (before the rows that name them are written) and hands their keys to `write`;
 * when `write` fails, the files it would have named are removed again, so a refusal leaves nothing.
 */
export async function withStoredImages<T>(
  files: FileStore,
  folder: string,
  images: FormImage[],
  write: (keys: string[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const img of images)
      keys.push(await files.put(folder, img.type === 'image/png' ? 'png' : 'jpg', img.bytes));
    return await write(keys);
  } catch (err) {
    await Promise.all(keys.map((k) => files.remove(k).catch(() => undefined)));
    throw err;
  }
}

/** Sends a stored image to whoever may see it: inline, its type, cached privately for an hour. */
export const sendImage = (reply: FastifyReply, img: { bytes: Buffer; type: string }) =>
  reply
    .type(img.type)
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .send(img.bytes);
