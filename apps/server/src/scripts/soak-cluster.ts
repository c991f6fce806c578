// npm run soak:cluster [-- --ops N --kills K --clients C]: the money soak (soak.ts) driven through the
// cluster's nginx (issue 54 item 4) — a PostgreSQL primary and its streaming replica, three API processes
// from the compiled build — while one API process at a time is SIGKILLed and restarted, and the replica is
// restarted once. The clients never pause: nginx sends their requests to the processes alive. A request
// lost in flight (nginx's 502 for a POST whose process died under it) is sent again with the same key.
// Then the soak's checks — every balance equals its answers, replays answered as the first time, changed
// bodies refused, the ledger's invariants — and the jobs' (each draw's wins paid once), as bench lines.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startCluster, type Cluster } from '../../../../scripts/cluster-lib.mjs';
import { benchHeader, benchLine, infoLine } from '../../../../scripts/bench-lines.mjs';
import { openDatabase } from '../db/database';
import { benchMembers } from './bench-support';
import { printSoak, runSoak, type SoakApi } from './soak';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The soak's API: the cluster's nginx; a kill takes the next process down and start() brings it back. */
function clusterApi(cluster: Cluster, kills: number, log: (l: string) => void): SoakApi {
  let turn = 0;
  let victim: number | null = null;
  let stopped = false;
  return {
    base: `http://127.0.0.1:${cluster.port}`,
    keepsServing: true,
    async start() {
      if (victim === null) return; // the cluster is already up
      const port = victim;
      victim = null;
      const began = Date.now();
      if (!(await cluster.startApi(port))) throw new Error(`API ${port} did not restart`);
      log(`api ${port} back in ${Date.now() - began} ms`);
      // One process down at a time as nginx sees it too: nginx tries a failed process again only after
      // its fail_timeout, so the next kill waits until nginx sends requests to this one again.
      const instance = await instanceOf(`http://127.0.0.1:${port}`);
      const until = Date.now() + 20_000;
      while ((await instanceOf(`http://127.0.0.1:${cluster.port}`).catch(() => '')) !== instance) {
        if (Date.now() > until) throw new Error(`nginx did not send requests to API ${port} again`);
        await new Promise((r) => setTimeout(r, 50));
      }
      log(`api ${port} served through nginx again after ${Date.now() - began} ms`);
    },
    async kill() {
      if (stopped) return; // the soak's last kill(), after its end: the cluster is stopped as a whole
      victim = cluster.apiPorts[turn % cluster.apiPorts.length]!;
      turn++;
      await cluster.killApi(victim);
      log(`api ${victim} killed`);
      // Halfway through, the replica is restarted too (the reports' reads go to the primary meanwhile).
      if (turn === Math.ceil(kills / 2)) {
        await cluster.restartReplica();
        log('replica restarted');
      }
    },
    async stop() {
      stopped = true;
    },
    async retries() {
      let retries = 0;
      let exhausted = 0;
      for (const f of readdirSync(cluster.dir).filter((n) => /^api-\d+\.log$/.test(n))) {
        const text = readFileSync(path.join(cluster.dir, f), 'utf8');
        retries += text.split('"msg":"transaction retried"').length - 1;
        exhausted += text.split('"msg":"transaction retries exhausted"').length - 1;
      }
      return { retries, exhausted };
    },
  };
}

/**
 * A member's live event across processes (issue 54 item 3): the member's stream is open on the first API
 * process, the member plays a dice round on the second, and the balance event reaches the stream (through
 * PostgreSQL's NOTIFY). Answers how long it took, in ms, or null when it never came within 5 s.
 */
async function liveAcrossProcesses(cluster: Cluster): Promise<number | null> {
  const [a, b] = cluster.apiPorts.map((p) => `http://127.0.0.1:${p}`);
  const handle = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 1 });
  let token: string;
  try {
    const { members } = await benchMembers(handle.db, 1, {
      prefix: 'livecheck',
      funds: 100_000n,
      sessions: true,
    });
    token = members[0]!.token!;
  } finally {
    await handle.close();
  }
  const headers = {
    merchant: 'panalo',
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const ticket = (await (
    await fetch(`${a}/api/stream/ticket`, { method: 'POST', headers, body: '{}' })
  ).json()) as {
    value: { ticket: string };
  };
  const ctl = new AbortController();
  const stream = await fetch(`${a}/api/stream?ticket=${encodeURIComponent(ticket.value.ticket)}`, {
    headers: { merchant: 'panalo', accept: 'text/event-stream' },
    signal: ctl.signal,
  });
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const started = Date.now();
  const heard = (async () => {
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      text += new TextDecoder().decode(value);
      if (/event: balance/.test(text)) return Date.now() - started;
    }
  })().catch(() => null);
  const played = await fetch(`${b}/api/inhouse/dice/play`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': 'livecheck-1' },
    body: JSON.stringify({ amount: '1.00', target: 5000, direction: 'under' }),
  });
  if (played.status !== 200) throw new Error(`the live check's dice round: HTTP ${played.status}`);
  const timer = setTimeout(() => ctl.abort(), 5_000);
  const ms = await heard;
  clearTimeout(timer);
  ctl.abort();
  return ms;
}

/** The instance id of the API process that answers a health check there. */
async function instanceOf(base: string): Promise<string> {
  const res = await fetch(`${base}/api/health`);
  return ((await res.json()) as { value: { instance: string } }).value.instance;
}

/** Each won lottery bet's payout credited once: the wins in the ledger equal the bets' payouts, per member. */
async function winsPaidTwice(url: string): Promise<number> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const r = await sql<{ n: string }>`
      with paid as (
        select a.owner_member_id as member_id, sum(e.amount) as s from ledger_entry e
        join ledger_transfer t on t.id = e.transfer_id
        join ledger_account a on a.id = e.account_id
        where a.kind = 'member_wallet' and t.kind = 'lottery_win' group by 1),
      won as (select member_id, sum(payout) as s from lottery_bet where status = 'won' group by 1)
      select count(*)::text as n from paid full join won using (member_id)
      where coalesce(paid.s, 0) <> coalesce(won.s, 0)`.execute(handle.db);
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await handle.close();
  }
}

async function main() {
  const kills = arg('kills', 10);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'panalo-soak-cluster-'));
  const say = (l: string) => console.log(`# ${l}`);
  benchHeader('PostgreSQL cluster (primary, streaming replica, 3 API processes, nginx)');
  const cluster = await startCluster({
    dir,
    fresh: true,
    port: arg('port', 8180),
    apiPort: arg('api-port', 8191),
    pgPort: arg('pg-port', 5451),
    // The soak's own pace: no flood guard in its way, no simulators, no development tools.
    env: {
      RATE_LIMIT_PER_MINUTE: '10000000',
      PAYSIM: '0',
      VENDORSIM: '0',
      DEV_TOOLS: '0',
      DATABASE_POOL_SIZE: '10',
    },
    ratePerSecond: 1_000_000,
    say,
  });
  try {
    // The cluster seeds the demo with verification levels on (issue 53); the soak's members are not
    // verified, so, as in the single-process soak, its merchant runs without them: withdrawals and
    // transfers then move money instead of being refused.
    const handle = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 1 });
    await sql`update kyc_settings set settings = jsonb_set(settings::jsonb, '{enabled}', 'false')
      where merchant_id = (select id from merchant where code = 'panalo')`.execute(handle.db);
    await handle.close();
    const live = await liveAcrossProcesses(cluster);
    const began = Date.now();
    const r = await runSoak({
      url: cluster.databaseUrl,
      ops: arg('ops', 6000),
      kills,
      clients: arg('clients', 48),
      members: arg('members', 8),
      seed: arg('seed', 54),
      log: say,
      api: (log) => clusterApi(cluster, kills, log),
    });
    const ok = printSoak(r, (Date.now() - began) / 1000);
    infoLine('soak-cluster-processes', cluster.apiPorts.length, 'API processes');
    const killed = benchLine('soak-cluster-kills', r.kills, 'kills', '>=', Math.min(kills, 10));
    const once = benchLine(
      'soak-cluster-wins-paid-twice',
      await winsPaidTwice(cluster.databaseUrl),
      'members',
      '<=',
      0,
    );
    const heard = benchLine('soak-cluster-live-across-processes', live, 'ms', '<=', 2000);
    if (!(ok && killed && once && heard)) process.exitCode = 1;
  } finally {
    await cluster.stop();
    if (process.exitCode !== 1 && !process.argv.includes('--keep'))
      rmSync(dir, { recursive: true, force: true });
    else console.log(`# the cluster's logs are kept in ${dir}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  console.log('bench soak-cluster: error (see above) FAIL');
  process.exitCode = 1;
});
