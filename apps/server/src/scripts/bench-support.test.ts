import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchLineText, infoLine, refusedLineText } from '../../../../scripts/bench-lines.mjs';
import { drive, p99, perSecond, refusals, refusedCount } from './bench-support';

afterEach(() => {
  vi.restoreAllMocks();
});

const tick = () => new Promise<void>((r) => setTimeout(r, 1));

describe('bench figures cannot flatter', () => {
  it('only operations that succeeded count in the rate and the latencies; refusals are counted apart', async () => {
    let n = 0;
    const f = await drive(
      async () => {
        await tick();
        // Every third operation is refused, quickly: were it counted, the rate would rise.
        return ++n % 3 === 0 ? 'insufficient_funds' : null;
      },
      { clients: 4, phaseMs: 200, warmupMs: 20 },
    );
    expect(f.count).toBeGreaterThan(0);
    expect(f.latencies).toHaveLength(f.count);
    expect(refusedCount(f)).toBeGreaterThan(0);
    expect(f.refused.get('insufficient_funds')).toBe(refusedCount(f));
    // About a third of what was attempted was refused.
    expect(refusedCount(f) / (f.count + refusedCount(f))).toBeCloseTo(1 / 3, 1);
    expect(perSecond(f)).toBeCloseTo(f.count / f.seconds);
  });

  it('a phase where everything was refused has no rate and no latency, and FAILs its lines', async () => {
    const f = await drive(
      async () => {
        await tick();
        return 'round_closed';
      },
      { clients: 2, phaseMs: 50, warmupMs: 10 },
    );
    expect(f.count).toBe(0);
    expect(perSecond(f)).toBe(0);
    expect(benchLineText('x_p99', p99(f), 'ms', '<=', 50)).toBe('bench x_p99: n/a ms (budget <= 50) FAIL');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((s: string) => void lines.push(s));
    refusals('x', f);
    expect(lines[0]).toMatch(/^bench x_refused: \d+ ops \(budget <= 0\) FAIL of \d+ \{"round_closed":\d+\}$/);
  });

  it('refusals may be at most 0.1 % of the operations, or exactly the number a scenario expects', () => {
    expect(refusedLineText('w', 10, 10_000)).toBe('bench w_refused: 10 ops (budget <= 10) PASS of 10000');
    expect(refusedLineText('w', 11, 10_000)).toBe('bench w_refused: 11 ops (budget <= 10) FAIL of 10000');
    expect(refusedLineText('w', 5, 100, { expected: 5 })).toBe(
      'bench w_refused: 5 ops (budget = 5) PASS of 100',
    );
    expect(refusedLineText('w', 4, 100, { expected: 5 })).toBe(
      'bench w_refused: 4 ops (budget = 5) FAIL of 100',
    );
  });

  it('a missing or non-finite figure FAILs whatever its budget; info lines carry no verdict', () => {
    expect(benchLineText('a', null, 'KiB', '<=', 120)).toBe('bench a: n/a KiB (budget <= 120) FAIL');
    expect(benchLineText('a', Number.NaN, 'ms', '<=', 50)).toMatch(/FAIL$/);
    expect(benchLineText('a', Infinity, 'x', '>=', 1)).toMatch(/FAIL$/);
    expect(benchLineText('a', 0.61, 'of ceiling', '>=', 0.6)).toBe(
      'bench a: 0.61 of ceiling (budget >= 0.6) PASS',
    );
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((s: string) => void lines.push(s));
    infoLine('b', 12.345, 'ms');
    expect(lines).toEqual(['info b: 12.3 ms']);
  });
});
