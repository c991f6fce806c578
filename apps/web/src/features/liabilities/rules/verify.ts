import type { LiabilityProof, ProofCheck } from '@panalo/contract/liabilities';

// The browser's copy of the contract's `verifyLiabilityProof` (liabilities.ts). That module builds zod
// schemas, and a value import of it would bring zod into the site's bundle
// (build/contract-imports.test.ts), so the shape check is written by hand here and the hashing is the
// same, text for text. `verify.test.ts` holds the two to the same answers.

const HEX = /^[0-9a-f]{64}$/;
/** A whole number of minor units, never negative, as the contract's `minor`. */
const MINOR = /^\d{1,20}$/;
const MAX_PATH = 64;

type Digest = (text: string) => Promise<string>;

/** SHA-256 as lower-case hex, with WebCrypto. */
export const sha256Hex: Digest = async (text) => {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

const leafText = (salt: string, memberId: string, balance: string) =>
  `panalo-liability-leaf|${salt}|${memberId}|${balance}`;
const nodeText = (left: { hash: string; sum: bigint }, right: { hash: string; sum: bigint }) =>
  `panalo-liability-node|${left.hash}|${left.sum.toString()}|${right.hash}|${right.sum.toString()}`;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
const matches = (v: unknown, re: RegExp): v is string => typeof v === 'string' && re.test(v);

/** The proof when it has the contract's shape (extra fields dropped, as zod does); null otherwise. */
export function readProof(value: unknown): LiabilityProof | null {
  if (!isObject(value)) return null;
  const { day, currency, root, total, leaf, path } = value;
  if (typeof day !== 'string' || typeof currency !== 'string') return null;
  if (!matches(root, HEX) || !matches(total, MINOR)) return null;
  if (!isObject(leaf) || !matches(leaf.salt, HEX) || !matches(leaf.memberId, MINOR)) return null;
  if (!matches(leaf.balance, MINOR)) return null;
  if (!Array.isArray(path) || path.length > MAX_PATH) return null;
  const steps: LiabilityProof['path'] = [];
  for (const step of path as unknown[]) {
    if (!isObject(step) || (step.side !== 'left' && step.side !== 'right')) return null;
    if (!matches(step.hash, HEX) || !matches(step.sum, MINOR)) return null;
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
 * Checks an inclusion proof in the browser, as the contract's verifier does: the leaf's hash from its
 * salt, member and balance, then up the path (no sum negative) to the root; the root and the sum at the
 * top must be the proof's published ones.
 */
export async function verifyProof(proof: unknown, digest: Digest = sha256Hex): Promise<ProofCheck> {
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
