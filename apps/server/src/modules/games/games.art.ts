// Generated artwork: one small deterministic SVG per game tile and per vendor logo, painted from the
// name, the vendor's two brand colours and the category, so the repository ships no image files for the
// catalogue and every tile has a picture.

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** FNV-1a: a stable 32-bit number from a text, for the per-game variations. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The vendor's colours, or the house green and gold when the stored value is not two #rrggbb. */
export function coloursOf(stored: string): [string, string] {
  const [a, b] = stored.split(',').map((s) => s.trim());
  return a && b && HEX.test(a) && HEX.test(b) ? [a, b] : ['#0f8a5f', '#f5b700'];
}

// A motif per category, drawn in the second colour in the upper part of the tile.
const MOTIFS: Record<string, string> = {
  RNG: '<rect x="30" y="34" width="26" height="34" rx="4"/><rect x="62" y="34" width="26" height="34" rx="4"/><rect x="94" y="34" width="26" height="34" rx="4"/>',
  LIVE: '<circle cx="75" cy="52" r="26" fill="none" stroke-width="6"/><circle cx="75" cy="52" r="6"/>',
  FISH: '<path d="M40 52c18-22 50-22 66 0-16 22-48 22-66 0z"/><path d="M106 52l16-14v28z"/>',
  PVP: '<rect x="44" y="26" width="34" height="48" rx="5" transform="rotate(-12 61 50)"/><rect x="72" y="26" width="34" height="48" rx="5" transform="rotate(10 89 50)"/>',
  SPORTS:
    '<circle cx="75" cy="52" r="26"/><path d="M49 52h52M75 26v52" stroke="BG" stroke-width="3" fill="none"/>',
  ESPORTS:
    '<rect x="38" y="38" width="74" height="32" rx="16"/><circle cx="58" cy="54" r="5" fill="BG"/><circle cx="92" cy="54" r="5" fill="BG"/>',
  COCKFIGHT: '<path d="M52 76c0-26 10-44 30-46l8-8 4 10c10 4 14 14 12 26l-14-4c-6 12-18 20-40 22z"/>',
  INHOUSE: '<path d="M75 22l9 20 22 2-17 14 5 22-19-12-19 12 5-22-17-14 22-2z"/>',
  LOTT: '<circle cx="55" cy="52" r="14"/><circle cx="85" cy="40" r="14"/><circle cx="95" cy="68" r="14"/>',
};

// Splits a name over at most two lines of about 14 characters.
function lines(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  const out: string[] = [''];
  for (const w of words) {
    const cur = out[out.length - 1]!;
    if (cur.length === 0) out[out.length - 1] = w;
    else if (cur.length + 1 + w.length <= 14 || out.length === 2) out[out.length - 1] = `${cur} ${w}`;
    else out.push(w);
  }
  return out.map((l) => (l.length > 18 ? `${l.slice(0, 17)}…` : l));
}

/** A 150×150 game tile. */
export function renderGameArt(a: {
  name: string;
  vendorName: string;
  category: string;
  colours: string;
  key: string;
}) {
  const [c1, c2] = coloursOf(a.colours);
  const h = hash32(a.key);
  const angle = h % 360;
  const shift = (h >>> 9) % 40;
  const motif = (MOTIFS[a.category] ?? MOTIFS.INHOUSE!).replaceAll('BG', c1);
  // A gradient id of its own, so tiles inlined into one page do not share one.
  const id = `g${h.toString(36)}`;
  const text = lines(a.name)
    .map((l, i, all) => `<text x="75" y="${(all.length === 1 ? 112 : 104) + i * 17}">${escapeXml(l)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 150" width="150" height="150" role="img" aria-label="${escapeXml(a.name)}">` +
    `<defs><linearGradient id="${id}" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${c1}"/>` +
    `<stop offset="1" stop-color="${c1}" stop-opacity=".55"/></linearGradient>` +
    `<clipPath id="c${id}"><rect width="150" height="150" rx="14"/></clipPath></defs>` +
    `<rect width="150" height="150" rx="14" fill="url(#${id})"/>` +
    `<circle cx="${20 + shift * 3}" cy="${130 - shift}" r="${30 + (h % 25)}" fill="${c2}" opacity=".18" clip-path="url(#c${id})"/>` +
    `<g fill="${c2}" stroke="${c2}" opacity=".9">${motif}</g>` +
    `<g fill="#fff" font-family="Arial,Helvetica,sans-serif" font-size="14" font-weight="700" text-anchor="middle">${text}</g>` +
    `<text x="75" y="142" fill="#fff" opacity=".75" font-family="Arial,Helvetica,sans-serif" font-size="9" text-anchor="middle">${escapeXml(a.vendorName)}</text>` +
    `</svg>`
  );
}

/** A vendor logo: its code (small) or name (large) on its colours (small 64×32, large 160×64). */
export function renderVendorArt(a: { code: string; name: string; colours: string; large: boolean }) {
  const [c1, c2] = coloursOf(a.colours);
  const [w, hgt] = a.large ? [160, 64] : [64, 32];
  const label = a.large ? a.name : a.code;
  const size = a.large ? Math.min(18, Math.floor(300 / Math.max(label.length, 1))) : 13;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${hgt}" width="${w}" height="${hgt}" role="img" aria-label="${escapeXml(a.name)}">` +
    `<rect width="${w}" height="${hgt}" rx="${hgt / 4}" fill="${c1}"/>` +
    `<text x="${w / 2}" y="${hgt / 2 + size / 3}" fill="${c2}" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" text-anchor="middle">${escapeXml(label)}</text>` +
    `</svg>`
  );
}
