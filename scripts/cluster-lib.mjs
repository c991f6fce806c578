// The cluster's parts (issue 54), started and stopped from code: `npm run cluster` (scripts/cluster.mjs) and
// the failover soak (`npm run soak:cluster`) both use it. A PostgreSQL primary and its streaming replica
// (pg_basebackup, hot standby), API processes running the compiled build, and nginx in front of them —
// from Debian's packages, installed with apt-get when missing (as root).
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { buildAdmin, buildWeb, root } from './lib.mjs';
import { buildServer } from './build-server.mjs';
import { nginxConfig } from './cluster-nginx.mjs';

const isRoot = process.getuid?.() === 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- Debian's packages ------------------------------------------------------------------------------
function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** PostgreSQL and nginx from Debian's packages: installed when missing (as root), else the command named. */
export function ensurePackages(say) {
  const missing = [];
  if (!pgBinDir()) missing.push('postgresql');
  if (!existsSync('/usr/sbin/nginx')) missing.push('nginx');
  if (missing.length === 0) return;
  if (!isRoot)
    throw new Error(`needs ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`);
  say(`installing ${missing.join(' and ')} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

/** Runs a PostgreSQL tool as the postgres user when we are root (the server refuses to run as root). */
function pg(tool, args) {
  const bin = path.join(pgBinDir(), tool);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return spawnSync(cmd, argv, { encoding: 'utf8', stdio: 'pipe' }).status === 0;
}

function ownedDir(p, mode = 0o700) {
  mkdirSync(p, { recursive: true });
  if (isRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(p, id('-u'), id('-g'));
  }
  chmodSync(p, mode);
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
    await sleep(200);
  }
  return false;
}

/**
 * Starts the cluster. Options: dir (its data and logs), port (nginx), apiPort (the first API process; the
 * others follow), apis (how many, 3), pgPort (the primary; the replica is the next), fresh (empty
 * databases), env (more settings of the API processes), ratePerSecond (nginx's flood guard per address),
 * say (progress lines). Answers the parts and the ways to kill, start and stop them.
 */
export async function startCluster(o) {
  const say = o.say ?? (() => {});
  const dir = path.resolve(o.dir);
  const port = o.port ?? 8080;
  const apiPorts = Array.from({ length: o.apis ?? 3 }, (_, i) => (o.apiPort ?? 8091) + i);
  const pgPrimary = o.pgPort ?? 5441;
  const pgReplica = pgPrimary + 1;
  const run = path.join(dir, 'run');
  const primaryDir = path.join(dir, 'pg-primary');
  const replicaDir = path.join(dir, 'pg-replica');
  const pgLog = (name) => path.join(run, `${name}.log`);
  const pgCtl = (d, action) =>
    pg('pg_ctl', [
      '-D',
      d,
      ...(action === 'stop' ? ['-m', 'fast'] : ['-l', pgLog(path.basename(d))]),
      '-w',
      action,
    ]);
  const children = new Set();
  const apis = new Map();

  const stopPostgres = () => {
    for (const d of [replicaDir, primaryDir])
      if (existsSync(path.join(d, 'postmaster.pid'))) pgCtl(d, 'stop');
  };

  ensurePackages(say);
  if (o.fresh && existsSync(dir)) {
    stopPostgres();
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // the postgres user reaches its folders inside
  buildWeb();
  buildAdmin();
  say(`built the API (${await buildServer()} ms)`);

  // PostgreSQL: the primary, then its replica.
  ownedDir(run, 0o755);
  if (!existsSync(path.join(primaryDir, 'PG_VERSION'))) {
    say('creating the primary (initdb)…');
    ownedDir(primaryDir);
    if (!pg('initdb', ['-D', primaryDir, '-U', 'panalo', '--auth=trust', '-E', 'UTF8', '--locale=C']))
      throw new Error('initdb failed');
    const conf = [
      `listen_addresses = '127.0.0.1'`,
      `port = ${pgPrimary}`,
      `unix_socket_directories = '${run}'`,
      `wal_level = replica`,
      `max_wal_senders = 5`,
      `hot_standby = on`,
      `max_connections = 200`,
    ];
    writeFileSync(path.join(primaryDir, 'postgresql.conf'), `${conf.join('\n')}\n`, { flag: 'a' });
  }
  if (!pgCtl(primaryDir, 'start')) throw new Error(`the primary did not start (see ${pgLog('pg-primary')})`);
  pg('createdb', ['-h', '127.0.0.1', '-p', String(pgPrimary), '-U', 'panalo', 'panalo']);
  if (!existsSync(path.join(replicaDir, 'PG_VERSION'))) {
    say('making the replica (pg_basebackup, streaming)…');
    ownedDir(replicaDir);
    const from = ['-h', '127.0.0.1', '-p', String(pgPrimary), '-U', 'panalo'];
    if (!pg('pg_basebackup', [...from, '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']))
      throw new Error('pg_basebackup failed');
    writeFileSync(path.join(replicaDir, 'postgresql.conf'), `port = ${pgReplica}\n`, { flag: 'a' });
  }
  if (!pgCtl(replicaDir, 'start')) throw new Error(`the replica did not start (see ${pgLog('pg-replica')})`);
  say(`PostgreSQL primary on 127.0.0.1:${pgPrimary}, streaming replica on 127.0.0.1:${pgReplica}`);

  const databaseUrl = `postgres://panalo@127.0.0.1:${pgPrimary}/panalo`;
  const replicaUrl = `postgres://panalo@127.0.0.1:${pgReplica}/panalo`;

  /** Starts an API process (the compiled build); resolves once it answers its health check. */
  const startApi = async (portNo) => {
    const log = openSync(path.join(dir, `api-${portNo}.log`), 'a');
    const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        PORT: String(portNo),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATABASE_READ_URL: replicaUrl,
        DATA_DIR: path.join(dir, 'files'),
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...o.env,
      },
    });
    children.add(child);
    apis.set(portNo, child);
    child.on('exit', () => children.delete(child));
    return healthy(`http://127.0.0.1:${portNo}/api/health`, 180);
  };
  /** SIGKILLs an API process; resolves once it is gone. */
  const killApi = async (portNo) => {
    const child = apis.get(portNo);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  };
  /** Restarts the replica (a fast shutdown, then a start); the primary goes on. */
  const restartReplica = async () => {
    pgCtl(replicaDir, 'stop');
    if (!pgCtl(replicaDir, 'start'))
      throw new Error(`the replica did not restart (see ${pgLog('pg-replica')})`);
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const c of children) c.kill('SIGTERM');
    const until = Date.now() + 10_000;
    while (children.size > 0 && Date.now() < until) await sleep(100);
    for (const c of children) c.kill('SIGKILL');
    stopPostgres();
  };

  try {
    // The first process migrates and seeds; the others start once it is up.
    if (!(await startApi(apiPorts[0])))
      throw new Error(`API ${apiPorts[0]} did not start (see ${dir}/api-${apiPorts[0]}.log)`);
    const rest = await Promise.all(apiPorts.slice(1).map((p) => startApi(p)));
    const down = apiPorts.slice(1).filter((_, i) => !rest[i]);
    if (down.length) throw new Error(`API ${down.join(', ')} did not start (see ${dir}/api-<port>.log)`);
    say(`API processes on 127.0.0.1:${apiPorts.join(', ')} (compiled build, logs in ${dir})`);

    const prefix = path.join(dir, 'nginx');
    mkdirSync(path.join(prefix, 'temp'), { recursive: true });
    chmodSync(path.join(prefix, 'temp'), 0o777);
    const conf = path.join(prefix, 'nginx.conf');
    const config = nginxConfig({
      prefix,
      port,
      apiPorts,
      user: isRoot ? 'nobody nogroup' : null,
      ratePerSecond: o.ratePerSecond,
    });
    writeFileSync(conf, config);
    const test = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
    const nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', conf], { stdio: 'inherit' });
    children.add(nginx);
    nginx.on('exit', () => children.delete(nginx));
    if (!(await healthy(`http://127.0.0.1:${port}/api/health`, 20))) throw new Error('nginx did not answer');
    say(`nginx on :${port} in front of them`);
  } catch (err) {
    await stop();
    throw err;
  }
  /** The process ids of each part (for measuring where the CPU goes): API processes, nginx's master, the postmasters. */
  const pids = () => ({
    api: [...apis.values()].filter((c) => c.exitCode === null && c.signalCode === null).map((c) => c.pid),
    nginx: [...children].filter((c) => c.spawnfile === '/usr/sbin/nginx').map((c) => c.pid),
    postgres: [primaryDir, replicaDir].map((d) => {
      try {
        return Number(readFileSync(path.join(d, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return 0;
      }
    }),
  });
  return {
    dir,
    port,
    apiPorts,
    pgPrimary,
    pgReplica,
    databaseUrl,
    replicaUrl,
    startApi,
    killApi,
    restartReplica,
    stop,
    pids,
  };
}
