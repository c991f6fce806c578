// Plinko paytables, derived once at load from a shape and tuned to the stated RTP. A ball falling through
// n rows lands in slot k (k rights) with probability C(n,k)/2^n. Each table has a centre and an edge
// multiplier per risk; the curve between them is c + (E − c)·x^γ (x = distance from centre, 0…1) with γ
// solved so that the RTP is 99 %; multipliers are then rounded to hundredths (whole numbers from 100×)
// and nudged one step at a time while that brings the RTP closer to 99 %. The test proves each table's
// exact RTP is within 0.01 % of the stated figure.

export const PLINKO_RTP_BP = 9_900;
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

const SHAPE: Record<PlinkoRisk, { centre: number; edge8: number; edge16: number }> = {
  low: { centre: 0.5, edge8: 5.6, edge16: 16 },
  medium: { centre: 0.4, edge8: 13, edge16: 110 },
  high: { centre: 0.2, edge8: 29, edge16: 1000 },
};

export function slotProbabilities(rows: number): number[] {
  const p: number[] = [];
  let c = 1;
  for (let k = 0; k <= rows; k += 1) {
    p.push(c / 2 ** rows);
    c = (c * (rows - k)) / (k + 1);
  }
  return p;
}

/** Exact RTP of a table given in hundredths. */
export function tableRtp(rows: number, hundredths: readonly number[]): number {
  const p = slotProbabilities(rows);
  return p.reduce((s, pk, k) => s + (pk * hundredths[k]!) / 100, 0);
}

function step(m: number): number {
  return m >= 10_000 ? 100 : 1;
}

function buildTable(rows: number, risk: PlinkoRisk): number[] {
  const { centre, edge8, edge16 } = SHAPE[risk];
  const edge = edge8 * (edge16 / edge8) ** ((rows - 8) / 8);
  const target = PLINKO_RTP_BP / 10_000;
  const half = rows / 2;
  const curve = (g: number): number[] =>
    Array.from({ length: rows + 1 }, (_, k) => centre + (edge - centre) * (Math.abs(k - half) / half) ** g);
  const p = slotProbabilities(rows);
  const rtp = (m: number[]): number => m.reduce((s, mk, k) => s + p[k]! * mk, 0);
  // RTP falls as γ grows (the curve hugs the centre longer): bisect γ on a log scale.
  let lo = 0.05;
  let hi = 50;
  for (let i = 0; i < 100; i += 1) {
    const mid = Math.sqrt(lo * hi);
    if (rtp(curve(mid)) > target) lo = mid;
    else hi = mid;
  }
  const table = curve(lo).map((m) => {
    const h = Math.round(m * 100);
    return Math.max(0, Math.round(h / step(h)) * step(h));
  });
  // Symmetric nudges: ± one rounding step on a mirrored pair of slots, greedily, while it helps.
  for (;;) {
    const gap = target - tableRtp(rows, table);
    let best: { k: number; delta: number; gap: number } | null = null;
    for (let k = 0; k <= Math.floor(half); k += 1) {
      const mirror = rows - k;
      const weight = (k === mirror ? p[k]! : 2 * p[k]!) / 100;
      for (const dir of [1, -1]) {
        const delta = dir * step(table[k]!);
        if (table[k]! + delta < 0) continue;
        const newGap = Math.abs(gap - weight * delta);
        if (newGap < Math.abs(gap) - 1e-15 && (!best || newGap < best.gap)) best = { k, delta, gap: newGap };
      }
    }
    if (!best) return table;
    table[best.k] = table[best.k]! + best.delta;
    table[rows - best.k] = table[best.k]!;
  }
}

const TABLES = new Map<string, number[]>();
for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows += 1) {
  for (const risk of PLINKO_RISKS) TABLES.set(`${rows}:${risk}`, buildTable(rows, risk));
}

/** Multipliers in hundredths for slots 0…rows. */
export function plinkoTable(rows: number, risk: PlinkoRisk): readonly number[] {
  const t = TABLES.get(`${rows}:${risk}`);
  if (!t) throw new RangeError(`no plinko table for ${rows} rows, ${risk} risk`);
  return t;
}
