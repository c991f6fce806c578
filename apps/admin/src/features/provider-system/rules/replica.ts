import type { ReplicaStatus } from '../api/provider-system';

/** One text of the replica's card: its i18n key and the values it names. */
export interface TextLine {
  key: string;
  values?: Record<string, number | string>;
}

/** none: no replica configured (no fault); inUse: the reads that may be a moment old go to it; notInUse: to the primary. */
export type ReplicaState = 'none' | 'inUse' | 'notInUse';

/** The badge's colour; its text says the same, so the colour is never the only sign. */
export const REPLICA_COLOURS: Record<ReplicaState, string> = {
  none: 'gray',
  inUse: 'green',
  notInUse: 'red',
};

/** What the replica's card says: its state, the badge's text and the lines under it, in order. */
export interface ReplicaLine {
  state: ReplicaState;
  badge: TextLine;
  lines: TextLine[];
}

/** How far behind, in whole ms: 0 (or less: never behind) is caught up; null was not measured yet. */
const lagLine = (lagMs: number | null): TextLine => {
  if (lagMs === null) return { key: 'providerSystem.replica.notMeasured' };
  const ms = Math.round(lagMs);
  return ms <= 0
    ? { key: 'providerSystem.replica.caughtUp' }
    : { key: 'providerSystem.replica.behind', values: { lagMs: ms } };
};

/** The replica's status as the card shows it (the time of the last check apart: `checkedAgo`). */
export function replicaLine(replica: ReplicaStatus): ReplicaLine {
  const maxLagMs = Math.round(replica.maxLagMs);
  if (!replica.configured)
    return {
      state: 'none',
      badge: { key: 'providerSystem.replica.notConfigured' },
      lines: [{ key: 'providerSystem.replica.none' }],
    };
  if (replica.inUse)
    return {
      state: 'inUse',
      badge: { key: 'providerSystem.replica.inUse' },
      lines: [lagLine(replica.lagMs), { key: 'providerSystem.replica.fallsBack', values: { maxLagMs } }],
    };
  return {
    state: 'notInUse',
    badge: { key: 'providerSystem.replica.notInUse' },
    lines: [
      // The server's own words (English, technical): why it stopped using the replica.
      replica.reason
        ? { key: 'providerSystem.replica.reason', values: { reason: replica.reason } }
        : { key: 'providerSystem.replica.noReason' },
      { key: 'providerSystem.replica.backInUse', values: { maxLagMs } },
    ],
  };
}

/** A time before now, for `Intl.RelativeTimeFormat`. */
export interface Ago {
  value: number;
  unit: 'second' | 'minute';
}

/**
 * How long before `now` (ms) the replica was last checked, to say "5 seconds ago"; null when it was an
 * hour or more (or the time is unreadable): the local time says it better then.
 */
export function checkedAgo(checkedAt: string, now: number): Ago | null {
  const at = Date.parse(checkedAt);
  if (Number.isNaN(at)) return null;
  // The server's clock and the browser's differ a little: a check "in the future" was just now.
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return { value: seconds, unit: 'second' };
  if (seconds < 3600) return { value: Math.floor(seconds / 60), unit: 'minute' };
  return null;
}
