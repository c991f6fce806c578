// Zod-free red envelope rain rules (issue 17, /m/redRain), shared by the server and the web bundle.

export { RAIN_ROUTE } from './site-routes';

export const RAIN_API = {
  /** GET: the agent's rains, newest first; POST: schedule one (payment password, Idempotency-Key). */
  agentRains: '/agent/rains',
  /** GET: one of the agent's rains with its claims. */
  agentRain: '/agent/rains/:id',
  /** POST: cancel a rain that has not started; its whole budget returns. */
  cancel: '/agent/rains/:id/cancel',
  /** GET: the rains a member may claim from now or soon (its uplines'), with what it has won. */
  open: '/rains',
  /** POST { claim }: take one envelope; the same claim number again answers the same envelope. */
  claim: '/rains/:id/claim',
} as const;

export const rainPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** Limits of one rain. */
export const RAIN_LIMITS = {
  maxEnvelopes: 100_000,
  maxPerMember: 100,
  minMinutes: 1,
  maxMinutes: 24 * 60,
  /** How far ahead a rain may be scheduled, days. */
  maxLeadDays: 7,
  /** How many chosen downlines one rain may name. */
  maxChosen: 1_000,
} as const;

export const RAIN_AUDIENCES = ['team', 'chosen'] as const;
export type RainAudience = (typeof RAIN_AUDIENCES)[number];

/**
 * Where a rain stands at `now`: upcoming (before its window), open, ending (its window is over and the
 * rest has not returned yet), finished (the rest returned), cancelled (before it started).
 */
export type RainPhase = 'upcoming' | 'open' | 'ending' | 'finished' | 'cancelled';
export function rainPhase(
  r: { status: 'scheduled' | 'finished' | 'cancelled'; startsAt: string; endsAt: string },
  now: number,
): RainPhase {
  if (r.status !== 'scheduled') return r.status;
  if (now < Date.parse(r.startsAt)) return 'upcoming';
  return now < Date.parse(r.endsAt) ? 'open' : 'ending';
}
