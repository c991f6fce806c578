import { CONTRACT_KINDS, type ContractKind } from '@panalo/contract/contract-terms';
import type { Database, DbKind } from '../../db/database';
import { planEvery, stableJobId, startBoss } from '../../db/boss-db';
import type { Clock } from '../../lib/clock';
import { duePeriods, settleContractPeriod, settlingMerchants } from './settlement';

export const CONTRACT_QUEUE = 'contract-settlement';

export interface SettlementJob {
  merchantId: number;
  kind: ContractKind;
  key: string;
  start: number;
  end: number;
}

/** One job per (merchant, kind, period), whoever plans it. */
export const settlementJobId = (j: Pick<SettlementJob, 'merchantId' | 'kind' | 'key'>) =>
  stableJobId(`contract:${j.merchantId}:${j.kind}:${j.key}`);

/**
 * The contract settlements on pg-boss (issue 17 item 3: a scheduled job per kind and period, on the job
 * library the lottery uses). Every process plans every minute: each period that has closed and passed
 * the merchant's cut-off (and any run left unfinished) is sent as a job whose id is derived from
 * (merchant, kind, period), so it exists once however many processes plan it; pg-boss hands it to one
 * worker; the settlement itself pays each (member, kind, period) once, so a retry or a late duplicate
 * pays nothing. A period another process is settling, or whose bets are still queued for the house
 * roll-up, fails its job and pg-boss retries it. Planning catches up what was missed while down.
 */
export async function startContractJobs(o: {
  db: Database;
  kind: DbKind;
  clock: Clock;
  onError?: (err: unknown) => void;
  planEveryMs?: number;
  /** How often a worker polls the queue, seconds (pg-boss's minimum is 0.5). */
  pollSeconds?: number;
}): Promise<{ plan(): Promise<number>; stop(): Promise<void> }> {
  const onError = o.onError ?? (() => {});
  // The lottery's instance supervises (maintenance for every queue); this one only sends and works.
  const boss = await startBoss({
    db: o.db,
    kind: o.kind,
    queue: CONTRACT_QUEUE,
    retryLimit: 20,
    retryDelay: 30,
    supervise: false,
    onError,
  });
  await boss.work<SettlementJob>(
    CONTRACT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: o.pollSeconds ?? 5 },
    async (jobs) => {
      for (const j of jobs) {
        const [m] = await settlingMerchants(o.db, j.data.merchantId);
        if (!m) continue;
        // Periods of a kind settle in order (a dividend's carry-over reads the one before): an earlier
        // period still due goes first, and this job is retried after it.
        const [first] = await duePeriods(o.db, m, j.data.kind, o.clock.now());
        if (first && first.key !== j.data.key)
          throw new Error(`contract period ${j.data.kind} ${j.data.key} waits for ${first.key}`);
        const r = await settleContractPeriod(
          o.db,
          m,
          j.data.kind,
          { key: j.data.key, start: j.data.start, end: j.data.end },
          o.clock.now(),
        );
        if (r.busy || r.waiting)
          throw new Error(`contract period ${j.data.kind} ${j.data.key} not settled yet`);
      }
    },
  );

  const plan = async () => {
    const now = o.clock.now();
    let sent = 0;
    for (const m of await settlingMerchants(o.db))
      for (const kind of CONTRACT_KINDS)
        for (const p of await duePeriods(o.db, m, kind, now)) {
          const job: SettlementJob = { merchantId: m.id, kind, key: p.key, start: p.start, end: p.end };
          if (
            await boss.send(CONTRACT_QUEUE, job, { id: settlementJobId(job), retryLimit: 20, retryDelay: 30 })
          )
            sent += 1;
        }
    return sent;
  };

  return planEvery(boss, plan, o.planEveryMs ?? 60_000, onError);
}
