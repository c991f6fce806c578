import { z } from 'zod';
import { calendarDay, ok } from './common';
import { amountString } from './wallet';

// Proof of liabilities (issue 52 item 5): at each daily close, a Merkle sum tree over every member's
// closing balance (wallet, pending withdrawals and holds). A leaf is the SHA-256 of a per-member, per-day
// salt, the member's id and the balance; a node is the SHA-256 of its two children's hashes and sums, and
// carries their sum, so no negative balance can hide below the published total. The merchant publishes
// the root and the total; each member fetches their leaf's salt and the path to the root and checks it
// here (the browser's verifier and `npm run verify:liabilities` run this same code).

export const LIABILITIES_PATHS = {
  /** Public: the merchant's latest published root and total. */
  published: '/site/liabilities',
  /** A signed-in member's inclusion proof for a closed day (the latest when no day is asked). */
  proof: '/members/liabilities/proof',
} as const;

const hex = z.string().regex(/^[0-9a-f]{64}$/);
/** A whole number of minor units, never negative (a negative sum proves a hidden negative balance). */
const minor = z.string().regex(/^\d{1,20}$/);

export const publishedLiabilities = z.object({
  day: z.string(),
  currency: z.string(),
  root: hex,
  /** The sum of every member's closing balance, as an amount. */
  total: amountString,
  members: z.number().int(),
  publishedAt: z.string(),
});
export type PublishedLiabilities = z.infer<typeof publishedLiabilities>;
export const publishedLiabilitiesResponse = ok(publishedLiabilities.nullable());

export const liabilityProofQuery = z.object({ day: calendarDay.optional() });
export const liabilityProof = z.object({
  day: z.string(),
  currency: z.string(),
  root: hex,
  /** The published total in minor units. */
  total: minor,
  leaf: z.object({ salt: hex, memberId: z.string().regex(/^\d{1,20}$/), balance: minor }),
  /** From the leaf up: each level's sibling (its hash and sum) and on which side it sits. */
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: hex, sum: minor })).max(64),
});
export type LiabilityProof = z.infer<typeof liabilityProof>;
export const liabilityProofResponse = ok(liabilityProof);

/** The text a leaf's hash is taken of. */
export const leafText = (salt: string, memberId: string, balance: bigint | string) =>
  `panalo-liability-leaf|${salt}|${memberId}|${balance.toString()}`;
/** The text a node's hash is taken of: its children's hashes and sums, left first. */
export const nodeText = (left: { hash: string; sum: bigint }, right: { hash: string; sum: bigint }) =>
  `panalo-liability-node|${left.hash}|${left.sum.toString()}|${right.hash}|${right.sum.toString()}`;

type Digest = (text: string) => Promise<string>;

/** SHA-256 as lower-case hex, with WebCrypto (the browser's, or Node's globalThis.crypto). */
export const webDigest: Digest = async (text) => {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

export type ProofCheck =
  | { ok: true; balance: bigint; total: bigint }
  | { ok: false; reason: 'malformed' | 'negative' | 'root_mismatch' | 'total_mismatch' };

/**
 * Checks an inclusion proof without the server: the leaf's hash from its salt, member and balance, then
 * up the path, each node's sum the sum of its children (none negative), until the root; the root and
 * the sum at the top must be the published ones.
 */
export async function verifyLiabilityProof(proof: unknown, digest: Digest = webDigest): Promise<ProofCheck> {
  const p = liabilityProof.safeParse(proof);
  if (!p.success) return { ok: false, reason: 'malformed' };
  const { leaf, path } = p.data;
  let node = {
    hash: await digest(leafText(leaf.salt, leaf.memberId, leaf.balance)),
    sum: BigInt(leaf.balance),
  };
  for (const step of path) {
    const sibling = { hash: step.hash, sum: BigInt(step.sum) };
    if (sibling.sum < 0n) return { ok: false, reason: 'negative' };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await digest(nodeText(left, right)), sum: left.sum + right.sum };
  }
  if (node.hash !== p.data.root) return { ok: false, reason: 'root_mismatch' };
  if (node.sum !== BigInt(p.data.total)) return { ok: false, reason: 'total_mismatch' };
  return { ok: true, balance: BigInt(leaf.balance), total: node.sum };
}
