// npm run cluster (issue 54): the production shape on one machine, from Debian's packages — a PostgreSQL
// primary, a streaming replica made by pg_basebackup (hot standby), three API processes running the
// compiled build, and nginx in front of them. It prints where each part is and stops them all on Ctrl-C.
//
//   npm run cluster                 start (data kept in CLUSTER_DIR, default data/cluster)
//   npm run cluster -- --fresh      start from empty databases
//   npm run cluster -- --check      start, prove the parts through nginx, stop (exit 1 when a check fails)
//
// Ports: nginx CLUSTER_PORT (8080), API processes CLUSTER_API_PORT (8091) and the next two, PostgreSQL
// primary 5441 and replica 5442 (CLUSTER_PG_PORT and the next one). Everything listens on 127.0.0.1
// except nginx. The parts' own logs are in CLUSTER_DIR.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { buildAdmin, buildWeb, root } from './lib.mjs';
import { buildServer } from './build-server.mjs';
import { nginxConfig } from './cluster-nginx.mjs';

const flags = new Set(process.argv.slice(2));
const dir = path.resolve(process.env.CLUSTER_DIR ?? path.join(root, 'data/cluster'));
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const apiPorts = [0, 1, 2].map((i) => Number(process.env.CLUSTER_API_PORT ?? 8091) + i);
const pgPrimary = Number(process.env.CLUSTER_PG_PORT ?? 5441);
const pgReplica = pgPrimary + 1;
const isRoot = process.getuid?.() === 0;

const say = (line) => console.log(`cluster: ${line}`);
const fail = (line) => {
  console.error(`cluster: ${line}`);
  process.exit(1);
};

// ---- Debian's packages ------------------------------------------------------------------------------
function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function ensurePackages() {
  const missing = [];
  if (!pgBinDir()) missing.push('postgresql');
  if (!existsSync('/usr/sbin/nginx')) missing.push('nginx');
  if (missing.length === 0) return;
  if (!isRoot) fail(`needs ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`);
  say(`installing ${missing.join(' and ')} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) fail(`apt-get ${args.join(' ')} failed`);
  }
}

// ---- PostgreSQL: a primary and its streaming replica ---------------------------------------------------
/** Runs a PostgreSQL tool as the postgres user when we are root (the server refuses to run as root). */
function pg(tool, args, { quiet = false } = {}) {
  const bin = path.join(pgBinDir(), tool);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, {
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'],
  });
  return r.status === 0;
}

function ownedDir(p) {
  mkdirSync(p, { recursive: true });
  if (isRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(p, uid, gid);
  }
  chmodSync(p, 0o700);
}

const serverConf = (p, portNo) =>
  [
    `listen_addresses = '127.0.0.1'`,
    `port = ${portNo}`,
    `unix_socket_directories = '${path.join(dir, 'run')}'`,
    `wal_level = replica`,
    `max_wal_senders = 5`,
    `hot_standby = on`,
    `max_connections = 200`,
    `logging_collector = off`,
  ].join('\n') + '\n';

function startPostgres() {
  const run = path.join(dir, 'run');
  ownedDir(run);
  chmodSync(run, 0o755);
  const primary = path.join(dir, 'pg-primary');
  const replica = path.join(dir, 'pg-replica');
  if (!existsSync(path.join(primary, 'PG_VERSION'))) {
    say('creating the primary (initdb)…');
    ownedDir(primary);
    if (
      !pg('initdb', ['-D', primary, '-U', 'panalo', '--auth=trust', '-E', 'UTF8', '--locale=C'], {
        quiet: true,
      })
    )
      fail('initdb failed');
    writeFileSync(path.join(primary, 'postgresql.conf'), serverConf(primary, pgPrimary), { flag: 'a' });
  }
  if (
    !pg('pg_ctl', ['-D', primary, '-l', path.join(dir, 'run', 'pg-primary.log'), '-w', 'start'], {
      quiet: true,
    })
  )
    fail(`the primary did not start (see ${path.join(dir, 'run', 'pg-primary.log')})`);
  pg('createdb', ['-h', '127.0.0.1', '-p', String(pgPrimary), '-U', 'panalo', 'panalo'], { quiet: true });
  if (!existsSync(path.join(replica, 'PG_VERSION'))) {
    say('making the replica (pg_basebackup, streaming)…');
    ownedDir(replica);
    const args = [
      '-h',
      '127.0.0.1',
      '-p',
      String(pgPrimary),
      '-U',
      'panalo',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
    ];
    if (!pg('pg_basebackup', [...args, '-c', 'fast'], { quiet: true })) fail('pg_basebackup failed');
    writeFileSync(path.join(replica, 'postgresql.conf'), `port = ${pgReplica}\n`, { flag: 'a' });
  }
  if (
    !pg('pg_ctl', ['-D', replica, '-l', path.join(dir, 'run', 'pg-replica.log'), '-w', 'start'], {
      quiet: true,
    })
  )
    fail(`the replica did not start (see ${path.join(dir, 'run', 'pg-replica.log')})`);
  return { primary, replica };
}

function stopPostgres() {
  for (const d of ['pg-replica', 'pg-primary'])
    pg('pg_ctl', ['-D', path.join(dir, d), '-m', 'fast', '-w', 'stop'], { quiet: true });
}

// ---- API processes and nginx --------------------------------------------------------------------------
const children = new Set();
const apis = new Map();

function startApi(portNo) {
  const log = openSync(path.join(dir, `api-${portNo}.log`), 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(portNo),
      HOST: '127.0.0.1',
      DATABASE_URL: `postgres://panalo@127.0.0.1:${pgPrimary}/panalo`,
      DATABASE_READ_URL: `postgres://panalo@127.0.0.1:${pgReplica}/panalo`,
      DATA_DIR: path.join(dir, 'files'),
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  children.add(child);
  apis.set(portNo, child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function killApi(portNo) {
  const child = apis.get(portNo);
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

async function healthy(url, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function startNginx() {
  const prefix = path.join(dir, 'nginx');
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  chmodSync(path.join(prefix, 'temp'), 0o777);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ prefix, port, apiPorts, user: isRoot ? 'nobody nogroup' : null }));
  const test = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) fail(`nginx refused its configuration:\n${test.stderr}`);
  const child = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', conf], { stdio: 'inherit' });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  for (const c of children) c.kill('SIGTERM');
  const until = Date.now() + 10_000;
  while (children.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  for (const c of children) c.kill('SIGKILL');
  stopPostgres();
  say('stopped');
  process.exit(code);
}

// ---- start --------------------------------------------------------------------------------------------
ensurePackages();
if (flags.has('--fresh') && existsSync(dir)) {
  stopPostgres();
  rmSync(dir, { recursive: true, force: true });
}
mkdirSync(dir, { recursive: true });
chmodSync(dir, 0o755); // the postgres user reaches its folders inside
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stopAll(0));

buildWeb();
buildAdmin();
say(`built the API (${await buildServer()} ms)`);
startPostgres();
say(`PostgreSQL primary on 127.0.0.1:${pgPrimary}, streaming replica on 127.0.0.1:${pgReplica}`);
// The first process migrates and seeds; the others start once it is up.
startApi(apiPorts[0]);
if (!(await healthy(`http://127.0.0.1:${apiPorts[0]}/api/health`, 180)))
  await stopAll(1).then(() => fail(`API ${apiPorts[0]} did not start (see ${dir}/api-${apiPorts[0]}.log)`));
for (const p of apiPorts.slice(1)) startApi(p);
for (const p of apiPorts.slice(1))
  if (!(await healthy(`http://127.0.0.1:${p}/api/health`, 60))) {
    console.error(`cluster: API ${p} did not start (see ${dir}/api-${p}.log)`);
    await stopAll(1);
  }
say(`API processes on 127.0.0.1:${apiPorts.join(', ')} (compiled build, logs in ${dir})`);
startNginx();
if (!(await healthy(`http://127.0.0.1:${port}/api/health`, 20))) {
  console.error('cluster: nginx did not answer');
  await stopAll(1);
}
say(`nginx on :${port} in front of them`);
say(`Panalo       http://localhost:${port}/m/home`);
say(`Luzon Palace http://luzon.localhost:${port}/m/home`);
say(`console      http://localhost:${port}/admin/`);
if (flags.has('--check')) {
  const { checkCluster } = await import('./cluster-check.mjs');
  const ok = await checkCluster({
    port,
    apiPorts,
    pgPrimary,
    pgReplica,
    say,
    killApi,
    startApi: (p) => (startApi(p), healthy(`http://127.0.0.1:${p}/api/health`, 60)),
  });
  await stopAll(ok ? 0 : 1);
} else {
  say('Ctrl-C stops them all');
}
