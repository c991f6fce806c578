import type { Database, DbKind } from '../../db/database';
import { planEvery, stableJobId, startBoss } from '../../db/boss-db';
import type { Clock } from '../../lib/clock';
import { dueRains, endRain } from './rain.service';

export const RAIN_QUEUE = 'rain-end';

/** One job per rain, whoever plans it. */
export const rainJobId = (rainId: bigint | string) => stableJobId(`rain:${rainId}`);

/**
 * The end of red envelope rains on pg-boss: every process plans every 30 s, sending a job (its id derived
 * from the rain) for each rain whose window is over; pg-boss hands it to one worker, which returns the
 * rest to the agent (endRain ends a rain once, whoever calls it). A rain missed while down is ended at
 * the next plan.
 */
export async function startRainJobs(o: {
  db: Database;
  kind: DbKind;
  clock: Clock;
  onError?: (err: unknown) => void;
  planEveryMs?: number;
  pollSeconds?: number;
}): Promise<{ plan(): Promise<number>; stop(): Promise<void> }> {
  const onError = o.onError ?? (() => {});
  const boss = await startBoss({
    db: o.db,
    kind: o.kind,
    queue: RAIN_QUEUE,
    retryLimit: 20,
    retryDelay: 30,
    supervise: false,
    onError,
  });
  await boss.work<{ rainId: string }>(
    RAIN_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: o.pollSeconds ?? 5 },
    async (jobs) => {
      for (const j of jobs) await endRain(o.db, BigInt(j.data.rainId), o.clock.now(), { status: 'finished' });
    },
  );

  const plan = async () => {
    const due = await dueRains(o.db, o.clock.now());
    let sent = 0;
    for (const id of due)
      if (await boss.send(RAIN_QUEUE, { rainId: String(id) }, { id: rainJobId(id), retryLimit: 20 }))
        sent += 1;
    return sent;
  };

  return planEvery(boss, plan, o.planEveryMs ?? 30_000, onError);
}
