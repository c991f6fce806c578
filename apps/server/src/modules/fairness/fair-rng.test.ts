import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairRng } from './fair-rng';
import { ScriptedStream, u32Bytes as u32 } from './scripted-stream';
import { CtrStream, HmacStream } from './streams';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('outcome byte stream', () => {
  it('is HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor") with the cursor counting 32-byte blocks', () => {
    const s = new HmacStream(SEED, 'panalo', 0);
    const first = Buffer.from(s.nextBlock()).toString('hex');
    const second = Buffer.from(s.nextBlock()).toString('hex');
    const key = Buffer.from(SEED, 'hex');
    expect(first).toBe(createHmac('sha256', key).update('panalo:0:0').digest('hex'));
    expect(second).toBe(createHmac('sha256', key).update('panalo:0:1').digest('hex'));
    expect(s.blocksUsed).toBe(2);
  });

  it('matches the pinned known-answer blocks', () => {
    const s = new HmacStream(SEED, 'panalo', 0);
    expect(Buffer.from(s.nextBlock()).toString('hex')).toBe(
      'a5fd93656754ef882a9a5c031d0d9453a4626100752489973b2a4d794a3d1a8d',
    );
    expect(Buffer.from(s.nextBlock()).toString('hex')).toBe(
      'e7f8240126396b872e32e29467a016ce5b1ea88ba1d6f38647d3af1d8682a7d1',
    );
  });

  it('rejects malformed seeds and nonces', () => {
    expect(() => new HmacStream('abc', 'panalo', 0)).toThrow();
    expect(() => new HmacStream(SEED, 'a:b', 0)).toThrow();
    expect(() => new HmacStream(SEED, '', 0)).toThrow();
    expect(() => new HmacStream(SEED, 'panalo', -1)).toThrow();
    expect(() => new HmacStream(SEED, 'panalo', 1.5)).toThrow();
  });
});

describe('FairRng draws', () => {
  it('pins the known-answer draws of seed 00…1f, client seed "panalo", nonce 7', () => {
    const r = new FairRng(new HmacStream(SEED, 'panalo', 7));
    expect(r.uint32()).toBe(4253193602);
    expect(r.int(6)).toBe(4);
    expect(r.int(10_000)).toBe(4124);
    expect(r.float()).toBe(0.6975074152333078);
    expect(r.bits52()).toBe(437171704970947);
    expect(r.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([1, 2, 0, 8, 3, 6, 5, 4, 9, 7]);
  });

  it('reads bytes across block boundaries in order', () => {
    const r = new FairRng(new ScriptedStream([[0x12, 0x34], [0x56], [0x78]]));
    expect(r.uint32()).toBe(0x12345678);
  });

  it('int(n) redraws values in the incomplete top bucket instead of folding them (no modulo bias)', () => {
    // For n = 3, 2^32 mod 3 = 1, so only 2^32 − 1 is rejected; 2^32 − 2 is accepted.
    const r = new FairRng(new ScriptedStream([[...u32(0xffff_ffff), ...u32(0xffff_fffe)]]));
    expect(r.int(3)).toBe(0xffff_fffe % 3);
    // For n = 10, 2^32 mod 10 = 6: the six values from 2^32 − 6 are rejected, then 17 gives 7.
    const r2 = new FairRng(new ScriptedStream([[...u32(0xffff_fffa), ...u32(0xffff_ffff), ...u32(17)]]));
    expect(r2.int(10)).toBe(7);
  });

  it('int(n) refuses n outside 1 … 2^32', () => {
    const r = new FairRng(new CtrStream('x'));
    expect(() => r.int(0)).toThrow(RangeError);
    expect(() => r.int(2 ** 32 + 1)).toThrow(RangeError);
    expect(() => r.int(2.5)).toThrow(RangeError);
    expect(r.int(1)).toBe(0);
  });

  it('float() uses 52 bits: all-ones bytes give the largest value below 1', () => {
    const r = new FairRng(new ScriptedStream([[255, 255, 255, 255, 255, 255, 255]]));
    expect(r.float()).toBe(1 - 2 ** -52);
    const z = new FairRng(new ScriptedStream([[0, 0, 0, 0, 0, 0, 0x0f]]));
    expect(z.float()).toBe(0);
  });

  it('int(n) is uniform: chi-square over 10 bins of 200,000 draws stays under the 0.1 % critical value', () => {
    const r = new FairRng(new HmacStream(SEED, 'uniformity', 0));
    const bins = new Array<number>(10).fill(0);
    const n = 200_000;
    for (let i = 0; i < n; i += 1) bins[r.int(10)]! += 1;
    const expected = n / 10;
    const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88); // χ²(9 d.f.) at p = 0.001
  });

  it('float() is uniform: chi-square over 20 bins of 200,000 draws stays under the 0.1 % critical value', () => {
    const r = new FairRng(new CtrStream('uniformity'));
    const bins = new Array<number>(20).fill(0);
    const n = 200_000;
    for (let i = 0; i < n; i += 1) bins[Math.floor(r.float() * 20)]! += 1;
    const expected = n / 20;
    const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(43.82); // χ²(19 d.f.) at p = 0.001
  });

  it('shuffle() puts every item in every position equally often (3 items, 6 orders)', () => {
    const r = new FairRng(new CtrStream('shuffle'));
    const counts = new Map<string, number>();
    const n = 60_000;
    for (let i = 0; i < n; i += 1) {
      const k = r.shuffle(['a', 'b', 'c']).join('');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const chi2 = [...counts.values()].reduce((s, o) => s + (o - n / 6) ** 2 / (n / 6), 0);
    expect(chi2).toBeLessThan(20.52); // χ²(5 d.f.) at p = 0.001
  });

  it('sample(k) is exactly the first k items of the full shuffle from the same stream', () => {
    for (let nonce = 0; nonce < 20; nonce += 1) {
      const items = Array.from({ length: 52 }, (_, i) => i);
      const a = new FairRng(new HmacStream(SEED, 'prefix', nonce)).sample(items, 6);
      const b = new FairRng(new HmacStream(SEED, 'prefix', nonce)).shuffle(items);
      expect(a).toEqual(b.slice(0, 6));
      expect(new Set(b).size).toBe(52);
    }
  });

  it('weighted() picks with integer weights in proportion and never picks a zero weight', () => {
    const r = new FairRng(new CtrStream('weighted'));
    const counts = [0, 0, 0, 0];
    const n = 100_000;
    for (let i = 0; i < n; i += 1) counts[r.weighted([1, 0, 3, 6])]! += 1;
    expect(counts[1]).toBe(0);
    const chi2 = [1, 3, 6].reduce((s, w, i) => {
      const o = counts[[0, 2, 3][i]!]!;
      return s + (o - (n * w) / 10) ** 2 / ((n * w) / 10);
    }, 0);
    expect(chi2).toBeLessThan(13.82); // χ²(2 d.f.) at p = 0.001
    expect(() => r.weighted([1, -1])).toThrow(RangeError);
    expect(() => r.weighted([0.5, 1])).toThrow(RangeError);
  });

  it('bits(k) gives k fair bits from one 32-bit draw', () => {
    const r = new FairRng(new ScriptedStream([[...u32(0b1011_0110), ...u32(0xffff_ffff)]]));
    expect(r.bits(4)).toBe(0b0110);
    expect(r.bits(32)).toBe(0xffff_ffff);
    expect(() => r.bits(33)).toThrow(RangeError);
  });

  it('the simulation stream is reproducible from its seed and differs between seeds', () => {
    const a = new FairRng(new CtrStream('s1'));
    const b = new FairRng(new CtrStream('s1'));
    const c = new FairRng(new CtrStream('s2'));
    const xs = [a.uint32(), a.uint32(), a.uint32()];
    expect([b.uint32(), b.uint32(), b.uint32()]).toEqual(xs);
    expect([c.uint32(), c.uint32(), c.uint32()]).not.toEqual(xs);
  });
});
