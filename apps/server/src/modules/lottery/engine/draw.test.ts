import { createHmac, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawResult, formatResult, parseResult, verifyDraw } from './draw';
import { GAMES } from './registry';
import { DrawStream, newSeed, seedHash } from './rng';

const SEED = 'a'.repeat(64);

describe('commit–reveal draw', () => {
  it('the published hash is SHA-256 of the seed text', () => {
    expect(seedHash(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(newSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(newSeed());
  });

  it('Wingo is the first HMAC byte below 250, mod 10 (recomputed independently)', () => {
    for (let i = 1; i <= 50; i++) {
      const numero = `20261122${String(i).padStart(4, '0')}`;
      const bytes = createHmac('sha256', SEED).update(`WINGO1:${numero}:0`).digest();
      const first = [...bytes].find((b) => b < 250)!;
      expect(drawResult(SEED, 'WINGO1', numero)).toEqual({ kind: 'wingo', digit: first % 10 });
    }
  });

  it('rejection sampling skips a byte of 250 or more instead of folding it (no modulo bias)', () => {
    // Find a numero whose first byte is in the rejected band, then check the next byte decides.
    let found = false;
    for (let i = 1; i <= 2000 && !found; i++) {
      const numero = `20261122${String(i).padStart(4, '0')}`;
      const bytes = createHmac('sha256', SEED).update(`WINGO1:${numero}:0`).digest();
      if (bytes[0]! >= 250 && bytes[1]! < 250) {
        found = true;
        expect(drawResult(SEED, 'WINGO1', numero)).toEqual({ kind: 'wingo', digit: bytes[1]! % 10 });
      }
    }
    expect(found).toBe(true);
  });

  it('a stream moves to the next HMAC block (cursor + 1) when a block is used up', () => {
    const s = new DrawStream(SEED, 'VNLOTTO', '20261122');
    const expected = Buffer.concat(
      [0, 1].map((c) => createHmac('sha256', SEED).update(`VNLOTTO:20261122:${c}`).digest()),
    );
    const got = Array.from({ length: 64 }, () => s.nextByte());
    expect(Buffer.from(got)).toEqual(expected);
    expect(s.blocksUsed).toBe(2);
  });

  it('VNLOTTO is 107 digits from 5-byte values below 10^12, as the README documents (recomputed independently)', () => {
    const numero = '20261122';
    const bytes = Buffer.concat(
      [0, 1, 2].map((c) => createHmac('sha256', SEED).update(`VNLOTTO:${numero}:${c}`).digest()),
    );
    let digits = '';
    for (let at = 0; digits.length < 107; at += 5) {
      const v = bytes.readUIntBE(at, 5);
      if (v < 1e12) digits += String(v).padStart(12, '0');
    }
    const lengths = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2];
    let at = 0;
    const numbers = lengths.map((n) => digits.slice(at, (at += n)));
    const text = formatResult('VNLOTTO', drawResult(SEED, 'VNLOTTO', numero));
    expect(text.split(/[~,]/)).toEqual(numbers);
  });

  it('verification recomputes every game and refuses a seed that does not match the hash', () => {
    for (const game of GAMES) {
      const seed = newSeed();
      const numero = game.schedule.kind === 'daily' ? '20261122' : '202611220042';
      const result = drawResult(seed, game.code, numero);
      const v = verifyDraw(seed, seedHash(seed), game.code, numero);
      expect(v).toEqual({ ok: true, result, winningNumber: formatResult(game.code, result) });
      expect(parseResult(game.code, formatResult(game.code, result))).toEqual(result);
      expect(verifyDraw(newSeed(), seedHash(seed), game.code, numero)).toEqual({
        ok: false,
        reason: 'seed_mismatch',
      });
    }
    expect(verifyDraw(SEED, seedHash(SEED), 'NOPE', '1')).toEqual({ ok: false, reason: 'game_unknown' });
    expect(verifyDraw(SEED, 'zz', 'WINGO1', '1')).toEqual({ ok: false, reason: 'seed_mismatch' });
  });

  it('the same seed gives different results for different numeros and games', () => {
    const a = formatResult('VNLOTTO', drawResult(SEED, 'VNLOTTO', '20261122'));
    const b = formatResult('VNLOTTO', drawResult(SEED, 'VNLOTTO', '20261123'));
    expect(a).not.toBe(b);
    expect(a.split('~')).toHaveLength(8);
  });
});
