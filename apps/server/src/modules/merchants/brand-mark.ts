import type { Theme } from '@panalo/contract/merchant';

/** The wordmark and icon a brand shows until its own are uploaded: its name, drawn by the server. */
export const GENERATED_LOGO = '/api/site/logo.svg';
export const GENERATED_ICON = '/api/site/icon.svg';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The brand's name on the header's colours, 56 high as the demo brands' logos and as wide as the name
 * needs (a bold system font runs about 0.62 em a character).
 */
export function wordmarkSvg(name: string, theme: Pick<Theme, 'headerText' | 'accent'>): string {
  const size = 20;
  const width = 36 + Math.ceil([...name].length * size * 0.62) + 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 56" width="${width}" height="56" role="img" aria-label="${escapeXml(name)}">
  <circle cx="18" cy="28" r="11" fill="${theme.accent}"/>
  <text x="36" y="35" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="${theme.headerText}">${escapeXml(name)}</text>
</svg>`;
}

/** The brand's initial on its primary colour, for the installed app's icon. */
export function iconSvg(name: string, theme: Pick<Theme, 'primary' | 'primaryText'>): string {
  const initial = escapeXml([...name.trim()][0]?.toUpperCase() ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="96" fill="${theme.primary}"/>
  <text x="256" y="340" text-anchor="middle" font-family="system-ui, sans-serif" font-size="280" font-weight="700" fill="${theme.primaryText}">${initial}</text>
</svg>`;
}

/** A brand's uploaded app icon and its type, or null (then the icon is drawn from its name). */
export function uploadedIcon(settings: {
  appIcon?: { url: string; size: number };
}): { href: string; type: string; size: number } | null {
  const icon = settings.appIcon;
  if (!icon) return null;
  return { href: icon.url, type: icon.url.endsWith('.png') ? 'image/png' : 'image/jpeg', size: icon.size };
}
