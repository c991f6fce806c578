import { imageUrl } from '@panalo/contract/image-url';

/**
 * A content image's address as the console loads it: a stored path ("banners/summer.webp") is under the
 * site's /img/ on this same server, as the member site resolves it; a full address or an absolute path
 * is used as it is — the contract's one rule (imageUrl), on this server (no image CDN). (The banner
 * editor's preview showed a broken picture for every seeded banner.)
 */
export function imageSrc(path: string): string {
  return imageUrl('', path);
}
