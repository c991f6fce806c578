// npm run bench:cluster (issue 54 item 5): the game wallet's bet callback and the lottery's order through
// the cluster's nginx with one API process and with three, side by side, with the machine's core count and
// where the CPU went in each phase (the API processes, PostgreSQL, nginx, this load generator).
// Each phase starts its own cluster (fresh databases, `npm run cluster`'s parts on ports 8280, 8291–8293,
// 5461–5462), makes funded bench players through the real services and drives BENCH_CLIENTS keep-alive
// clients for BENCH_PHASE_MS after a warm-up. Only bets that succeeded count; refusals get their own line.
// On 2 cores three processes cannot be faster than one (the database and the API share the cores), so
// the throughputs and their ratio are info lines; the budget is a bet answered through nginx within
// 100 ms at p99 (a vendor's callback waits seconds; the API's own bench holds 50 ms without nginx).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from '../../../../scripts/cluster-lib.mjs';
import { benchHeader, benchLine, infoLine } from '../../../../scripts/bench-lines.mjs';
import { openDatabase } from '../db/database';
import { seedGameWallet } from '../modules/game-wallet/game-wallet.seed';
import type { Database } from '../db/database';
import { getGame } from '../modules/lottery/engine/registry';
import { periodAt } from '../modules/lottery/engine/schedule';
import {
  BenchHttpClient,
  benchPlayers,
  benchMembers,
  betPhase,
  CLIENTS,
  drive,
  p99,
  perSecond,
  refusalCode,
  refusals,
  type Figures,
} from './bench-support';

const TICK = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ on Linux)

/** A process and all its descendants (PostgreSQL's backends, nginx's workers). */
function family(pid: number): number[] {
  if (!pid) return [];
  let kids: number[] = [];
  try {
    kids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    // no children
  }
  return [pid, ...kids.flatMap(family)];
}

/** CPU seconds (user + system) the processes used so far; one that ended meanwhile counts nothing. */
function cpuSeconds(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / TICK);
    } catch {
      // gone
    }
  }
  return out;
}

type Parts = { api: number[]; postgres: number[]; nginx: number[] };
const partsOf = (c: Cluster): Parts => {
  const p = c.pids();
  return { api: p.api.flatMap(family), postgres: p.postgres.flatMap(family), nginx: p.nginx.flatMap(family) };
};

/** Where the CPU went between two samples, per part, in CPU seconds. */
function spent(parts: Parts, before: Record<keyof Parts, Map<number, number>>) {
  const used = (k: keyof Parts) => {
    const now = cpuSeconds(parts[k]);
    let s = 0;
    for (const [pid, t] of now) s += t - (before[k].get(pid) ?? t);
    return s;
  };
  return { api: used('api'), postgres: used('postgres'), nginx: used('nginx') };
}

/** Lottery orders (one size bet each, WINGO5's open period) from CLIENTS members with sessions, keyed. */
async function orderPhase(port: number, tokens: string[], tag: string): Promise<Figures> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => BenchHttpClient.connect(port)));
  let seq = 0;
  try {
    return await drive(async (i) => {
      const n = ++seq;
      const body = JSON.stringify({
        gameCode: 'WINGO5',
        numero: periodAt(getGame('WINGO5'), new Date()).numero,
        items: [{ betType: 'size', selection: n % 2 ? 'big' : 'small', amount: '1.00', units: 1 }],
      });
      const res = await clients[i]!.post(
        '/api/lottery/bets',
        {
          merchant: 'panalo',
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[i % tokens.length]}`,
          'idempotency-key': `${tag}-${n}`,
        },
        body,
      );
      return res.status === 200 ? null : refusalCode(res);
    });
  } finally {
    for (const c of clients) c.close();
  }
}

/** Funded members with a session each (the lottery's players). */
async function lotteryPlayers(db: Database, count: number): Promise<string[]> {
  const { members } = await benchMembers(db, count, { prefix: 'lotto', sessions: true });
  return members.map((m) => m.token!);
}

type Phase = { bets: Figures; orders: Figures; cpu: Record<string, number> };

async function phase(apis: number): Promise<Phase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'panalo-bench-cluster-'));
  const cluster = await startCluster({
    dir,
    fresh: true,
    apis,
    port: 8280,
    apiPort: 8291,
    pgPort: 5461,
    env: { RATE_LIMIT_PER_MINUTE: '100000000', PAYSIM: '0', VENDORSIM: '0', DEV_TOOLS: '0' },
    ratePerSecond: 1_000_000,
    say: (l) => console.log(`# ${l}`),
  });
  try {
    const handle = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 2 });
    let tokens: string[];
    let secret: string;
    let players: string[];
    try {
      await seedGameWallet(handle.db);
      ({ tokens, secret } = await benchPlayers(handle.db, CLIENTS));
      players = await lotteryPlayers(handle.db, CLIENTS);
    } finally {
      await handle.close();
    }
    const parts = partsOf(cluster);
    let before = { api: new Map(), postgres: new Map(), nginx: new Map() } as Record<
      keyof Parts,
      Map<number, number>
    >;
    let self = process.cpuUsage();
    const bets = await betPhase(cluster.port, tokens, secret, `cluster${apis}`, {
      onMeasure: () => {
        before = {
          api: cpuSeconds(parts.api),
          postgres: cpuSeconds(parts.postgres),
          nginx: cpuSeconds(parts.nginx),
        };
        self = process.cpuUsage();
      },
    });
    const cpu = {
      ...spent(parts, before),
      loadGenerator: (() => {
        const u = process.cpuUsage(self);
        return (u.user + u.system) / 1e6;
      })(),
    };
    const orders = await orderPhase(cluster.port, players, `orders${apis}`);
    return { bets, orders, cpu };
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  benchHeader('PostgreSQL cluster (primary, streaming replica, API processes, nginx)');
  const cores = os.cpus().length;
  infoLine('cluster-cores', cores, 'cores');
  const one = await phase(1);
  const three = await phase(3);
  const show = (name: string, r: Phase) => {
    infoLine(`cluster-bets-${name}`, perSecond(r.bets), 'bets/s');
    infoLine(`cluster-bets-${name}-p99`, p99(r.bets), 'ms');
    infoLine(`cluster-orders-${name}`, perSecond(r.orders), 'orders/s');
    infoLine(`cluster-orders-${name}-p99`, p99(r.orders), 'ms');
    refusals(`cluster-orders-${name}`, r.orders);
    const per = (s: number) => `${((100 * s) / r.bets.seconds).toFixed(0)} %`;
    infoLine(
      `cluster-cpu-${name}`,
      `API ${per(r.cpu.api!)}, PostgreSQL ${per(r.cpu.postgres!)}, nginx ${per(r.cpu.nginx!)}, load generator ${per(r.cpu.loadGenerator!)} of one core over ${r.bets.seconds.toFixed(1)} s`,
    );
    refusals(`cluster-bets-${name}`, r.bets);
  };
  show('1-process', one);
  show('3-processes', three);
  // Three processes share the same 2 cores with PostgreSQL: the ratio is what it is (info), not a budget.
  infoLine('cluster-bets-3-vs-1', perSecond(three.bets) / perSecond(one.bets), 'x');
  infoLine('cluster-orders-3-vs-1', perSecond(three.orders) / perSecond(one.orders), 'x');
  const ok = [
    benchLine('cluster-p99-1-process', p99(one.bets), 'ms', '<=', 100),
    benchLine('cluster-p99-3-processes', p99(three.bets), 'ms', '<=', 100),
    benchLine('cluster-orders-p99-1-process', p99(one.orders), 'ms', '<=', 100),
    benchLine('cluster-orders-p99-3-processes', p99(three.orders), 'ms', '<=', 100),
  ].every(Boolean);
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  console.log('bench cluster: error (see above) FAIL');
  process.exitCode = 1;
});
