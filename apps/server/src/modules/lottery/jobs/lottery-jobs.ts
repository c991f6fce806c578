import type { Database, DbKind } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { LotteryEvents } from '../lottery.events';
import { ensurePeriods, PERIOD_HORIZON_MS } from '../lottery.periods';
import { stableJobId, startBoss } from '../../../db/boss-db';
import { runTransition, schedulerTick, type TransitionJob } from './lottery-scheduler';

export const LOTTERY_QUEUE = 'lottery-period';

/** A job id that is the same in every process for one (game, numero, transition): pg-boss keeps one. */
export function transitionJobId(j: Pick<TransitionJob, 'gameCode' | 'numero' | 'transition'>): string {
  return stableJobId(`lottery:${j.gameCode}:${j.numero}:${j.transition}`);
}

export interface LotteryJobs {
  /** Plans now: catches up what is due (runs it here) and queues the transitions of the coming periods. */
  plan(): Promise<{ ran: number; queued: number }>;
  stop(): Promise<void>;
}

export interface LotteryJobsOptions {
  db: Database;
  kind: DbKind;
  clock: Clock;
  events?: LotteryEvents;
  onError?: (err: unknown) => void;
  /** How often each process plans (and runs what the queue missed), ms. */
  planEveryMs?: number;
  /** How often a worker polls the queue, seconds (pg-boss's minimum is 0.5). */
  pollSeconds?: number;
}

/**
 * The lottery's jobs on pg-boss (PostgreSQL, and PGlite through the same adapter: see boss-db.ts). Each
 * period transition (open, lock, draw + settle) is one job whose id is derived from (game, numero,
 * transition), so however many processes plan it, it exists once; pg-boss hands it to one worker
 * (SKIP LOCKED) at its time, and the transition itself is guarded by the period's state, so a retry or a
 * late duplicate does nothing. Every process plans on start — running at once every transition whose
 * time passed while nothing was up (the catch-up) — and again every planEveryMs.
 */
export async function startLotteryJobs(o: LotteryJobsOptions): Promise<LotteryJobs> {
  const onError = o.onError ?? (() => {});
  const boss = await startBoss({
    db: o.db,
    kind: o.kind,
    queue: LOTTERY_QUEUE,
    retryLimit: 10,
    retryDelay: 1,
    supervise: true,
    onError,
  });
  await boss.work<TransitionJob>(
    LOTTERY_QUEUE,
    { batchSize: 4, pollingIntervalSeconds: o.pollSeconds ?? 1 },
    async (jobs) => {
      // pg-boss hands a job over by the database's clock; a transition is guarded by ours. Hosts' clocks
      // differ a little: a job early by ours would find its transition not due and be completed having
      // done nothing (the period waiting for the next plan), so it fails instead and pg-boss retries it.
      let early = 0;
      for (const j of jobs) {
        if (j.data.at && Date.parse(j.data.at) > o.clock.now().getTime()) early += 1;
        else await runTransition(o.db, j.data, o.clock.now(), o.events);
      }
      if (early > 0) throw new Error(`${early} lottery job(s) handed over before their time; retried`);
    },
  );

  const plan = async () => {
    const ran = await schedulerTick(o.db, o.clock, o.events, onError);
    const now = o.clock.now();
    await ensurePeriods(o.db, now);
    const upcoming = await o.db
      .selectFrom('lottery_period')
      .select(['id', 'game_code', 'numero', 'state', 'open_at', 'lock_at', 'draw_at'])
      .where('state', 'in', ['scheduled', 'open', 'locked'])
      .where('draw_at', '<=', new Date(now.getTime() + PERIOD_HORIZON_MS))
      .execute();
    let queued = 0;
    for (const p of upcoming) {
      const steps: [TransitionJob['transition'], Date][] = [
        ['open', p.open_at],
        ['lock', p.lock_at],
        ['draw', p.draw_at],
      ];
      for (const [transition, at] of steps) {
        if (transition === 'open' && p.state !== 'scheduled') continue;
        if (transition === 'lock' && p.state === 'locked') continue;
        const job: TransitionJob = {
          periodId: p.id.toString(),
          gameCode: p.game_code,
          numero: p.numero,
          transition,
          at: at.toISOString(),
        };
        // The delay is measured on the injected clock; pg-boss counts it from the database's clock.
        const startAfter = new Date(Date.now() + Math.max(0, at.getTime() - now.getTime()));
        const id = await boss.send(LOTTERY_QUEUE, job, {
          id: transitionJobId(job),
          startAfter,
          retryLimit: 10,
          retryDelay: 1,
        });
        if (id) queued += 1;
      }
    }
    return { ran, queued };
  };

  let running: Promise<unknown> = Promise.resolve();
  const safePlan = () => {
    running = plan().catch(onError);
    return running;
  };
  await safePlan();
  const timer = setInterval(() => void safePlan(), o.planEveryMs ?? 15_000);
  timer.unref();
  return {
    plan,
    async stop() {
      clearInterval(timer);
      await running;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
