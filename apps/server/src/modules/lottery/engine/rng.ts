import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Commit–reveal randomness. A period's seed is 32 random bytes written as 64 hex characters; the seed
 * *text* is both the HMAC key and what is hashed, so that anyone can recompute a draw with common
 * tools (an online HMAC-SHA256 with a text key, a SHA-256 of a text) without decoding hex first.
 */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256 (hex) of the seed text: published when the period opens, before any bet is taken. */
export function seedHash(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** The HMAC block `cursor` of a period: HMAC-SHA256(seed, `${gameCode}:${numero}:${cursor}`). */
export function drawBlock(seed: string, gameCode: string, numero: string, cursor: number): Buffer {
  return createHmac('sha256', seed).update(`${gameCode}:${numero}:${cursor}`, 'utf8').digest();
}

/**
 * A byte stream over the HMAC blocks of one period, with unbiased integers by rejection sampling:
 * a value is read from the fewest bytes that can hold `n` values and redrawn when it falls in the
 * incomplete last run of `n` (so `% n` never favours small values).
 */
export class DrawStream {
  private block: Buffer;
  private pos = 0;
  private cursor = 0;

  constructor(
    private readonly seed: string,
    private readonly gameCode: string,
    private readonly numero: string,
  ) {
    this.block = drawBlock(seed, gameCode, numero, 0);
  }

  /** How many HMAC blocks have been consumed so far (for tests and the verification page). */
  get blocksUsed(): number {
    return this.cursor + 1;
  }

  nextByte(): number {
    if (this.pos === this.block.length) {
      this.cursor += 1;
      this.block = drawBlock(this.seed, this.gameCode, this.numero, this.cursor);
      this.pos = 0;
    }
    return this.block[this.pos++]!;
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^48. */
  uniformInt(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 48) throw new RangeError(`bad range ${n}`);
    if (n === 1) return 0;
    let bytes = 1;
    let space = 256;
    while (space < n) {
      bytes += 1;
      space *= 256;
    }
    const limit = space - (space % n);
    for (;;) {
      let v = 0;
      for (let i = 0; i < bytes; i++) v = v * 256 + this.nextByte();
      if (v < limit) return v % n;
    }
  }
}
