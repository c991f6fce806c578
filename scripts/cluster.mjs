// npm run cluster (issue 54): the production shape on one machine, from Debian's packages — a PostgreSQL
// primary, a streaming replica made by pg_basebackup (hot standby), three API processes running the
// compiled build, and nginx in front of them. It prints where each part is and stops them all on Ctrl-C.
//
//   npm run cluster                 start (data kept in CLUSTER_DIR, default data/cluster)
//   npm run cluster -- --fresh      start from empty databases
//   npm run cluster -- --check      start, prove the parts through nginx, stop (exit 1 when a check fails)
//
// Ports: nginx CLUSTER_PORT (8080), API processes CLUSTER_API_PORT (8091) and the next two, PostgreSQL
// primary CLUSTER_PG_PORT (5441) and the replica the next one. Everything but nginx listens on 127.0.0.1.
// Each part's log is in CLUSTER_DIR. The parts themselves: scripts/cluster-lib.mjs.
import path from 'node:path';
import { root } from './lib.mjs';
import { startCluster } from './cluster-lib.mjs';

const flags = new Set(process.argv.slice(2));
const say = (line) => console.log(`cluster: ${line}`);

let cluster;
let stopping = false;
const stopAll = async (code) => {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  await cluster?.stop();
  say('stopped');
  process.exit(code);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stopAll(0));

try {
  cluster = await startCluster({
    dir: process.env.CLUSTER_DIR ?? path.join(root, 'data/cluster'),
    port: Number(process.env.CLUSTER_PORT ?? 8080),
    apiPort: Number(process.env.CLUSTER_API_PORT ?? 8091),
    pgPort: Number(process.env.CLUSTER_PG_PORT ?? 5441),
    fresh: flags.has('--fresh'),
    say,
  });
} catch (err) {
  console.error(`cluster: ${err.message}`);
  process.exit(1);
}
const { port } = cluster;
say(`Panalo       http://localhost:${port}/m/home`);
say(`Luzon Palace http://luzon.localhost:${port}/m/home`);
say(`console      http://localhost:${port}/admin/ (provider: /admin/provider/)`);
if (flags.has('--check')) {
  const { checkCluster } = await import('./cluster-check.mjs');
  const ok = await checkCluster({ ...cluster, say }).catch((err) => {
    console.error(`cluster: the check broke: ${err.stack ?? err}`);
    return false;
  });
  await stopAll(ok ? 0 : 1);
} else {
  say('Ctrl-C stops them all');
}
