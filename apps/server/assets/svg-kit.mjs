// Small helpers shared by the image generator: number formatting, stars and the SVG envelope.

/** Rounds for compact, stable output (the same input always writes the same bytes). */
export const n = (x) => String(Math.round(x * 100) / 100);

/**
 * Points of a regular star: `points` tips at radius r, inner corners at radius inner; the first tip
 * points at `angleDeg` (0 = straight up, clockwise).
 */
export function starPoints(cx, cy, r, { points = 5, inner = r * 0.382, angleDeg = 0 } = {}) {
  const out = [];
  for (let i = 0; i < points * 2; i++) {
    const rad = i % 2 === 0 ? r : inner;
    const a = ((angleDeg + (i * 180) / points) * Math.PI) / 180;
    out.push(`${n(cx + rad * Math.sin(a))},${n(cy - rad * Math.cos(a))}`);
  }
  return out.join(' ');
}

export const star = (cx, cy, r, fill, opts) =>
  `<polygon fill="${fill}" points="${starPoints(cx, cy, r, opts)}"/>`;

/** The angle (degrees, 0 = up, clockwise) from one point towards another. */
export const bearing = (x1, y1, x2, y2) => (Math.atan2(x2 - x1, -(y2 - y1)) * 180) / Math.PI;

/** An SVG document of the given view box. */
export const svg = (w, h, body, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"${extra}>${body}</svg>\n`;

export const rect = (x, y, w, h, fill, more = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${more}/>`;

export const circle = (cx, cy, r, fill, more = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${more}/>`;

/** Horizontal stripes of relative heights over a w x h field. */
export function hstripes(w, h, stripes) {
  const total = stripes.reduce((s, [, part]) => s + part, 0);
  let y = 0;
  return stripes
    .map(([fill, part]) => {
      const height = (h * part) / total;
      const r = rect(0, y, w, height + 0.5, fill);
      y += height;
      return r;
    })
    .join('');
}

/** Vertical stripes of relative widths over a w x h field. */
export function vstripes(w, h, stripes) {
  const total = stripes.reduce((s, [, part]) => s + part, 0);
  let x = 0;
  return stripes
    .map(([fill, part]) => {
      const width = (w * part) / total;
      const r = rect(x, 0, width + 0.5, h, fill);
      x += width;
      return r;
    })
    .join('');
}

/** Escapes text placed inside an SVG element. */
export const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
