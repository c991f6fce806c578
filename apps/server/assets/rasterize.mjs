// Renders the SVG artwork to WebP with Debian's Chromium (no image library needed). The first screen
// shows dozens of images; SVGs are painted on the main thread at the device's pixel ratio, which on a
// phone costs more than decoding a small raster image off the main thread.
// Usage: node apps/server/assets/rasterize.mjs   (writes <name>.webp next to each <name>.svg)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const img = path.join(path.dirname(fileURLToPath(import.meta.url)), 'img');
// Folder → width in pixels of the raster (2x the largest size the app shows it at).
const targets = { banners: 750, categories: 112, teams: 64, brand: 192 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage();
let count = 0;
for (const [folder, width] of Object.entries(targets)) {
  for (const file of readdirSync(path.join(img, folder)).filter((f) => f.endsWith('.svg'))) {
    const svg = readFileSync(path.join(img, folder, file), 'utf8');
    const dataUrl = await page.evaluate(
      async ({ svg, width }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
        await image.decode();
        const height = Math.round((width * image.naturalHeight) / image.naturalWidth);
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d').drawImage(image, 0, 0, width, height);
        return canvas.toDataURL('image/webp', 0.82);
      },
      { svg, width },
    );
    writeFileSync(
      path.join(img, folder, file.replace(/\.svg$/, '.webp')),
      Buffer.from(dataUrl.split(',')[1], 'base64'),
    );
    count++;
  }
}
await browser.close();
console.log(`rasterized ${count} images`);
