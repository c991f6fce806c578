import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/test-app';
import { startPaymentSimulator } from '../../apps/server/src/modules/payments/payments.setup';
import type { PaySim } from '../../apps/server/src/modules/payments/paysim/paysim.server';
import { startVendorSimulator } from '../../apps/server/src/modules/vendor-sim/vendor-sim.setup';
import type { VendorSim } from '../../apps/server/src/modules/vendor-sim/vendor-sim.server';
import { startHub88 } from '../../apps/server/src/modules/hub88/hub88.setup';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webDist = process.env.PANALO_WEB_DIST ?? path.resolve(here, '../../apps/web/dist');
/** The operator console's build (npm test builds it too). */
export const adminDist = process.env.PANALO_ADMIN_DIST ?? path.resolve(here, '../../apps/admin/dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ci = process.env.PANALO_CI === '1';

/** Browser journeys need Debian's Chromium; outside CI they are skipped without it, in CI they fail. */
export const hasChromium = existsSync(CHROMIUM);
if (ci && !hasChromium)
  throw new Error(`Chromium not found at ${CHROMIUM}: browser tests are mandatory in CI`);
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('apps/web/dist is missing: run the tests through `npm test`, which builds the site first');
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Journey {
  t: TestApp;
  baseUrl: string;
  port: number;
  browser: Browser;
  /** The PaySim payment simulator on loopback, wired to this server (pay without the browser: paysim.pay). */
  paysim: PaySim;
  /** The game vendor simulator (PSIM) on loopback: every demo vendor tile launches one of its pages. */
  vendorSim: VendorSim;
  /** A new phone-sized context (iPhone 12 at 390x844), optionally on another host (e.g. luzon.localhost). */
  newPage(opts?: {
    host?: string;
    storage?: Record<string, string>;
    /** Another screen than the phone (the operator console: desktop 1440x900, tablet 820x1180). */
    viewport?: { width: number; height: number };
    /**
     * Keep the page open after the test that opened it (the default closes it then). Tests that run
     * concurrently set it and close their own pages: Vitest cannot tell which of them is asking.
     */
    keepOpen?: boolean;
  }): Promise<{ page: Page; context: BrowserContext; url: (p: string) => string }>;
  close(): Promise<void>;
}

/** The real server on a fresh database, serving the built site, plus a headless Chromium. */
export async function startJourney(o: { hub88?: boolean } = {}): Promise<Journey> {
  const t = await createTestApp({ webDist, adminDist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  const paysim = await startPaymentSimulator(t.ctx.db, t.clock, {
    callbackBaseUrl: `http://127.0.0.1:${port}`,
    retry: { baseMs: 50 },
    paymongo: true,
  });
  const vendorSim = await startVendorSimulator(t.ctx.db, {
    apiBaseUrl: `http://127.0.0.1:${port}`,
    // Hub88 (played by the simulator) only where a journey asks for it: its games join the catalogue.
    ...(o.hub88 ? { hub88: t.ctx.hub88 } : {}),
  });
  if (o.hub88) await startHub88(t.ctx.db, t.ctx.hub88, (msg) => console.warn(msg));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const contexts: BrowserContext[] = [];
  return {
    t,
    port,
    baseUrl: `http://localhost:${port}`,
    browser,
    paysim,
    vendorSim,
    async newPage(opts = {}) {
      const context = await browser.newContext(
        opts.viewport
          ? { viewport: opts.viewport, serviceWorkers: 'block' }
          : { ...devices['iPhone 12'], viewport: { width: 390, height: 844 }, serviceWorkers: 'block' },
      );
      contexts.push(context);
      // A page left open keeps drawing (headless pages are never hidden): the home page's marquee, the
      // lottery's countdowns; the console's file of 29 pages took 228 s in CI before this, 172 s after.
      // Opened inside a test, it closes when that test ends; opened in a hook, with the journey.
      if (!opts.keepOpen) {
        try {
          onTestFinished(() => context.close().catch(() => undefined));
        } catch {
          /* outside a test (a beforeAll): closed by close() */
        }
      }
      const storage = opts.storage;
      if (storage) {
        await context.addInitScript((s: Record<string, string>) => {
          for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
        }, storage);
      }
      const page = await context.newPage();
      const origin = `http://${opts.host ?? 'localhost'}:${port}`;
      return { page, context, url: (p: string) => `${origin}${p}` };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await paysim.idle();
      await paysim.close();
      await vendorSim.close();
      await t.close();
    },
  };
}

/** The browser storage a login leaves behind for a member of the panalo merchant (language EN). */
export const sessionStorageFor = (token: string, m: { username: string; type: number }) => ({
  language: 'EN',
  MC_SESSION_INFO: JSON.stringify({
    token,
    merchantCode: 'panalo',
    userName: m.username,
    type: m.type,
    firstTimeLogin: false,
  }),
});

/**
 * A member with a live server session, and the browser storage a login leaves behind (MC_SESSION_INFO,
 * language EN). Pass `storage` to j.newPage({ storage }).
 */
export async function signedInStorage(
  j: Journey,
  o: { merchant?: string; username?: string; type?: number; nickname?: string; password?: string } = {},
) {
  const { createMember, sessionFor } = await import('../../apps/server/src/test-support/members');
  const merchant = o.merchant ?? 'panalo';
  const m = await createMember(j.t, {
    merchant,
    ...(o.username ? { username: o.username } : {}),
    ...(o.type !== undefined ? { type: o.type } : {}),
    ...(o.nickname ? { nickname: o.nickname } : {}),
    ...(o.password ? { password: o.password } : {}),
  });
  const token = await sessionFor(j.t, m);
  const storage: Record<string, string> = {
    language: 'EN',
    MC_SESSION_INFO: JSON.stringify({
      token,
      merchantCode: merchant,
      userName: m.username,
      type: m.type,
      firstTimeLogin: false,
    }),
  };
  return { m, token, storage };
}
