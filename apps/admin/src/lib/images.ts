/**
 * A content image's address as the console loads it: a stored path ("banners/summer.webp") is under the
 * site's /img/ on this same server, as the member site resolves it; a full address or an absolute path
 * is used as it is. (The banner editor's preview showed a broken picture for every seeded banner.)
 */
export function imageSrc(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('/')) return path;
  return `/img/${path}`;
}
