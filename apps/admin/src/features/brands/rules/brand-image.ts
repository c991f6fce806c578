import { BRAND_ICON_LIMITS, BRAND_LOGO_LIMITS } from '@panalo/contract/provider-rules';

// A brand's pictures uploaded on its page: the logo (its member site's header) and the app icon (the
// installed site's and the browser tab's). What the server would refuse of a picked file, as far as the
// browser can tell before sending it: its type, its size and its sides (the server checks the bytes again).

export type BrandImageKind = 'logo' | 'icon';

export const IMAGE_LIMITS = { logo: BRAND_LOGO_LIMITS, icon: BRAND_ICON_LIMITS } as const;

/** A byte count as the rules state it: '1 MB', '512 KB'. */
export const byteText = (bytes: number): string =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;

/**
 * The text key (`brand.image.problem.*`) of what is wrong with a picked picture, or null when it may be
 * sent. `sides` is null when the browser could not read them (the server then judges alone).
 */
export function imageProblem(
  kind: BrandImageKind,
  file: { type: string; size: number },
  sides: { width: number; height: number } | null,
): string | null {
  const limits = IMAGE_LIMITS[kind];
  const key = (k: string) => `brand.image.problem.${k}`;
  if (!(limits.imageTypes as readonly string[]).includes(file.type)) return key('type');
  if (file.size > limits.maxImageBytes) return key('bytes');
  if (!sides) return null;
  if (kind === 'icon') {
    if (sides.width !== sides.height) return key('square');
    if (sides.width < BRAND_ICON_LIMITS.minSide) return key('small');
  }
  if (Math.max(sides.width, sides.height) > limits.maxSide) return key('large');
  return null;
}
