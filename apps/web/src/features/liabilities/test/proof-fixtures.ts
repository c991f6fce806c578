import { leafText, nodeText, webDigest, type LiabilityProof } from '@panalo/contract/liabilities';
import type { PublishedLiabilities } from '@panalo/contract/liabilities';
import { formatAmount } from '@panalo/contract/money';

// A Merkle sum tree built as the server builds it (pairs left to right; an odd last node goes up
// unchanged), with the contract's own texts and digest, for the tests' proofs.

interface SumNode {
  hash: string;
  sum: bigint;
}

export interface TreeFixture {
  published: PublishedLiabilities;
  /** Each member's proof, in the order the balances were given. */
  proofs: LiabilityProof[];
}

const salt = (i: number) => (i + 1).toString(16).padStart(64, 'a');

/** A day's tree over `balances` (minor units), member ids 101, 102, … */
export async function buildTree(
  balances: bigint[],
  day = '2026-11-28',
  currency = 'PHP',
): Promise<TreeFixture> {
  const leaves: SumNode[] = await Promise.all(
    balances.map(async (b, i) => ({ hash: await webDigest(leafText(salt(i), String(101 + i), b)), sum: b })),
  );
  const levels: SumNode[][] = [leaves];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const up: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i]!;
      const right = below[i + 1];
      up.push(right ? { hash: await webDigest(nodeText(left, right)), sum: left.sum + right.sum } : left);
    }
    levels.push(up);
  }
  const root = levels.at(-1)![0]!;
  const proofs = balances.map((b, index): LiabilityProof => {
    const path: LiabilityProof['path'] = [];
    let i = index;
    for (const level of levels.slice(0, -1)) {
      const sibling = i % 2 === 0 ? level[i + 1] : level[i - 1];
      if (sibling)
        path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: sibling.hash, sum: sibling.sum.toString() });
      i = Math.floor(i / 2);
    }
    return {
      day,
      currency,
      root: root.hash,
      total: root.sum.toString(),
      leaf: { salt: salt(index), memberId: String(101 + index), balance: b.toString() },
      path,
    };
  });
  return {
    published: {
      day,
      currency,
      root: root.hash,
      total: formatAmount(root.sum),
      members: balances.length,
      publishedAt: `${day}T16:05:00.000Z`,
    },
    proofs,
  };
}
