import { describe, expect, it } from 'vitest';
import { verifyLiabilityProof, type LiabilityProof } from '@panalo/contract/liabilities';
import { buildTree } from '../test/proof-fixtures';
import { readProof, sha256Hex, verifyProof } from './verify';

// The browser's verifier is a copy of the contract's (whose module the site may not import by value):
// on every proof, good or tampered with, the two must give the same answer.

const clone = (p: LiabilityProof): LiabilityProof => structuredClone(p);
const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

async function tampered(): Promise<unknown[]> {
  const { proofs } = await buildTree([50_000n, 1_234n, 0n, 99_999_999n, 7n]);
  const p = proofs[1]!;
  const out: unknown[] = [];
  const change = (f: (q: LiabilityProof) => void) => {
    const q = clone(p);
    f(q);
    out.push(q);
  };
  change((q) => (q.leaf.balance = '1235'));
  change((q) => (q.leaf.salt = flip(q.leaf.salt)));
  change((q) => (q.leaf.memberId = '999'));
  change((q) => (q.root = flip(q.root)));
  change((q) => (q.total = (BigInt(q.total) + 1n).toString()));
  change((q) => (q.path[0]!.sum = '0'));
  change((q) => (q.path[0]!.hash = flip(q.path[0]!.hash)));
  change((q) => (q.path[0]!.side = q.path[0]!.side === 'left' ? 'right' : 'left'));
  change((q) => q.path.pop());
  change((q) => (q.path[0]!.sum = '-5'));
  change((q) => (q.leaf.balance = '-1'));
  change((q) => (q.root = q.root.toUpperCase()));
  change((q) => (q.path = Array.from({ length: 65 }, () => q.path[0]!)));
  out.push(null, 'proof', 42, {}, { ...p, leaf: null }, { ...p, path: 'x' }, { ...p, day: 5 });
  return out;
}

describe('the browser’s proof verifier', () => {
  it('hashes as the contract does (SHA-256, lower-case hex)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('accepts every member’s proof of trees of 1, 2, 5 and 8 members, as the contract does', async () => {
    for (const balances of [
      [500n],
      [1n, 2n],
      [50_000n, 1_234n, 0n, 99_999_999n, 7n],
      [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n],
    ]) {
      const { proofs } = await buildTree(balances);
      for (const [i, proof] of proofs.entries()) {
        const ours = await verifyProof(proof);
        expect(ours).toEqual(await verifyLiabilityProof(proof));
        expect(ours).toEqual({ ok: true, balance: balances[i], total: balances.reduce((a, b) => a + b, 0n) });
      }
    }
  });

  it('refuses each tampered or malformed proof with the contract’s reason', async () => {
    const cases = await tampered();
    const reasons = [];
    for (const proof of cases) {
      const ours = await verifyProof(proof);
      expect(ours, JSON.stringify(proof)).toEqual(await verifyLiabilityProof(proof));
      expect(ours.ok).toBe(false);
      if (!ours.ok) reasons.push(ours.reason);
    }
    expect(new Set(reasons)).toEqual(new Set(['root_mismatch', 'total_mismatch', 'malformed']));
  });

  it('reads the proof as the contract’s schema does, dropping fields it does not know', async () => {
    const { proofs } = await buildTree([3n, 4n]);
    const p = proofs[0]!;
    expect(readProof({ ...p, extra: 1, leaf: { ...p.leaf, more: true } })).toEqual(p);
    expect(readProof({ ...p, path: [{ ...p.path[0], side: 'up' }] })).toBeNull();
  });
});
