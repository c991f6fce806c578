// npm run bench:web: the web performance budgets of /m/home, measured on a production build.
//
//  1. builds the site into a temporary folder (never apps/web/dist, which tests and `npm start` use);
//  2. starts the API (PGlite in a temporary DATA_DIR, demo seed) serving that build;
//  3. loads /m/home in Debian Chromium as an iPhone 12 and sums the gzipped size of every JS and CSS
//     response fetched until the network is idle (service workers blocked: their precache is not first load);
//  4. runs Lighthouse (mobile, performance only) three times and takes the median score;
//  5. prints one `bench …` line per budget, stops the server and removes the temporary folder.
// Details go to stderr; stdout carries only the budget lines. It exits 0 whether budgets pass or fail.
// To investigate: BENCH_WEB_DIST=<folder> measures an existing build instead of building, and
// BENCH_REPORT_DIR=<folder> keeps each Lighthouse JSON report there.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices } from 'playwright-core';
import { root } from './lib.mjs';

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
const LIGHTHOUSE_RUNS = 3;
const BUDGETS = {
  js: 150,
  jsAim: 120,
  css: 50,
  lighthouse: 90,
};

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
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
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

/** First-load JS and CSS of /m/home: every script and stylesheet response until network idle. */
async function measureFirstLoad(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, headless: true });
  try {
    const context = await browser.newContext({
      ...devices['iPhone 12'],
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
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
      if (!kind) return;
      seen.add(url);
      pending.push(
        res.body().then(
          (body) => ({ kind, url, raw: body.length, gz: gzipSync(body, { level: 9 }).length }),
          () => ({ kind, url, raw: 0, gz: 0 }),
        ),
      );
    });
    await page.goto(`${baseUrl}/m/home`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page
      .getByTestId('home-screen')
      .waitFor({ timeout: 10_000 })
      .catch(() => {
        log('bench: warning: [data-testid=home-screen] did not appear; measuring what loaded');
      });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(pending);
    await context.close();
    const sum = (k) => files.filter((f) => f.kind === k).reduce((n, f) => n + f.gz, 0);
    for (const f of files.sort((a, b) => b.gz - a.gz)) {
      log(
        `  ${f.kind.padEnd(3)} ${kib(f.gz).padStart(7)} KiB gz (${kib(f.raw)} KiB raw)  ${new URL(f.url).pathname}`,
      );
    }
    return { js: sum('js'), css: sum('css') };
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run through its CLI (as STACK-NOTES); resolves to the performance score 0..100. */
function lighthouseOnce(url, run) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--form-factor=mobile',
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c.toString()));
    child.stderr.on('data', (c) => (err += c.toString()));
    child.on('error', reject);
    // 'close', not 'exit': only then has all of stdout been read.
    child.on('close', (code) => {
      try {
        const report = JSON.parse(out);
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          writeFileSync(path.join(reportDir, `lighthouse-${run + 1}.json`), out);
        }
        const perf = report.categories?.performance;
        if (report.runtimeError)
          throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
        if (typeof perf?.score !== 'number') throw new Error('no performance score in the report');
        const a = report.audits ?? {};
        const metric = (id) => a[id]?.displayValue ?? '?';
        log(
          `  lighthouse ${Math.round(perf.score * 100)}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
        );
        resolve(Math.round(perf.score * 100));
      } catch (e) {
        reject(new Error(`lighthouse exited ${code}: ${e.message}\n${err.slice(-2000)}`));
      }
    });
  });
}

async function lighthouseMedian(url) {
  const scores = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    // A run that fails outright (Chromium crash, protocol hiccup) is tried once more; a low score is not.
    scores.push(
      await lighthouseOnce(url, i).catch((e) => {
        log(`  lighthouse run ${i + 1} failed, retrying: ${String(e.message).split('\n')[0]}`);
        return lighthouseOnce(url, i);
      }),
    );
  }
  scores.sort((a, b) => a - b);
  log(`  lighthouse scores: ${scores.join(', ')}`);
  return scores[Math.floor(scores.length / 2)];
}

function line(name, value, unit, op, budget) {
  const ok = value !== null && (op === '<=' ? value <= budget : value >= budget);
  const shown = value === null ? 'n/a' : unit === 'KiB' ? kib(value * 1024) : String(value);
  console.log(`bench ${name}: ${shown} ${unit} (budget ${op} ${budget}) ${ok ? 'PASS' : 'FAIL'}`);
}

async function main() {
  let sizes = null;
  let score = null;
  try {
    build();
    const baseUrl = await startServer();
    log(`bench: server at ${baseUrl}`);
    try {
      sizes = await measureFirstLoad(baseUrl);
    } catch (e) {
      log(`bench: first-load measurement failed: ${e.stack ?? e}`);
    }
    try {
      score = await lighthouseMedian(`${baseUrl}/m/home`);
    } catch (e) {
      log(`bench: Lighthouse could not run: ${e.stack ?? e}`);
    }
  } catch (e) {
    log(`bench: ${e.stack ?? e}`);
  } finally {
    await stopServer();
    rmSync(tmp, { recursive: true, force: true });
  }
  const js = sizes ? sizes.js / 1024 : null;
  const css = sizes ? sizes.css / 1024 : null;
  line('web-home-js-gz', js, 'KiB', '<=', BUDGETS.js);
  line('web-home-css-gz', css, 'KiB', '<=', BUDGETS.css);
  line('web-home-lighthouse-performance', score, 'score', '>=', BUDGETS.lighthouse);
  line('web-home-js-gz-aim', js, 'KiB', '<=', BUDGETS.jsAim);
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
process.exit(0);
