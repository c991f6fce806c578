import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { LotteryEvents } from '../lottery.events';
import {
  cancelPeriod,
  drawPeriod,
  dueTransitions,
  ensurePeriods,
  lockPeriod,
  openPeriod,
  type Transition,
} from '../lottery.periods';
import { refundPeriod, settlePeriod } from '../lottery.settlement';

export interface TransitionJob {
  periodId: string;
  gameCode: string;
  numero: string;
  transition: Transition;
  /** When it is due (ISO), on the planner's clock; absent in jobs queued before this field existed. */
  at?: string;
}

/**
 * Runs one period transition at `now`. Every transition is guarded by the period's state (and times), so
 * running it twice, late, or from two processes at once changes nothing the second time. A draw is
 * followed at once by its settlement.
 */
export async function runTransition(
  db: Database,
  job: TransitionJob,
  now: Date,
  events?: LotteryEvents,
): Promise<void> {
  const id = BigInt(job.periodId);
  switch (job.transition) {
    case 'open':
      await openPeriod(db, id, now, events);
      return;
    case 'lock':
      await lockPeriod(db, id, now, events);
      return;
    case 'draw':
      await drawPeriod(db, id, now, events);
      await settlePeriod(db, id, now, events);
      return;
    case 'settle':
      await settlePeriod(db, id, now, events);
      return;
    case 'refund':
      await refundPeriod(db, id, now, events);
      return;
  }
}

/**
 * One pass of the scheduler: creates the upcoming periods (with their seeds) and runs every transition
 * that is due, oldest first — after downtime that is the catch-up: each missed period is drawn with the
 * seed its row got before the outage, then settled. Returns how many transitions ran. A transition that
 * fails does not stop the others (one bad period must not halt every game): its period is left for the
 * next tick, and the failures go to `onError`, or without one are thrown once the rest is done.
 */
export async function schedulerTick(
  db: Database,
  clock: Clock,
  events?: LotteryEvents,
  onError?: (err: unknown, job: TransitionJob) => void,
): Promise<number> {
  const now = clock.now();
  await ensurePeriods(db, now);
  let ran = 0;
  const failed = new Map<string, unknown>();
  // A draw makes its settlement due: a few passes; each transition is guarded, so a pass that finds
  // only work another process is doing ends the loop soon.
  for (let pass = 0; pass < 20; pass++) {
    const due = (await dueTransitions(db, clock.now())).filter((d) => !failed.has(d.periodId.toString()));
    if (due.length === 0) break;
    for (const d of due) {
      const job: TransitionJob = {
        periodId: d.periodId.toString(),
        gameCode: d.gameCode,
        numero: d.numero,
        transition: d.transition,
      };
      try {
        await runTransition(db, job, clock.now(), events);
        ran += 1;
      } catch (err) {
        failed.set(job.periodId, err);
        onError?.(err, job);
      }
    }
  }
  if (failed.size > 0 && !onError) throw [...failed.values()][0];
  return ran;
}

export { cancelPeriod };
