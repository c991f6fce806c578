import { createHash } from 'node:crypto';
import { leafText, nodeText } from '@panalo/contract/liabilities';

// The Merkle sum tree of the proof of liabilities (contract liabilities.ts defines the hashes; this
// builds the tree the same way the verifier walks it). Pure.

export interface SumNode {
  hash: string;
  sum: bigint;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const leafNode = (salt: string, memberId: bigint, balance: bigint): SumNode => ({
  hash: sha256(leafText(salt, memberId.toString(), balance)),
  sum: balance,
});

/**
 * The tree's levels, the leaves first and the root last: each level pairs its nodes left to right; an
 * odd last node goes up unchanged (never paired with itself: that would count its sum twice).
 */
export function sumTreeLevels(leaves: readonly SumNode[]): SumNode[][] {
  if (leaves.length === 0) return [[{ hash: sha256('panalo-liability-empty'), sum: 0n }]];
  const levels: SumNode[][] = [[...leaves]];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const up: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i]!;
      const right = below[i + 1];
      up.push(right ? { hash: sha256(nodeText(left, right)), sum: left.sum + right.sum } : left);
    }
    levels.push(up);
  }
  return levels;
}

/** The path from the leaf at `index` to the root: each level's sibling and its side (none when promoted). */
export function sumTreePath(
  levels: readonly SumNode[][],
  index: number,
): { side: 'left' | 'right'; hash: string; sum: string }[] {
  const path: { side: 'left' | 'right'; hash: string; sum: string }[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i % 2 === 0 ? level[i + 1] : level[i - 1];
    if (sibling)
      path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: sibling.hash, sum: sibling.sum.toString() });
    i = Math.floor(i / 2);
  }
  return path;
}
