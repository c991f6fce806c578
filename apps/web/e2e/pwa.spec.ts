import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type Page } from 'playwright-core';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

/** Follows the page's own <link rel="manifest"> from inside the page, so the Host is the page's. */
async function pageManifest(page: Page) {
  return page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
    const res = await fetch(href);
    const manifest = (await res.json()) as Manifest;
    const icons = await Promise.all(
      manifest.icons.map(async (i) => {
        const r = await fetch(new URL(i.src, href));
        return { status: r.status, type: r.headers.get('content-type') ?? '' };
      }),
    );
    return { href, status: res.status, type: res.headers.get('content-type') ?? '', manifest, icons };
  });
}

describe.skipIf(!hasChromium)('progressive web app in Chromium', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => j?.close());

  it('the manifest link resolves and names the merchant (panalo on localhost)', async () => {
    const { page, url, context } = await j.newPage();
    await page.goto(url('/m/home'));
    await page.getByTestId('home-screen').waitFor();
    const m = await pageManifest(page);
    expect(m.href).toMatch(/\/api\/site\/manifest\.webmanifest$/);
    expect(m.status).toBe(200);
    expect(m.type).toContain('application/manifest+json');
    expect(m.manifest).toMatchObject({
      name: 'Panalo',
      short_name: 'Panalo',
      display: 'standalone',
      theme_color: '#0b6b49',
    });
    expect(m.manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    expect(m.icons.every((i) => i.status === 200 && i.type.includes('image/'))).toBe(true);

    // Chromium itself finds and parses the manifest without errors (what installability relies on).
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.url).toBe(m.href);
    expect(parsed.errors).toEqual([]);
  });

  it('on luzon.localhost the manifest names Luzon Palace with its own colours', async () => {
    const { page, url } = await j.newPage({ host: 'luzon.localhost' });
    await page.goto(url('/m/home'));
    await page.getByTestId('home-screen').waitFor();
    const m = await pageManifest(page);
    expect(m.status).toBe(200);
    expect(m.manifest.name).toBe('Luzon Palace');
    expect(m.manifest.short_name).toBe('Luzon Palace');
    expect(m.manifest.theme_color).toBe('#1b1329');
    expect(m.manifest.icons.length).toBeGreaterThan(0);
    expect(m.icons.every((i) => i.status === 200)).toBe(true);
  });

  it('the service worker registers for the whole site and starts the shell offline', async () => {
    // The harness blocks service workers so that journeys stay independent; this one needs its own.
    const context = await j.browser.newContext({
      ...devices['iPhone 12'],
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    try {
      const page = await context.newPage();
      await page.goto(`http://localhost:${j.port}/m/home`);
      await page.getByTestId('home-screen').waitFor();
      const sw = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return { scope: reg.scope, script: reg.active?.scriptURL ?? '' };
      });
      expect(sw.scope).toBe(`http://localhost:${j.port}/`);
      expect(sw.script).toBe(`http://localhost:${j.port}/sw.js`);

      // Precached shell: with the network gone a reload still gets the app's page, not the browser's error.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      const res = await page.reload();
      expect(res?.status() ?? 200).toBe(200);
      await page.locator('#root > *').first().waitFor();
      expect(await page.title()).not.toBe('');
    } finally {
      await context.close();
    }
  });
});
