import type { Database, DbKind } from '../../db/database';
import { planEvery, stableJobId, startBoss } from '../../db/boss-db';
import type { Clock } from '../../lib/clock';
import { dailyCloseService } from './daily-close.service';

export const DAILY_CLOSE_QUEUE = 'daily-close';

export interface CloseJob {
  merchantId: number;
  day: string;
}

/** One job per (merchant, day), whoever plans it. */
export const closeJobId = (j: CloseJob) => stableJobId(`daily-close:${j.merchantId}:${j.day}`);

/**
 * The daily close on pg-boss (issue 52 item 1: a job once each merchant's local midnight has passed,
 * exactly once). Every process plans every five minutes: each day of each merchant over and not closed
 * yet (from its first day with money, at most a month per pass) is sent as a job whose id is derived
 * from (merchant, day), so it exists once however many processes plan it; the close itself writes a day
 * once, so a retry or a late duplicate changes nothing. A day whose bets still wait for the house
 * roll-up fails its job and pg-boss retries it. Days close in order (a merchant's next day waits for its
 * last close), and planning catches up what was missed while down. `afterClose` (server.ts: the
 * reconciliation with Hub88 and PayMongo) runs in the same job, so its failure is retried too.
 */
export async function startDailyCloseJobs(o: {
  db: Database;
  kind: DbKind;
  clock: Clock;
  onError?: (err: unknown) => void;
  planEveryMs?: number;
  pollSeconds?: number;
  /** Runs after a day's close in the same job (reconciliation): its failure retries the job. */
  afterClose?: (j: CloseJob) => Promise<void>;
}): Promise<{ plan(): Promise<number>; stop(): Promise<void> }> {
  const onError = o.onError ?? (() => {});
  const closes = dailyCloseService(o.db);
  const boss = await startBoss({
    db: o.db,
    kind: o.kind,
    queue: DAILY_CLOSE_QUEUE,
    retryLimit: 20,
    retryDelay: 60,
    supervise: false,
    onError,
  });
  await boss.work<CloseJob>(
    DAILY_CLOSE_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: o.pollSeconds ?? 5 },
    async (jobs) => {
      for (const j of jobs) {
        const [first] = await closes.dueDays(j.data.merchantId, o.clock.now());
        if (first && first < j.data.day) throw new Error(`daily close ${j.data.day} waits for ${first}`);
        await closes.closeDay({ ...j.data, runBy: 'system:daily-close', now: o.clock.now() });
        await o.afterClose?.(j.data);
      }
    },
  );

  const plan = async () => {
    const now = o.clock.now();
    let sent = 0;
    for (const merchantId of await closes.merchantIds())
      for (const day of await closes.dueDays(merchantId, now)) {
        const job: CloseJob = { merchantId, day };
        if (await boss.send(DAILY_CLOSE_QUEUE, job, { id: closeJobId(job), retryLimit: 20, retryDelay: 60 }))
          sent += 1;
      }
    return sent;
  };

  return planEvery(boss, plan, o.planEveryMs ?? 300_000, onError);
}
