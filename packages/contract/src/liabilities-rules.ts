// Proof of liabilities (issue 52 item 5), the part every side runs — zod-free, so the member site takes
// it by value: the paths, the texts a leaf's and a node's SHA-256 are taken of, and the verifier a
// member's browser, the command line and the tests run. The schemas are liabilities.ts'.
//
// At each daily close the server builds a Merkle sum tree over every member's closing balance (wallet,
// pending withdrawals and holds). A leaf is the SHA-256 of a per-member, per-day salt, the member's id
// and the balance; a node is the SHA-256 of its two children's hashes and sums, and carries their sum,
// so no negative balance can hide below the published total.

export const LIABILITIES_PATHS = {
  /** Public: the merchant's latest published root and total. */
  published: '/site/liabilities',
  /** A signed-in member's inclusion proof for a closed day (the latest when no day is asked). */
  proof: '/members/liabilities/proof',
} as const;

/** A member's inclusion proof (amounts in minor units, as strings). */
export interface LiabilityProof {
  day: string;
  currency: string;
  root: string;
  /** The published total in minor units. */
  total: string;
  leaf: { salt: string; memberId: string; balance: string };
  /** From the leaf up: each level's sibling (its hash and sum) and on which side it sits. */
  path: { side: 'left' | 'right'; hash: string; sum: string }[];
}

export const PROOF_HEX = /^[0-9a-f]{64}$/;
/** A whole number of minor units, never negative (a negative sum proves a hidden negative balance). */
export const PROOF_MINOR = /^\d{1,20}$/;
export const PROOF_MAX_PATH = 64;

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

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
const matches = (v: unknown, re: RegExp): v is string => typeof v === 'string' && re.test(v);

/** The proof when it has the right shape (extra fields dropped); null otherwise. */
export function readProof(value: unknown): LiabilityProof | null {
  if (!isObject(value)) return null;
  const { day, currency, root, total, leaf, path } = value;
  if (typeof day !== 'string' || typeof currency !== 'string') return null;
  if (!matches(root, PROOF_HEX) || !matches(total, PROOF_MINOR)) return null;
  if (!isObject(leaf) || !matches(leaf.salt, PROOF_HEX) || !matches(leaf.memberId, PROOF_MINOR)) return null;
  if (!matches(leaf.balance, PROOF_MINOR)) return null;
  if (!Array.isArray(path) || path.length > PROOF_MAX_PATH) return null;
  const steps: LiabilityProof['path'] = [];
  for (const step of path as unknown[]) {
    if (!isObject(step) || (step.side !== 'left' && step.side !== 'right')) return null;
    if (!matches(step.hash, PROOF_HEX) || !matches(step.sum, PROOF_MINOR)) return null;
    steps.push({ side: step.side, hash: step.hash, sum: step.sum });
  }
  return {
    day,
    currency,
    root,
    total,
    leaf: { salt: leaf.salt, memberId: leaf.memberId, balance: leaf.balance },
    path: steps,
  };
}

/**
 * Checks an inclusion proof without the server: the leaf's hash from its salt, member and balance, then
 * up the path, each node's sum the sum of its children (none negative), until the root; the root and
 * the sum at the top must be the published ones.
 */
export async function verifyLiabilityProof(proof: unknown, digest: Digest = webDigest): Promise<ProofCheck> {
  const p = readProof(proof);
  if (!p) return { ok: false, reason: 'malformed' };
  const { leaf } = p;
  let node = {
    hash: await digest(leafText(leaf.salt, leaf.memberId, leaf.balance)),
    sum: BigInt(leaf.balance),
  };
  for (const step of p.path) {
    const sibling = { hash: step.hash, sum: BigInt(step.sum) };
    if (sibling.sum < 0n) return { ok: false, reason: 'negative' };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await digest(nodeText(left, right)), sum: left.sum + right.sum };
  }
  if (node.hash !== p.root) return { ok: false, reason: 'root_mismatch' };
  if (node.sum !== BigInt(p.total)) return { ok: false, reason: 'total_mismatch' };
  return { ok: true, balance: BigInt(leaf.balance), total: node.sum };
}
