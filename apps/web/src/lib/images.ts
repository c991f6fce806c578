/** Fallback image host when the merchant configured none (spec §4). */
export const DEFAULT_IMAGE_HOST = '';

/** Picks the image host at random from the configured CDN list, else the default (SHELL-056/057). */
export function pickImageHost(cdns: readonly string[], random: () => number = Math.random): string {
  const usable = cdns.filter((c) => typeof c === 'string' && c.length > 0);
  if (usable.length === 0) return DEFAULT_IMAGE_HOST;
  return (usable[Math.floor(random() * usable.length)] ?? usable[0] ?? DEFAULT_IMAGE_HOST).replace(
    /\/+$/,
    '',
  );
}

/** Builds an image URL on the chosen host; absolute and data URLs pass through (SHELL-058). */
export { imageUrl } from '@panalo/contract/image-url';

/**
 * The host the server picked for this page load (meta image-host), when it is one of the configured
 * CDNs: the images it told the browser to preload then come from the same place.
 */
export function pageImageHost(cdns: readonly string[], doc: Document = document): string | null {
  const chosen = doc.querySelector('meta[name="image-host"]')?.getAttribute('content');
  if (chosen === null || chosen === undefined) return null;
  const known = cdns.map((c) => c.replace(/\/+$/, ''));
  return known.includes(chosen) ? chosen : null;
}
