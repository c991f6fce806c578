// npm run shots: a screenshot set of the main screens, for people to look at (issue 49).
//
// Starts the real server on a fresh embedded database the way the browser journeys do
// (test/e2e/harness.ts: demo seed, the built site and console, Debian's Chromium through
// playwright-core), then shoots:
//  - the member site at 390x844, on both demo merchants (localhost, luzon.localhost): the public screens
//    logged out, the others as an agent (type 1) with a wallet, a small team and a pending deposit; every
//    screen in EN, home and the member centre in TY too;
//  - the operator console at 1440x900, signed in as the seeded owner (ops01) with the authenticator.
// Each screen is shot once it has settled (its own element shown, no placeholder, skeleton or
// aria-busy left) to shots/<merchant>-<lang>-<screen>.png and shots/console-<screen>.png, whole page.
// A screen that does not appear, keeps loading or shows its error state is named and the run exits 1.
// Run it with tsx (package.json does): it imports the journeys' TypeScript helpers.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildAdmin, buildWeb, root } from './lib.mjs';
import { infoLine } from './bench-lines.mjs';

const started = Date.now();
const outDir = path.join(root, 'shots');
const DESKTOP = { width: 1440, height: 900 };
/** How long a screen may take to appear and settle on a loaded 2-core machine. */
const SETTLE_MS = 20_000;
/** What shows that a screen is still loading: the lazy screen's placeholder, skeletons, busy regions. */
const BUSY = [
  '.boot',
  '[data-testid="lazy-loading"]',
  '[data-testid$="-loading"]',
  '[class*="skeleton"]',
  '[aria-busy="true"]',
  '.mantine-Loader-root',
  '.mantine-Skeleton-root[data-visible]',
].join(', ');
/** A screen's own error state (ui-error, lobby-error, betting-error, …). */
const FAILED = '[data-testid$="-error"]';

const MERCHANTS = [
  { code: 'panalo', host: 'localhost' },
  { code: 'luzon', host: 'luzon.localhost' },
];
/** Public screens, shot logged out: [name, path, the test id of the element that shows the screen]. */
const PUBLIC = [
  ['login', '/m/login', 'login-screen'],
  ['register', '/m/register', 'register-screen'],
  ['games-lobby', '/m/gameLobby', 'game-lobby'],
  ['games-slots', '/m/gameList?gameType=RNG', 'game-list'],
  ['lottery', '/m/lottery', 'lottery-lobby'],
  ['wingo', '/m/startLottery?code=WINGO1', 'betting-screen'],
  ['activity', '/m/activity', 'activity-screen'],
  ['mine-visitor', '/m/mine', 'mine-screen'],
];
/**
 * Screens that need a session, shot as the agent; a screen behind a white-label flag only where the
 * merchant sells it (Luzon has no team P&L).
 */
const MEMBER = [
  ['mine', '/m/mine', 'mine-screen'],
  ['deposit', '/m/voucherCenter', 'deposit-screen'],
  ['withdraw', '/m/withdraw', 'withdraw-screen'],
  ['agent', '/m/agent', 'agent-home'],
  ['team-overview', '/m/agent/team/overview', 'team-overview-screen', 'AGEPAG'],
  ['team-pnl', '/m/agent/team/pnl', 'team-pnl-screen', 'AGETEAMPNL3'],
  ['safer-play', '/m/saferPlay', 'safer-play-screen'],
  ['mail', '/m/webEmail', 'mail-screen'],
];
/** The console's screens (paths under /admin/). */
const CONSOLE = [
  ['dashboard', ''],
  ['members', 'members'],
  ['deposits', 'cashier/deposits'],
  ['withdrawals', 'cashier/withdrawals'],
  ['reports', 'reports'],
  ['audit', 'audit'],
  ['promotions', 'promotions'],
];

// The harness serves the built site and console: build them first when missing or stale.
buildWeb();
buildAdmin();
const { startJourney, signedInStorage } = await import('../test/e2e/harness.ts');
const { seedDemoTeam } = await import('../apps/server/src/modules/agents/demo-team.ts');
const { fundWallet } = await import('../apps/server/src/modules/game-wallet/vendor-client.ts');
const { schedulerTick } = await import('../apps/server/src/modules/lottery/jobs/lottery-scheduler.ts');
const { processLotteryEvents } = await import('../apps/server/src/modules/lottery/lottery.events.ts');
const { otpAt } = await import('../apps/server/src/modules/staff/staff-otp.ts');

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const failures = [];
let shots = 0;

/** An error's first line (Playwright's carry a call log after it). */
const firstLine = (err) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** The page's text as a person reads it, in one short line (for a failure's message). */
const bodyText = async (page) =>
  (
    await page
      .locator('body')
      .innerText()
      .catch(() => '')
  )
    .replace(/\s+/g, ' ')
    .slice(0, 160);

/**
 * Waits for the screen to settle: its own element shown, then quiet (below). Throws, saying what it saw,
 * when it does not appear or shows its error state.
 */
async function settle(page, ready) {
  try {
    await ready.first().waitFor({ state: 'visible', timeout: SETTLE_MS });
  } catch {
    throw new Error(
      `its screen never appeared (at ${new URL(page.url()).pathname}: "${await bodyText(page)}")`,
    );
  }
  await quiet(page);
  const failed = page.locator(FAILED).filter({ visible: true });
  if ((await failed.count()) > 0) {
    const what = await failed.first().getAttribute('data-testid');
    throw new Error(`shows its error state (${what}): ${(await failed.first().innerText()).trim()}`);
  }
}

/** Waits until no loading state is shown, the network is quiet and the images in view are decoded. */
async function quiet(page) {
  // Live streams (the lottery's) keep the network busy for good: quiet is waited for, not required.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const still = await page
    .waitForFunction(
      (busy) =>
        !Array.from(document.querySelectorAll(busy)).some(
          (el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0,
        ),
      BUSY,
      { timeout: SETTLE_MS },
    )
    .then(() => null)
    .catch(() =>
      page.evaluate(
        (busy) =>
          Array.from(document.querySelectorAll(busy))
            .filter((el) => el.checkVisibility({ visibilityProperty: true }))
            .map((el) => el.getAttribute('data-testid') ?? el.className)
            .slice(0, 3)
            .join(', '),
        BUSY,
      ),
    );
  if (still) throw new Error(`still loading after ${SETTLE_MS / 1000} s (${still})`);
  await page
    .waitForFunction(
      () =>
        Array.from(document.images).every(
          (img) => img.complete || img.getBoundingClientRect().top > window.innerHeight,
        ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(300); // the screen's own fade-in
}

/**
 * Shoots the page as it is now to shots/<file>.png, or records why it could not. A screen longer than
 * the window is shot whole in a window as tall as it (a full-page capture would draw the fixed header,
 * footer and buttons where they sit in the first screenful, over the content), then the window is put
 * back; `whole: false` shoots the window only (a pop-up, centred in the window the phone has).
 */
async function shoot(page, file, open, { whole = true } = {}) {
  const target = path.join(outDir, `${file}.png`);
  const size = page.viewportSize();
  try {
    await open();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (whole && height > size.height) {
      await page.setViewportSize({ width: size.width, height });
      await quiet(page);
    }
    await page.screenshot({ path: target, scale: 'css', caret: 'hide' });
    shots++;
    console.log(path.relative(root, target));
  } catch (err) {
    failures.push(`${file}: ${firstLine(err)}`);
    console.log(`${path.relative(root, target)} FAILED: ${failures.at(-1)}`);
  } finally {
    await page.setViewportSize(size);
  }
}

/** A screen of the member site by its path; `ready` is the test id of the element that shows it. */
const memberScreen = (page, url) => async (at, ready) => {
  await page.goto(url(at));
  await settle(page, page.getByTestId(ready));
};

const j = await startJourney();
try {
  // The browser's dates are the real ones: the server's fixed clock is moved to them (as the agency and
  // console journeys do), and the lottery's periods are made and drawn up to now, so that Win Go has
  // results to show.
  const now = new Date();
  j.t.clock.set(new Date(now.getTime() - 5 * 60_000));
  await schedulerTick(j.t.ctx.db, j.t.clock, processLotteryEvents);
  j.t.clock.set(now);
  await schedulerTick(j.t.ctx.db, j.t.clock, processLotteryEvents);

  for (const merchant of MERCHANTS) {
    // An agent with a wallet and a small team, so that the member and agency screens show figures.
    const username = `shots${merchant.code}`;
    const { whitelabel } = await j.t.ctx.db
      .selectFrom('merchant')
      .select('whitelabel')
      .where('code', '=', merchant.code)
      .executeTakeFirstOrThrow();
    const agent = await signedInStorage(j, { merchant: merchant.code, username, type: 1 });
    await fundWallet(j.t.ctx.db, {
      merchantId: agent.m.merchant_id,
      memberId: agent.m.id,
      currency: 'PHP',
      amount: 1_250_000n,
      key: `shots-${merchant.code}`,
    });
    await seedDemoTeam(j.t.ctx.db, j.t.ctx.sessions, {
      merchant: merchant.code,
      agent: username,
      password: 'Demo1234',
      now,
      shape: { subAgents: 2, playersPerAgent: 3, directPlayers: 3, days: 20 },
    });

    for (const lang of ['EN', 'TY']) {
      const prefix = `${merchant.code}-${lang.toLowerCase()}`;
      const visitor = await j.newPage({ host: merchant.host, storage: { language: lang } });
      const open = memberScreen(visitor.page, visitor.url);
      // A first visit opens home's announcement popup: shot open (in EN), then closed.
      const popup = visitor.page.getByTestId('announcement-popup');
      if (lang === 'EN') {
        await shoot(
          visitor.page,
          `${prefix}-home-popup`,
          async () => {
            await open('/m/home', 'home-screen');
            await settle(visitor.page, popup);
          },
          { whole: false },
        );
      }
      await shoot(visitor.page, `${prefix}-home`, async () => {
        if (lang !== 'EN') await open('/m/home', 'home-screen');
        // The popup opens a moment after the screen: given that moment before it is closed.
        await popup.waitFor({ timeout: 5_000 }).catch(() => undefined);
        if (await popup.isVisible()) {
          await visitor.page.getByTestId('announcement-popup-close').click();
          await popup.waitFor({ state: 'detached' });
        }
        await settle(visitor.page, visitor.page.getByTestId('home-screen'));
      });
      if (lang === 'EN') {
        for (const [name, at, ready] of PUBLIC)
          await shoot(visitor.page, `${prefix}-${name}`, () => open(at, ready));
      }
      await visitor.context.close();

      const member = await j.newPage({ host: merchant.host, storage: { ...agent.storage, language: lang } });
      const openAsMember = memberScreen(member.page, member.url);
      for (const [name, at, ready, flag] of lang === 'EN' ? MEMBER : MEMBER.filter(([n]) => n === 'mine')) {
        if (flag && whitelabel[flag] !== true) {
          console.log(`(${prefix}-${name}: not shot, ${merchant.code} does not sell it: ${flag} is off)`);
          continue;
        }
        await shoot(member.page, `${prefix}-${name}`, () => openAsMember(at, ready));
      }
      if (lang === 'EN' && merchant.code === 'panalo') await bankDeposit(member.page, member.url);
      await member.context.close();
    }
  }

  await shootConsole();
} finally {
  await j.close();
}

/** A bank-transfer deposit made on the member site, so that the console's deposit queue has a row. */
async function bankDeposit(page, url) {
  try {
    await page.goto(url('/m/voucherCenter'));
    await page.getByTestId('deposit-method-BANK').click();
    await page.locator('[data-testid^="deposit-bank-account-"]').first().check();
    await page.getByTestId('deposit-amount').fill('750');
    await page.getByTestId('deposit-reference').fill('BDO-SHOTS-1');
    await page.getByTestId('deposit-payer-name').fill('Shots Agent');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-pending').waitFor({ timeout: SETTLE_MS });
  } catch (err) {
    // Only the queue's screenshot is poorer for it: said, not failed.
    console.warn(`shots: no pending deposit for the console's queue (${firstLine(err)})`);
  }
}

/**
 * The console as its journeys open it (apps/admin/e2e/console.spec.ts): the seeded owner signs in with
 * the password, sets up the authenticator from the QR page and types its current code.
 */
async function shootConsole() {
  const { page, url } = await j.newPage({ viewport: DESKTOP });
  const heading = page.locator('main h1');
  let signedIn = false;
  // The sign-in is sealed with the browser's time, and the authenticator's codes follow the real clock.
  j.t.clock.set(new Date());
  await shoot(page, 'console-sign-in', async () => {
    await page.goto(url('/admin/'));
    await settle(page, page.getByLabel('Username'));
  });
  try {
    await page.getByLabel('Username').fill('ops01');
    await page.getByLabel(/^Password/).fill('Staff1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('otp-secret').waitFor({ timeout: SETTLE_MS });
    const secret = ((await page.getByTestId('otp-secret').textContent()) ?? '').replace(/\s/g, '');
    const digits = page.locator('input[inputmode="numeric"]');
    await digits.first().waitFor();
    for (const [i, digit] of [...otpAt(secret, j.t.clock.now())].entries()) await digits.nth(i).fill(digit);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor({ timeout: SETTLE_MS });
    signedIn = true;
  } catch (err) {
    failures.push(`console sign-in: ${firstLine(err)} ("${await bodyText(page)}")`);
    console.log(`console sign-in FAILED: ${failures.at(-1)}`);
  }
  if (!signedIn) return;
  for (const [name, at] of CONSOLE) {
    await shoot(page, `console-${name}`, async () => {
      await page.goto(url(`/admin/${at}`));
      await settle(page, heading);
    });
  }
}

infoLine('shots', `${shots} screens in ${Math.round((Date.now() - started) / 1000)} s`);
if (failures.length > 0) {
  console.error(`shots: ${failures.length} screen(s) failed to load:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
