import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { appRoutes } from '../src/app/router';
import { POPUP_REFRESH_DELAY_MS } from '../src/features/home/rules/popups';
import { describeViolations, seriousViolations, type Violation } from '../../../test/e2e/axe';
import { layoutProblems } from '../../../test/e2e/layout';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';
import { stillness } from '../../../test/e2e/settle';

// Issue 23: axe-core (WCAG 2.1 A and AA rules) on every route of the route list, for both demo merchants,
// in both languages, logged out and as a member, and on the open overlays. A new screen joins by being a
// route: the list is the router's own.

/** Aliases of one screen are scanned once (home has six paths, registration three). */
const ALIASES = new Set([
  '/',
  '/m',
  '/m/',
  '/m/index',
  '/m/index.html',
  '/register.html',
  '/m/register.html',
]);
/** A path's parameters and query, so that the screen shows content rather than only its empty state. */
const EXAMPLES: Record<string, string> = {
  '/m/inhouse/:game': '/m/inhouse/dice',
  '/m/gameList': '/m/gameList?gameType=RNG',
  '/m/startLottery': '/m/startLottery?code=WINGO1',
};
const screens = [...new Set(appRoutes.map((r) => r.path).filter((p) => !ALIASES.has(p)))].map(
  (p) => EXAMPLES[p] ?? p,
);

/**
 * The elements that stick out past the right edge of the screen as it is now (a page that scrolls
 * sideways), or null.
 */
async function sideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth + 1) return null;
    const out: string[] = [];
    // Inside a box that scrolls or clips sideways (a chip row), sticking out is by design.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.right > root.clientWidth + 1 && r.width > 0 && !clipped(el)) {
        const id = (el as HTMLElement).dataset.testid;
        out.push(
          `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} (${Math.round(r.right)})`,
        );
        if (out.length >= 4) break;
      }
    }
    return `${root.scrollWidth} px: ${out.join(', ')}`;
  });
}

/**
 * Focus follows the visual order (WCAG 2.4.3): the page's focusable elements, in the order Tab visits them
 * (positive tabindex first, then the document's order), never go back up the page. Fixed and sticky
 * bars (header, footer, floating buttons, open dialogs) sit outside the page's flow and are left out;
 * a visually hidden control (a radio drawn by its label) is placed where its label is. The pairs that
 * go back up are named.
 */
async function focusOrderProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focusable = Array.from(
      document.body.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]',
      ),
    ).filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        !(el instanceof HTMLInputElement && el.type === 'hidden') &&
        el.closest('[inert]') === null &&
        el.checkVisibility({ visibilityProperty: true }),
    );
    const order = [
      ...focusable.filter((el) => el.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex),
      ...focusable.filter((el) => el.tabIndex === 0),
    ];
    const outOfFlow = (el: Element) => {
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
        const pos = getComputedStyle(p).position;
        if (pos === 'fixed' || pos === 'sticky') return true;
      }
      return false;
    };
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 24)}"`;
    const box = (el: HTMLElement) => {
      let r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2)
        r = (el.closest('label') ?? el.parentElement ?? el).getBoundingClientRect();
      return { top: r.top + scrollY, bottom: r.bottom + scrollY };
    };
    const flow = order.filter((el) => !outOfFlow(el));
    const problems: string[] = [];
    for (let i = 1; i < flow.length; i++) {
      const a = box(flow[i - 1]!);
      const b = box(flow[i]!);
      // The next stop lies wholly above the one before it: Tab would jump back up the page.
      if (b.bottom <= a.top + 1)
        problems.push(`${name(flow[i]!)} comes after ${name(flow[i - 1]!)} but sits above it`);
    }
    return problems;
  });
}

/**
 * The screen at the narrowest phone width (320 px), first as it is, then with the reader's text at 200 %
 * (WCAG 1.4.4: the browser's default font size 32 px instead of 16, as the text-size setting sets it):
 * what sticks out in each, or null; back to 390 px and the default text size after.
 */
async function overflowAt320(
  page: Page,
  cdp: CDPSession,
): Promise<{ plain: string | null; large: string | null; layout: string[] }> {
  await page.setViewportSize({ width: 320, height: 844 });
  try {
    await page.waitForTimeout(50);
    const plain = await sideways(page);
    // Issue 49 item 5: every check of the layout holds at 320 px too (no word broken inside included).
    const layout = await layoutProblems(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await page.waitForTimeout(50);
    const large = await sideways(page);
    if (large) {
      const size = await page.evaluate(() => getComputedStyle(document.body).fontSize);
      return { plain, large: `body text ${size}: ${large}`, layout };
    }
    return { plain, large, layout };
  } finally {
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
    await page.setViewportSize({ width: 390, height: 844 });
  }
}

/** A page whose screens are scanned once they have settled (test/e2e/settle.ts). */
async function scanPage(j: Journey, opts: Parameters<Journey['newPage']>[0]) {
  const opened = await j.newPage(opts);
  const still = stillness(opened.page);
  const slow: string[] = [];
  return {
    ...opened,
    slow,
    /** Opens a screen and waits until it has settled; a screen still loading after 5 s is named. */
    open: async (path: string) => {
      await opened.page.goto(opened.url(path));
      if (!(await still.settled())) slow.push(path);
      // Home (or a screen that sent a visitor there) opens its announcements POPUP_REFRESH_DELAY_MS after
      // they arrive (HOME-027): scanned open, once the popup has loaded and faded in.
      if (new URL(opened.page.url()).pathname === '/m/home') {
        await opened.page.waitForTimeout(POPUP_REFRESH_DELAY_MS);
        if (!(await still.settled())) slow.push(path);
        await opened.page.waitForTimeout(300);
      }
    },
  };
}

describe.skipIf(!hasChromium)('accessibility: axe on every screen', () => {
  let j: Journey;
  const results: { name: string; violations: Violation[] }[] = [];
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    // The figure the issue asks for, out of every screen the list names (one never scanned is not clean).
    const total = screens.length * passes.length + overlays.length * merchants.length;
    const clean = results.filter((r) => r.violations.length === 0).length;
    console.log(
      `bench axe-screens: ${clean} / ${total} screens clean (budget >= ${total}) ${clean >= total ? 'PASS' : 'FAIL'}`,
    );
    await j?.close();
  });

  const merchants = [
    { code: 'panalo', host: 'localhost' },
    { code: 'luzon', host: 'luzon.localhost' },
  ] as const;
  const passes = [
    { merchant: 'panalo', host: 'localhost', member: false, language: 'TY' },
    { merchant: 'panalo', host: 'localhost', member: true, language: 'EN' },
    { merchant: 'luzon', host: 'luzon.localhost', member: false, language: 'EN' },
    { merchant: 'luzon', host: 'luzon.localhost', member: true, language: 'TY' },
  ] as const;

  // The four passes run side by side (each in its own page): most of a scan is waiting for the network.
  for (const pass of passes) {
    it.concurrent(
      `${pass.merchant}, ${pass.member ? 'as a member' : 'logged out'}, in ${pass.language}: every route has no serious or critical violation, focus follows the visual order, and nothing scrolls sideways at 320 px, nor with the text at 200 %`,
      async () => {
        const storage = pass.member
          ? // An agent (type 1): a member who also sees the agency centre's screens.
            {
              ...(await signedInStorage(j, { merchant: pass.merchant, type: 1 })).storage,
              language: pass.language,
            }
          : { language: pass.language };
        const scan = await scanPage(j, { host: pass.host, storage, keepOpen: true });
        const { page, context } = scan;
        const cdp = await context.newCDPSession(page);
        const failed: string[] = [];
        for (const path of screens) {
          await scan.open(path);
          // A pop-up that opens on its own (home's announcements) is scanned open, with the page behind it.
          const violations = await seriousViolations(page);
          const name = `${pass.merchant} ${pass.language} ${pass.member ? 'member' : 'visitor'} ${path}`;
          results.push({ name, violations });
          if (violations.length > 0) failed.push(`${name}:\n    ${describeViolations(violations)}`);
          for (const problem of await focusOrderProblems(page))
            failed.push(`${name}: focus order: ${problem}`);
          // Issue 49 item 5: labels on one line, no word broken, text in its box, nothing under the header.
          for (const problem of await layoutProblems(page)) failed.push(`${name} at 390 px: ${problem}`);
          const wide = await overflowAt320(page, cdp);
          for (const problem of wide.layout) failed.push(`${name} at 320 px: ${problem}`);
          if (wide.plain) failed.push(`${name}: wider than 320 px: ${wide.plain}`);
          if (wide.large) failed.push(`${name}: wider than 320 px with the text at 200 %: ${wide.large}`);
        }
        await context.close();
        // Scanned all the same, as on a slow phone; named so that a screen that never settles is seen.
        if (scan.slow.length > 0) console.warn(`still loading after 5 s: ${scan.slow.join(', ')}`);
        expect(failed, failed.join('\n')).toEqual([]);
      },
      600_000,
    );
  }

  it('a screen counts as settled once its requests have answered and nothing on it says it is loading', async () => {
    const { page, url } = await j.newPage();
    const still = stillness(page);
    // The data is asked for 200 ms after the page loads (the network quiet meanwhile, the spinner up) and
    // answers 300 ms later.
    await page.route('**/settle-check', (r) =>
      r.fulfill({
        contentType: 'text/html',
        body: `<p class="spinner"></p><script>setTimeout(() => fetch('/settle-data').then((r) => r.text()).then((t) => { document.querySelector('.spinner').remove(); document.body.append(t); }), 200)</script>`,
      }),
    );
    await page.route('**/settle-data', async (r) => {
      await new Promise((done) => setTimeout(done, 300));
      await r.fulfill({ body: 'loaded' });
    });
    await page.goto(url('/settle-check'));
    expect(await still.settled()).toBe(true);
    expect(await page.textContent('body')).toContain('loaded');
    // A spinner that never goes: not settled when the time is up.
    await page.route('**/settle-never', (r) =>
      r.fulfill({ contentType: 'text/html', body: '<p aria-busy="true">Loading</p>' }),
    );
    await page.goto(url('/settle-never'));
    expect(await still.settled({ timeoutMs: 600 })).toBe(false);
  });

  it('the focus-order check finds a control that Tab reaches after one drawn below it', async () => {
    const { page, context } = await j.newPage();
    await page.setContent(`
      <header style="position: fixed; bottom: 0"><button>menu</button></header>
      <main>
        <a href="#a">first</a>
        <label><input type="radio" name="r" style="position: absolute; width: 1px; height: 1px; top: 0"> choice</label>
        <div style="display: flex; flex-direction: column-reverse"><button>drawn second</button><button>drawn first</button></div>
      </main>`);
    expect(await focusOrderProblems(page)).toEqual([
      'button "drawn first" comes after button "drawn second" but sits above it',
    ]);
    await page.setContent('<a href="#a">one</a><p>text</p><button>two</button><input aria-label="three">');
    expect(await focusOrderProblems(page)).toEqual([]);
    await context.close();
  });

  it('the layout check finds a wrapped label, a word broken inside, text out of its box, a control under the header or drawn over', async () => {
    const { page, context } = await j.newPage();
    await page.setViewportSize({ width: 320, height: 844 });
    await page.setContent(`
      <header style="position: fixed; top: 0; left: 0; right: 0; height: 60px; background: green"></header>
      <main style="font: 16px sans-serif">
        <button data-testid="narrow" style="width: 30px; overflow-wrap: anywhere">Save</button>
        <p style="width: 60px; word-break: break-all">Deposits</p>
        <div style="width: 40px; white-space: nowrap">₱1,500.00</div>
        <div style="width: 40px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">₱1,500.00</div>
        <p style="width: 200px">A plain sentence that wraps between its words as it should.</p>
        <div role="tablist" style="display: flex; width: 80px"><button role="tab" data-testid="tab-narrow">Mobile number</button></div>
        <span style="position: absolute; width: 1px; height: 1px; overflow: hidden">Read out only, never drawn</span>
        <button data-testid="fits">OK</button>
      </main>`);
    expect(await layoutProblems(page)).toEqual([
      'button[narrow]: "Save" is broken across lines',
      'p: "Deposits" is broken across lines',
      'div "₱1,500.00": the text runs 32 px out of its box',
      'button[tab-narrow] "Mobile number": the label wraps',
      'button[narrow] lies under header',
    ]);
    await page.setContent('<main><button>Save</button><p>Deposits and withdrawals</p></main>');
    expect(await layoutProblems(page)).toEqual([]);
    // A panel pulled up over a row of tiles (drawn above them) hides the tiles it covers.
    await page.setContent(`
      <main style="font: 16px sans-serif">
        <div style="position: relative; height: 80px; background: green"></div>
        <nav style="margin-top: -40px"><a href="#x" data-testid="tile">Deposit</a></nav>
        <label style="position: relative; display: inline-block"><input type="checkbox" style="position: absolute; inset: 0; opacity: 0.01"><span style="position: relative">Agree</span></label>
      </main>`);
    expect(await layoutProblems(page)).toEqual(['a[tile] is drawn over by div']);
    // A dialog still fading in (opacity 0) already covers the page with its mask: that is not a bar.
    await page.setContent(`
      <main><button>Save</button></main>
      <div style="position: fixed; inset: 0; opacity: 0">
        <div style="position: absolute; inset: 0; background: black"></div>
        <div role="dialog" aria-modal="true" aria-label="News"><button>Close</button></div>
      </div>`);
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  });

  // Each overlay opened from the screen that owns it, scanned while open (axe sees the page behind too).
  const overlays: {
    name: string;
    path: string;
    member?: boolean;
    open: (page: Page) => Promise<void>;
  }[] = [
    {
      name: 'announcement popup',
      path: '/m/home',
      open: async (page) => void (await page.getByRole('dialog').first().waitFor()),
    },
    {
      name: 'menu',
      path: '/m/gameCenter',
      open: async (page) => {
        await page.getByTestId('menu-button').click();
        await page.getByTestId('menu-close').waitFor();
      },
    },
    {
      name: 'language popup',
      path: '/m/gameCenter',
      open: async (page) => {
        await page.getByTestId('language-button').click();
        await page.getByTestId('language-EN').waitFor();
      },
    },
    {
      name: 'sign-out question',
      path: '/m/gameCenter',
      member: true,
      open: async (page) => {
        await page.getByTestId('menu-button').click();
        await page.locator('.menu__item--danger').click();
        await page.getByRole('alertdialog').waitFor();
      },
    },
    {
      name: 'sign-out dialog of the settings',
      path: '/m/set',
      member: true,
      open: async (page) => {
        await page.getByTestId('settings-sign-out').click();
        await page.getByTestId('sign-out-dialog').waitFor();
      },
    },
    {
      name: 'app download popup',
      path: '/m/mine',
      // Luzon asks for a login before the download.
      member: true,
      open: async (page) => {
        await page.getByTestId('mine-entry-download').click();
        await page.getByTestId('mine-download-popup').waitFor();
      },
    },
    {
      name: 'game filter drawer',
      path: '/m/gameList?gameType=RNG',
      open: async (page) => {
        await page.getByTestId('games-filter-open').click();
        await page.getByRole('dialog').waitFor();
      },
    },
    {
      name: 'record type filter',
      path: '/m/transaction/record',
      member: true,
      open: async (page) => {
        await page.getByTestId('type-filter-toggle').click();
        await page.getByTestId('type-filter-clear').waitFor();
      },
    },
  ];

  // The two merchants side by side, as the route passes are.
  for (const merchant of merchants) {
    it.concurrent(
      `${merchant.code}: every overlay, open, has no serious or critical violation`,
      async () => {
        const member = await signedInStorage(j, { merchant: merchant.code });
        const failed: string[] = [];
        for (const o of overlays) {
          const { page, context, open } = await scanPage(j, {
            keepOpen: true,
            host: merchant.host,
            storage: o.member ? member.storage : { language: 'TY' },
          });
          await open(o.path);
          await o.open(page);
          await page.waitForTimeout(350); // the overlay's own fade
          const violations = await seriousViolations(page);
          const name = `${merchant.code} ${o.name} (${o.path})`;
          results.push({ name, violations });
          if (violations.length > 0) failed.push(`${name}:\n    ${describeViolations(violations)}`);
          await context.close();
        }
        expect(failed, failed.join('\n')).toEqual([]);
      },
      300_000,
    );
  }

  it('touch targets in the header, the footer and on game tiles take a 44 x 44 px touch (WCAG 2.5.5)', async () => {
    const { page, open } = await scanPage(j, { storage: { language: 'TY' } });
    await open('/m/gameCenter');
    // For each control in view: every point of the 44 x 44 square centred on it hits the control itself
    // (a drawn shape may be smaller when its hit area reaches further, as the hearts' does).
    const misses = await page.evaluate(() => {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const footer = document.querySelector('footer')?.getBoundingClientRect().top ?? innerHeight;
      const controls = [
        ...document.querySelectorAll(
          'header a, header button, footer a, footer button, [data-testid="game-fav"]',
        ),
      ];
      const out: string[] = [];
      let checked = 0;
      for (const el of controls) {
        const r = el.getBoundingClientRect();
        const inHeaderOrFooter = el.closest('header, footer') !== null;
        if (r.width === 0 || (!inHeaderOrFooter && (r.top - 6 < header || r.bottom + 6 > footer))) continue;
        checked++;
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        for (const [dx, dy] of [
          [-21, -21],
          [21, -21],
          [-21, 21],
          [21, 21],
          [0, -21],
          [0, 21],
          [-21, 0],
          [21, 0],
        ]) {
          const hit = document.elementFromPoint(cx + dx!, cy + dy!);
          if (!hit || !(hit === el || el.contains(hit))) {
            out.push(
              `${el.getAttribute('data-testid') ?? el.tagName} at ${dx},${dy} hits ${hit?.className ?? 'nothing'}`,
            );
            break;
          }
        }
      }
      return { out, checked };
    });
    expect(misses.checked).toBeGreaterThan(10);
    expect(misses.out).toEqual([]);
  });
});
