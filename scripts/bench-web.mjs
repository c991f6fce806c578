// Long file: every web budget (sizes, paint, Lighthouse) measured on one build and one server, in one run.
// npm run bench:web: the web performance budgets of the entry pages, measured on a production build.
//
//  1. builds the site into a temporary folder (never apps/web/dist, which tests and `npm start` use);
//  2. starts the API (PGlite in a temporary DATA_DIR, demo seed) serving that build;
//  3. loads /m/home and the other entry routes in Debian Chromium as an iPhone 12 and sums the gzipped
//     size of every JS and CSS response fetched until the network is idle (service workers blocked: their
//     precache is not first load); a page whose screen never appeared, or a response that could not be
//     read, is no measurement: its lines FAIL;
//  4. loads /m/home five times under Chromium's own throttling (150 ms, 1.6 Mbps, CPU 4x) and prints, as
//     info, when its banner was painted and when the home screen appeared (what the player waits for);
//     runs Lighthouse (mobile, performance only) five times on /m/home: the median score, LCP and CLS.
//     Each run's CPU slowdown is calibrated from the BenchmarkIndex Lighthouse measured in that run, as
//     Lighthouse's docs advise, so the simulated phone is the same on a fast or a slow (or busy) host;
//  5. prints the header (machine, database, commit) and one `bench …` line per budget, stops the server
//     and removes the temporary folder.
// Details go to stderr; stdout carries only the header and the budget lines. It exits 1 when a line says FAIL.
// `npm run bench:web -- --sizes` measures the sizes only (no Lighthouse), as a quick check.
// To investigate: BENCH_WEB_DIST=<folder> measures an existing build instead of building, and
// BENCH_REPORT_DIR=<folder> keeps each Lighthouse JSON report there.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices } from 'playwright-core';
import { root } from './lib.mjs';
import { benchHeader, benchLine, infoLine } from './bench-lines.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const LIGHTHOUSE_RUNS = 5;
/** Real (not simulated) throttled loads of home, as info: a slow mobile link and a mid-range phone. */
const THROTTLED_LOADS = 5;
const THROTTLING = {
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  cpu: 4,
};
const BUDGETS = {
  homeJs: 120,
  routeJs: 150,
  css: 50,
  lighthouse: 95,
  lcpMs: 1500,
  cls: 0.02,
};
/** The entry pages besides home, each with the element that shows its screen appeared. */
const ROUTES = [
  { name: 'gamelist', path: '/m/gameList?gameType=RNG', testId: 'game-list' },
  { name: 'lottery', path: '/m/lottery', testId: 'lottery-lobby' },
  { name: 'login', path: '/m/login', testId: 'login-screen' },
];
const sizesOnly = process.argv.includes('--sizes');

const log = (...a) => console.error(...a);
const kib = (bytes) => (bytes / 1024).toFixed(1);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'panalo-bench-web-'));
const givenDist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : null;
const outDir = givenDist ?? path.join(tmp, 'dist');
const reportDir = process.env.BENCH_REPORT_DIR ? path.resolve(process.env.BENCH_REPORT_DIR) : null;
const dataDir = path.join(tmp, 'data');
let server = null;

function build() {
  if (givenDist) {
    log(`bench: measuring the existing build in ${givenDist}`);
    return;
  }
  log(`bench: building the web app into ${outDir}`);
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      'apps/web',
      '--outDir',
      outDir,
      '--emptyOutDir',
      // The manifest names each chunk (their files are named by their hash alone, see vite.config.ts).
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
}

/** The build's chunk names by file (from its manifest; empty for a build without one). */
function chunkNames() {
  try {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
    return new Map(Object.values(manifest).map((c) => [c.file, c.name ?? c.src ?? c.file]));
  } catch {
    return new Map();
  }
}

/** Starts apps/server/src/server.ts on a free port; resolves to its base URL once it prints it. */
function startServer() {
  log('bench: starting the API (PGlite, demo seed)');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: outDir,
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      DATABASE_URL: '',
      // Lighthouse and the browser make a burst of requests from one address.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${out}`)), 120_000);
    const onData = (chunk) => {
      out += chunk.toString();
      const m = /Panalo is running: http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://localhost:${m[1]}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => {
      out += c.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (code ${code}) before it was ready:\n${out}`));
    });
  });
}

async function stopServer() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * First-load JS and CSS of one page: every script and stylesheet response until network idle. Resolves to
 * null (no measurement) when the page's screen never appeared or a response could not be read.
 */
async function measureFirstLoad(browser, baseUrl, pagePath, testId) {
  const context = await browser.newContext({
    ...devices['iPhone 12'],
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const pending = [];
    const seen = new Set();
    page.on('response', (res) => {
      const url = res.url();
      if (seen.has(url)) return;
      const type = res.request().resourceType();
      const ctype = res.headers()['content-type'] ?? '';
      const kind =
        type === 'script' || /javascript/.test(ctype)
          ? 'js'
          : type === 'stylesheet' || /text\/css/.test(ctype)
            ? 'css'
            : null;
      if (type === 'document' && !seen.has(`${url}#style`)) {
        // Styles the server writes into the page count as the page's CSS, as if they were a file.
        seen.add(`${url}#style`);
        pending.push(
          res.text().then(
            (html) => {
              const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
              const body = Buffer.from(css);
              return {
                kind: 'css',
                url: `${url}#inline-style`,
                raw: body.length,
                gz: gzipSync(body, { level: 9 }).length,
              };
            },
            (e) => ({ kind: 'css', url: `${url}#inline-style`, error: String(e?.message ?? e) }),
          ),
        );
        return;
      }
      if (!kind) return;
      seen.add(url);
      pending.push(
        res.body().then(
          (body) => ({ kind, url, raw: body.length, gz: gzipSync(body, { level: 9 }).length }),
          (e) => ({ kind, url, error: String(e?.message ?? e) }),
        ),
      );
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const appeared = await page
      .getByTestId(testId)
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(pending);
    log(`  ${pagePath}:`);
    const names = chunkNames();
    for (const f of files.sort((a, b) => (b.gz ?? 0) - (a.gz ?? 0))) {
      const url = new URL(f.url);
      const name = names.get(url.pathname.slice(1));
      const where = `${url.pathname}${url.hash}${name ? ` (${name})` : ''}`;
      if (f.error) log(`    ${f.kind.padEnd(3)} unreadable (${f.error})  ${where}`);
      else log(`    ${f.kind.padEnd(3)} ${kib(f.gz).padStart(7)} KiB gz (${kib(f.raw)} KiB raw)  ${where}`);
    }
    if (!appeared) {
      log(`  ${pagePath}: [data-testid=${testId}] never appeared: no measurement`);
      return null;
    }
    if (files.some((f) => f.error)) {
      log(`  ${pagePath}: a response could not be read: no measurement`);
      return null;
    }
    const sum = (k) => files.filter((f) => f.kind === k).reduce((n, f) => n + f.gz, 0);
    return { js: sum('js'), css: sum('css') };
  } finally {
    await context.close();
  }
}

/**
 * One load of /m/home under Chromium's own throttling (not simulated: the page really loads at that
 * speed): when home's banner was painted (its largest-contentful-paint entry) and when the home screen
 * itself appeared, in ms from the navigation. Resolves to null when either never happened.
 */
async function throttledHomeOnce(browser, baseUrl) {
  const context = await browser.newContext({
    ...devices['iPhone 12'],
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = /** @type {any} */ (window);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          if (/** @type {any} */ (e).element?.closest?.('.boot')) w.__bannerMs = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver(() => {
        if (w.__screenMs === undefined && document.querySelector('[data-testid=home-screen]'))
          w.__screenMs = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', THROTTLING.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu });
    await page.goto(`${baseUrl}/m/home`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.getByTestId('home-screen').waitFor({ timeout: 30_000 });
    const r = await page.evaluate(() => ({
      banner: /** @type {any} */ (window).__bannerMs,
      screen: /** @type {any} */ (window).__screenMs,
    }));
    return typeof r.banner === 'number' && typeof r.screen === 'number' ? r : null;
  } catch (e) {
    log(`  throttled load failed: ${String(e?.message ?? e).split('\n')[0]}`);
    return null;
  } finally {
    await context.close();
  }
}

async function measurePages(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, headless: true });
  try {
    const out = { home: await measureFirstLoad(browser, baseUrl, '/m/home', 'home-screen') };
    for (const r of ROUTES) out[r.name] = await measureFirstLoad(browser, baseUrl, r.path, r.testId);
    if (!sizesOnly) {
      const loads = [];
      for (let i = 0; i < THROTTLED_LOADS; i++) loads.push(await throttledHomeOnce(browser, baseUrl));
      log(
        `  throttled /m/home: ${loads.map((l) => (l ? `${l.banner.toFixed(0)}/${l.screen.toFixed(0)}` : 'failed')).join(', ')} ms (banner/screen)`,
      );
      out.throttled = {
        banner: median(loads.map((l) => l?.banner ?? null)),
        screen: median(loads.map((l) => l?.screen ?? null)),
      };
    }
    return out;
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's CPU slowdown for this host, from the BenchmarkIndex it measured: the mapping its docs give
 * (docs/throttling.md, "Calibrating the CPU slowdown", and the calculator linked there) is linear between
 * the points (150, 1x), (800, 2x), (1300, 3x) and (1533, 4x), and goes on rising 1x per 233 above that.
 * Lighthouse's fixed 4x assumes a high-end desktop (index about 1533); on a slower host it simulates a
 * slower phone than the budget means, on a faster one a faster phone. Null when the host is too slow to
 * stand in for the phone (index under 150).
 */
function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650;
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500;
  return 3 + (benchmarkIndex - 1300) / 233;
}

/** Runs the Lighthouse CLI with `args`; resolves to its stdout, rejects with its stderr's tail. */
function lighthouseCli(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/lighthouse/cli/index.js'), ...args],
      {
        cwd: root,
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c.toString()));
    child.stderr.on('data', (c) => (err += c.toString()));
    child.on('error', reject);
    // 'close', not 'exit': only then has all of stdout been read.
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`lighthouse exited ${code}\n${err.slice(-2000)}`)),
    );
  });
}

/**
 * One Lighthouse run (mobile, performance) calibrated to this host: the page is loaded once (gather mode),
 * then the saved load is scored (audit mode) with the CPU slowdown its own BenchmarkIndex calls for, so
 * every run simulates the same phone however fast the host was at that moment. Resolves to the score
 * 0..100, LCP, CLS, the index and the slowdown used.
 */
async function lighthouseOnce(url, run) {
  const artifacts = path.join(tmp, `lighthouse-${run + 1}`);
  rmSync(artifacts, { recursive: true, force: true });
  const common = ['--form-factor=mobile', '--only-categories=performance', '--quiet'];
  await lighthouseCli([url, ...common, `-G=${artifacts}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`]);
  const artifactsFile = path.join(artifacts, 'artifacts.json');
  const saved = JSON.parse(readFileSync(artifactsFile, 'utf8'));
  const index = saved.BenchmarkIndex;
  const slowdown = cpuSlowdownFor(index);
  if (slowdown === null)
    throw new Error(`this host is too slow to stand in for a phone (BenchmarkIndex ${index})`);
  // Lighthouse refuses to audit with settings other than those it gathered with. Under its default,
  // simulated throttling the CPU slowdown is not applied while gathering (the load runs at full speed and
  // the simulation scales its tasks afterwards), so the saved load is the same whatever the setting, but
  // for the deadlines its requestIdleCallback shim hands the page: gathered at 4x, those are the shorter,
  // stricter ones. Writing the calibrated slowdown into the saved settings is gathering with it.
  saved.settings.throttling.cpuSlowdownMultiplier = Number(slowdown.toFixed(2));
  writeFileSync(artifactsFile, JSON.stringify(saved));
  const out = await lighthouseCli([
    url,
    ...common,
    `-A=${artifacts}`,
    `--throttling.cpuSlowdownMultiplier=${slowdown.toFixed(2)}`,
    '--output=json',
    '--output-path=stdout',
  ]);
  const report = JSON.parse(out);
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, `lighthouse-${run + 1}.json`), out);
  }
  const perf = report.categories?.performance;
  if (report.runtimeError) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  if (typeof perf?.score !== 'number') throw new Error('no performance score in the report');
  const a = report.audits ?? {};
  const metric = (id) => a[id]?.displayValue ?? '?';
  log(
    `  lighthouse ${Math.round(perf.score * 100)} (index ${Math.round(index)}, CPU ${slowdown.toFixed(1)}x): FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  );
  const lcp = a['largest-contentful-paint']?.numericValue;
  const cls = a['cumulative-layout-shift']?.numericValue;
  return {
    score: Math.round(perf.score * 100),
    lcpMs: typeof lcp === 'number' ? lcp : null,
    cls: typeof cls === 'number' ? cls : null,
    index,
    slowdown,
  };
}

const median = (values) => {
  if (values.some((v) => v === null)) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? null;
};

/** LIGHTHOUSE_RUNS runs; the median score, LCP and CLS of those same runs. */
async function lighthouseMedian(url) {
  const runs = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    // A run that fails outright (Chromium crash, protocol hiccup) is tried once more; a low score is not.
    runs.push(
      await lighthouseOnce(url, i).catch((e) => {
        log(`  lighthouse run ${i + 1} failed, retrying: ${String(e.message).split('\n')[0]}`);
        return lighthouseOnce(url, i);
      }),
    );
  }
  log(`  lighthouse scores: ${runs.map((r) => r.score).join(', ')}`);
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    index: median(runs.map((r) => r.index)),
    slowdown: median(runs.map((r) => r.slowdown)),
  };
}

async function main() {
  let sizes = null;
  let lh = null;
  const pglite = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version;
  benchHeader(`PGlite ${pglite} (embedded; the demo seed)`);
  try {
    build();
    const baseUrl = await startServer();
    log(`bench: server at ${baseUrl}`);
    try {
      sizes = await measurePages(baseUrl);
    } catch (e) {
      log(`bench: first-load measurement failed: ${e.stack ?? e}`);
    }
    if (!sizesOnly) {
      try {
        lh = await lighthouseMedian(`${baseUrl}/m/home`);
      } catch (e) {
        log(`bench: Lighthouse could not run: ${e.stack ?? e}`);
      }
    }
  } catch (e) {
    log(`bench: ${e.stack ?? e}`);
  } finally {
    await stopServer();
    rmSync(tmp, { recursive: true, force: true });
  }
  const kibOf = (m, k) => (m ? m[k] / 1024 : null);
  benchLine('web-home-js-gz', kibOf(sizes?.home, 'js'), 'KiB', '<=', BUDGETS.homeJs);
  benchLine('web-home-css-gz', kibOf(sizes?.home, 'css'), 'KiB', '<=', BUDGETS.css);
  for (const r of ROUTES)
    benchLine(`web-${r.name}-js-gz`, kibOf(sizes?.[r.name], 'js'), 'KiB', '<=', BUDGETS.routeJs);
  if (sizesOnly) {
    infoLine('web-home-lighthouse', 'not run (--sizes)');
    return;
  }
  const th = sizes?.throttled;
  infoLine(
    'web-home-throttled',
    th?.banner != null && th?.screen != null
      ? `banner painted ${th.banner.toFixed(0)} ms, home screen shown ${th.screen.toFixed(0)} ms (median of ${THROTTLED_LOADS} loads; Chromium throttling 150 ms, 1.6 Mbps, CPU 4x)`
      : 'n/a (a throttled load failed)',
  );
  infoLine(
    'web-home-lighthouse-cpu',
    lh
      ? `BenchmarkIndex ${Math.round(lh.index)} (median), CPU slowdown ${lh.slowdown.toFixed(1)}x (median; 4x at index 1533)`
      : 'n/a',
  );
  benchLine('web-home-lighthouse-performance', lh?.score, 'score', '>=', BUDGETS.lighthouse);
  benchLine('web-home-lcp', lh?.lcpMs, 'ms', '<=', BUDGETS.lcpMs);
  benchLine('web-home-cls', lh?.cls, 'score', '<=', BUDGETS.cls);
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    void stopServer().finally(() => {
      rmSync(tmp, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

await main();
process.exit(); // process.exitCode: 1 when a line said FAIL
