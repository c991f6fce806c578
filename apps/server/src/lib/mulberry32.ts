/**
 * mulberry32: a small deterministic generator of floats in [0, 1), for data that must come out the same
 * on every run (the demo catalogue, bench catalogues, a simulated studio's paytables). Never for
 * outcomes or anything a player could bet on: those come from node:crypto.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
