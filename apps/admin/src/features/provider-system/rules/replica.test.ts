import { describe, expect, it } from 'vitest';
import type { ReplicaStatus } from '../api/provider-system';
import { checkedAgo, REPLICA_COLOURS, replicaLine } from './replica';

const replica = (over: Partial<ReplicaStatus> = {}): ReplicaStatus => ({
  configured: true,
  inUse: true,
  lagMs: 120,
  maxLagMs: 5000,
  checkedAt: '2026-11-29T08:00:00.000Z',
  reason: null,
  ...over,
});

describe('the replica’s card', () => {
  it('says there is none, without a fault, when none is configured', () => {
    const line = replicaLine(replica({ configured: false, inUse: false, lagMs: null, maxLagMs: 0 }));
    expect(line).toEqual({
      state: 'none',
      badge: { key: 'providerSystem.replica.notConfigured' },
      lines: [{ key: 'providerSystem.replica.none' }],
    });
    expect(REPLICA_COLOURS[line.state]).toBe('gray');
  });

  it('in use: how far behind in whole ms, and the lag above which the reads fall back', () => {
    const line = replicaLine(replica({ lagMs: 120.6 }));
    expect(line).toEqual({
      state: 'inUse',
      badge: { key: 'providerSystem.replica.inUse' },
      lines: [
        { key: 'providerSystem.replica.behind', values: { lagMs: 121 } },
        { key: 'providerSystem.replica.fallsBack', values: { maxLagMs: 5000 } },
      ],
    });
    expect(REPLICA_COLOURS[line.state]).toBe('green');
  });

  it('in use and no lag (or under half a ms) is caught up; an unmeasured lag says so', () => {
    expect(replicaLine(replica({ lagMs: 0 })).lines[0]).toEqual({ key: 'providerSystem.replica.caughtUp' });
    expect(replicaLine(replica({ lagMs: 0.4 })).lines[0]).toEqual({ key: 'providerSystem.replica.caughtUp' });
    expect(replicaLine(replica({ lagMs: null })).lines[0]).toEqual({
      key: 'providerSystem.replica.notMeasured',
    });
  });

  it('not in use: reads go to the primary, with the server’s reason and when it is used again', () => {
    const line = replicaLine(replica({ inUse: false, lagMs: 9000, reason: 'behind by 9000 ms' }));
    expect(line).toEqual({
      state: 'notInUse',
      badge: { key: 'providerSystem.replica.notInUse' },
      lines: [
        { key: 'providerSystem.replica.reason', values: { reason: 'behind by 9000 ms' } },
        { key: 'providerSystem.replica.backInUse', values: { maxLagMs: 5000 } },
      ],
    });
    expect(REPLICA_COLOURS[line.state]).toBe('red');
    expect(replicaLine(replica({ inUse: false, reason: null })).lines[0]).toEqual({
      key: 'providerSystem.replica.noReason',
    });
  });
});

describe('when the replica was last checked', () => {
  const at = Date.parse('2026-11-29T08:00:00.000Z');
  const checkedAt = '2026-11-29T08:00:00.000Z';

  it('in seconds under a minute, in minutes under an hour', () => {
    expect(checkedAgo(checkedAt, at + 4_600)).toEqual({ value: 5, unit: 'second' });
    expect(checkedAgo(checkedAt, at + 59_400)).toEqual({ value: 59, unit: 'second' });
    expect(checkedAgo(checkedAt, at + 60_000)).toEqual({ value: 1, unit: 'minute' });
    expect(checkedAgo(checkedAt, at + 3_599_000)).toEqual({ value: 59, unit: 'minute' });
  });

  it('a check ahead of the browser’s clock was just now', () => {
    expect(checkedAgo(checkedAt, at - 2_000)).toEqual({ value: 0, unit: 'second' });
  });

  it('an hour or more, or an unreadable time: no relative time (the local time instead)', () => {
    expect(checkedAgo(checkedAt, at + 3_600_000)).toBeNull();
    expect(checkedAgo('soon', at)).toBeNull();
  });
});
