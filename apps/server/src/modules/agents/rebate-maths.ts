/**
 * Differential rebate of one settled bet (issue 16 item 3; design/agents.md): along the path from the
 * bettor up to its top agent, each agent earns turnover × (its rate − the highest rate below it on the
 * path); the bettor earns its own rate only when the merchant pays player rebate. Rates are basis points
 * of valid turnover; each line is rounded down to a minor unit, so the total never exceeds turnover × the
 * highest rate on the path (the top agent's, when the rate rules hold). A reversal is the same lines
 * negated. Pure: no database, no clock.
 */
export interface ChainLink {
  memberId: bigint;
  rateBp: number;
}

export interface RebateLine {
  memberId: bigint;
  /** 0 = the bettor, 1 = its upline, … */
  level: number;
  rateBp: number;
  amount: bigint;
}

const share = (turnover: bigint, bp: number) => (turnover * BigInt(bp)) / 10_000n;

export function differentialRebates(
  turnover: bigint,
  chain: readonly ChainLink[],
  payPlayer: boolean,
): RebateLine[] {
  if (turnover <= 0n || chain.length === 0) return [];
  const lines: RebateLine[] = [];
  const bettor = chain[0]!;
  if (payPlayer && bettor.rateBp > 0) {
    lines.push({
      memberId: bettor.memberId,
      level: 0,
      rateBp: bettor.rateBp,
      amount: share(turnover, bettor.rateBp),
    });
  }
  let below = Math.max(0, bettor.rateBp);
  for (let level = 1; level < chain.length; level++) {
    const link = chain[level]!;
    const diff = link.rateBp - below;
    if (diff > 0) {
      lines.push({ memberId: link.memberId, level, rateBp: diff, amount: share(turnover, diff) });
      below = link.rateBp;
    }
  }
  return lines.filter((l) => l.amount > 0n);
}

/** The lines that undo a bet's rebate (cancelled, refunded or rolled back). */
export const reversalOf = (lines: readonly RebateLine[]): RebateLine[] =>
  lines.map((l) => ({ ...l, amount: -l.amount }));
