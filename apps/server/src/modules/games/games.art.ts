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

// Slots and live tables take one of several motifs by the game's key, so that neighbouring tiles differ.
const VARIANTS: Record<string, string[]> = {
  RNG: [
    MOTIFS.RNG!,
    // cherries
    '<circle cx="60" cy="62" r="14"/><circle cx="90" cy="62" r="14"/><path d="M60 48c4-16 14-24 28-26M90 48c-2-12 0-20-2-26" fill="none" stroke-width="4"/>',
    // a seven
    '<path d="M50 28h50v10L78 78H62l22-38H50z"/>',
    // a bell
    '<path d="M75 24c-16 0-24 14-24 30v12l-8 8h64l-8-8V54c0-16-8-30-24-30z"/><circle cx="75" cy="80" r="6"/>',
    // a diamond
    '<path d="M52 36h46l14 16-37 30-37-30z"/><path d="M38 52h74M62 36l13 46 13-46" fill="none" stroke="BG" stroke-width="2"/>',
  ],
  LIVE: [
    MOTIFS.LIVE!,
    // chips
    '<ellipse cx="75" cy="66" rx="30" ry="10"/><ellipse cx="75" cy="56" rx="30" ry="10"/><ellipse cx="75" cy="46" rx="30" ry="10" fill="BG" stroke-width="4"/>',
    // a card fan
    '<rect x="50" y="28" width="30" height="44" rx="4" transform="rotate(-14 65 50)"/><rect x="70" y="28" width="30" height="44" rx="4" transform="rotate(12 85 50)"/><circle cx="85" cy="50" r="6" fill="BG"/>',
  ],
};

// The in-house games each have their own picture (issue 49 item 6), not the category's.
const GAMES: Record<string, string> = {
  crash:
    '<path d="M32 78C60 76 86 60 104 30" fill="none" stroke-width="6" stroke-linecap="round"/><path d="M98 24l16-6-4 17z"/>',
  dice: '<rect x="34" y="34" width="36" height="36" rx="7" transform="rotate(-10 52 52)"/><rect x="80" y="30" width="36" height="36" rx="7" transform="rotate(8 98 48)"/><g fill="BG"><circle cx="46" cy="46" r="4"/><circle cx="58" cy="58" r="4"/><circle cx="90" cy="40" r="4"/><circle cx="104" cy="54" r="4"/><circle cx="97" cy="47" r="4"/></g>',
  mines:
    '<circle cx="75" cy="56" r="20"/><path d="M75 28v8M75 76v8M47 56h8M95 56h8M55 36l6 6M89 70l6 6M55 76l6-6M89 42l6-6" stroke-width="5" stroke-linecap="round"/><circle cx="68" cy="49" r="5" fill="BG"/>',
  plinko:
    '<g><circle cx="75" cy="28" r="4"/><circle cx="63" cy="42" r="4"/><circle cx="87" cy="42" r="4"/><circle cx="51" cy="56" r="4"/><circle cx="75" cy="56" r="4"/><circle cx="99" cy="56" r="4"/><circle cx="39" cy="70" r="4"/><circle cx="63" cy="70" r="4"/><circle cx="87" cy="70" r="4"/><circle cx="111" cy="70" r="4"/></g><circle cx="81" cy="36" r="7" fill="BG" stroke-width="3"/>',
  baccarat:
    '<rect x="42" y="26" width="34" height="50" rx="5" transform="rotate(-10 59 51)"/><rect x="74" y="26" width="34" height="50" rx="5" transform="rotate(10 91 51)"/><path d="M91 40l8 10-8 10-8-10z" fill="BG"/>',
  'pearl-of-manila':
    '<path d="M38 70c0-26 16-44 37-44s37 18 37 44z"/><circle cx="75" cy="58" r="13" fill="BG"/><circle cx="71" cy="54" r="4"/>',
  'jeepney-gold':
    '<path d="M32 44h66l16 14v14H32z"/><rect x="40" y="48" width="14" height="10" fill="BG"/><rect x="60" y="48" width="14" height="10" fill="BG"/><rect x="80" y="48" width="12" height="10" fill="BG"/><circle cx="50" cy="74" r="8"/><circle cx="98" cy="74" r="8"/><path d="M40 36h50" stroke-width="4"/>',
  'fiesta-fruits':
    '<circle cx="56" cy="60" r="16"/><circle cx="92" cy="60" r="16"/><path d="M74 26c-10 2-16 10-18 20M74 26c10 2 16 10 18 20" fill="none" stroke-width="4"/><path d="M74 26c8-8 18-8 24-4-8 6-16 8-24 4z"/>',
};

/** The motif of a game: its own, else one of its category's by the game's key, else the category's. */
export function motifOf(gameId: string, category: string, key: number): string {
  const own = GAMES[gameId];
  if (own) return own;
  const variants = VARIANTS[category];
  if (variants) return variants[key % variants.length]!;
  return MOTIFS[category] ?? MOTIFS.INHOUSE!;
}

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
  /** The vendor's game code: an in-house game's own picture. */
  gameId?: string;
}) {
  const [c1, c2] = coloursOf(a.colours);
  const h = hash32(a.key);
  const angle = h % 360;
  const shift = (h >>> 9) % 40;
  const motif = motifOf(a.gameId ?? '', a.category, h >>> 17).replaceAll('BG', c1);
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
