// node scripts/render-art.mjs <svg> [<svg>…]: renders each SVG artwork (a home banner, say) to the WebP
// the site serves, written beside it (banners/x.svg → banners/x.webp). Only the files named are
// rendered, so the other WebPs stay byte for byte (`apps/server/assets/img/*/*.svg` renders them all).
//
// The SVG is the source people edit; the WebP is what phones download, because painting an SVG costs
// the main thread more than decoding a small raster. Each WebP keeps the pixel size of the WebP it
// replaces (read from its header), or the SVG's width/height when there is none yet, so no layout moves.
// Rendering is Debian's Chromium (CHROMIUM_PATH to use another) through playwright-core: the SVG is drawn
// onto a canvas of that size and encoded with canvas.toDataURL('image/webp', QUALITY). Nothing is
// downloaded; text takes the fonts installed on this machine, as the SVG's font-family lists allow.
//
// Each WebP ends with a chunk of our own, 'SVGS', holding 'sha256:<hex>' of the SVG it was rendered from
// (LF line endings), so a test can tell a WebP that no longer shows its SVG. The WebP format lets an
// extended file carry chunks a reader does not know, and readers skip them; it costs 80 bytes.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** WebP quality: a 750x300 banner stays around 12–16 KB, within the home's first paint budget. */
const QUALITY = 0.82;

/** Width and height of a WebP from its header (lossy VP8, lossless VP8L or extended VP8X); null if none. */
function webpSize(bytes) {
  if (
    bytes.length < 30 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WEBP'
  )
    return null;
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8 ')
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}

/**
 * The WebP with an 'SVGS' chunk naming the SVG's hash appended. Only the extended format (VP8X, what
 * Chromium writes) may carry extra chunks; the RIFF size in the header grows by the chunk's.
 */
function stampSource(webp, svg) {
  if (webp.toString('ascii', 12, 16) !== 'VP8X') throw new Error('expected an extended (VP8X) WebP to stamp');
  // Line endings are normalised so that a checkout writing CRLF reads the same hash.
  const hash = createHash('sha256').update(svg.replace(/\r\n/g, '\n'), 'utf8').digest('hex');
  const text = Buffer.from(`sha256:${hash}`, 'ascii');
  const chunk = Buffer.alloc(8 + text.length + (text.length & 1));
  chunk.write('SVGS', 0, 'ascii');
  chunk.writeUInt32LE(text.length, 4);
  text.copy(chunk, 8);
  const out = Buffer.concat([webp, chunk]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/** The SVG's own pixel size: its width/height attributes, else its viewBox. */
function svgSize(svg) {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attr = (name) => Number(new RegExp(`\\s${name}="([\\d.]+)(?:px)?"`).exec(root)?.[1]);
  const [width, height] = [attr('width'), attr('height')];
  if (width > 0 && height > 0) return { width, height };
  const box = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
  return box ? { width: Number(box[1]), height: Number(box[2]) } : null;
}

async function main(files) {
  if (files.length === 0 || files.some((f) => !f.endsWith('.svg'))) {
    console.error('usage: node scripts/render-art.mjs <svg> [<svg>…]');
    process.exit(2);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    for (const file of files) {
      const svg = readFileSync(file, 'utf8');
      const out = file.replace(/\.svg$/, '.webp');
      const size = (existsSync(out) && webpSize(readFileSync(out))) || svgSize(svg);
      if (!size) throw new Error(`${file}: no size (no WebP beside it, no width/height or viewBox)`);
      const dataUrl = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const img = new Image();
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d').drawImage(img, 0, 0, width, height);
          return canvas.toDataURL('image/webp', quality);
        },
        { svg, ...size, quality: QUALITY },
      );
      if (!dataUrl.startsWith('data:image/webp;base64,'))
        throw new Error(`${file}: this Chromium does not encode WebP`);
      const bytes = stampSource(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), svg);
      writeFileSync(out, bytes);
      console.log(`${out}: ${size.width}x${size.height}, ${(bytes.length / 1024).toFixed(1)} KB`);
    }
  } finally {
    await browser.close();
  }
}

await main(process.argv.slice(2));
