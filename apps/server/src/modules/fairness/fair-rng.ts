// Turns a byte stream into the draws games need, without bias: integers by rejection sampling (never
// `x % n` on its own), floats from 52 bits, Fisher–Yates shuffles and integer-weighted picks.
import type { ByteSource } from './streams';

const TWO_32 = 0x1_0000_0000;
const TWO_52 = 2 ** 52;

export class FairRng {
  private block: Uint8Array = new Uint8Array(0);
  private pos = 0;

  constructor(private readonly source: ByteSource) {}

  byte(): number {
    if (this.pos >= this.block.length) {
      this.block = this.source.nextBlock();
      this.pos = 0;
    }
    const b = this.block[this.pos]!;
    this.pos += 1;
    return b;
  }

  /** Four bytes, big-endian. */
  uint32(): number {
    return ((this.byte() << 24) >>> 0) + (this.byte() << 16) + (this.byte() << 8) + this.byte();
  }

  /** Uniform integer in [0, n), 1 ≤ n ≤ 2^32: draws falling in the incomplete last bucket are redrawn. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32)
      throw new RangeError(`int(n) needs 1 ≤ n ≤ 2^32, got ${n}`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const x = this.uint32();
      if (x < limit) return x % n;
    }
  }

  /** Uniform integer in [0, 2^52): 7 bytes, the last 4 bits dropped. */
  bits52(): number {
    const hi = this.uint32();
    const lo = ((this.byte() << 16) | (this.byte() << 8) | this.byte()) >>> 4;
    return hi * 0x10_0000 + lo;
  }

  /** Uniform float in [0, 1) on the 2^-52 grid. */
  float(): number {
    return this.bits52() / TWO_52;
  }

  /** k ≤ 32 independent fair bits, as the low bits of one 32-bit draw (bit 0 first). */
  bits(k: number): number {
    if (!Number.isInteger(k) || k < 1 || k > 32) throw new RangeError(`bits(k) needs 1 ≤ k ≤ 32, got ${k}`);
    const x = this.uint32();
    return k === 32 ? x : x % 2 ** k;
  }

  /**
   * The first k items of a Fisher–Yates shuffle (position i swaps with a uniform j in [i, n)). Drawing only
   * the cards or cells a round needs gives exactly the distribution of the full shuffle's prefix.
   */
  sample<T>(items: readonly T[], k: number): T[] {
    if (!Number.isInteger(k) || k < 0 || k > items.length) throw new RangeError('sample size out of range');
    const a = items.slice();
    const n = a.length;
    for (let i = 0; i < k && i < n - 1; i += 1) {
      const j = i + this.int(n - i);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a.slice(0, k);
  }

  /** A full Fisher–Yates shuffle (a new array). */
  shuffle<T>(items: readonly T[]): T[] {
    return this.sample(items, items.length);
  }

  /** Index i with probability weights[i] / Σ weights; integer weights, total ≤ 2^32. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) {
      if (!Number.isInteger(w) || w < 0) throw new RangeError('weights must be non-negative integers');
      total += w;
    }
    let x = this.int(total);
    for (let i = 0; i < weights.length; i += 1) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    throw new Error('unreachable: weighted pick ran past the total');
  }
}
