import { describe, expect, it } from 'vitest';
import { verifyLiabilityProof } from '@panalo/contract/liabilities';
import { leafNode, sumTreeLevels, sumTreePath } from './sum-tree';

// The proof of liabilities' tree (issue 52 item 5), checked by the verifier members and auditors run.

const salt = (i: number) => i.toString(16).padStart(64, '0');

describe('the Merkle sum tree of the proof of liabilities', () => {
  it('every leaf’s proof verifies against the root and the total, for trees of 1 to 9 leaves (odd ones promoted, never doubled)', async () => {
    for (let n = 1; n <= 9; n++) {
      const leaves = Array.from({ length: n }, (_, i) =>
        leafNode(salt(i), BigInt(1000 + i), BigInt(i * 150)),
      );
      const levels = sumTreeLevels(leaves);
      const root = levels.at(-1)![0]!;
      expect(root.sum).toBe(leaves.reduce((a, l) => a + l.sum, 0n));
      for (let i = 0; i < n; i++) {
        const proof = {
          day: '2031-03-10',
          currency: 'PHP',
          root: root.hash,
          total: root.sum.toString(),
          leaf: { salt: salt(i), memberId: String(1000 + i), balance: String(i * 150) },
          path: sumTreePath(levels, i),
        };
        expect(await verifyLiabilityProof(proof)).toEqual({
          ok: true,
          balance: BigInt(i * 150),
          total: root.sum,
        });
      }
    }
  });

  it('a changed balance, salt, sibling sum or published total fails, and so does a negative sum', async () => {
    const leaves = Array.from({ length: 5 }, (_, i) => leafNode(salt(i), BigInt(i + 1), 100n));
    const levels = sumTreeLevels(leaves);
    const root = levels.at(-1)![0]!;
    const proof = {
      day: '2031-03-10',
      currency: 'PHP',
      root: root.hash,
      total: '500',
      leaf: { salt: salt(2), memberId: '3', balance: '100' },
      path: sumTreePath(levels, 2),
    };
    expect((await verifyLiabilityProof(proof)).ok).toBe(true);
    const fails = async (p: unknown) => verifyLiabilityProof(p);
    expect(await fails({ ...proof, leaf: { ...proof.leaf, balance: '99' } })).toEqual({
      ok: false,
      reason: 'root_mismatch',
    });
    expect(await fails({ ...proof, leaf: { ...proof.leaf, salt: salt(9) } })).toMatchObject({
      reason: 'root_mismatch',
    });
    expect(await fails({ ...proof, total: '501' })).toMatchObject({ reason: 'total_mismatch' });
    const path = proof.path.map((s, i) => (i === 0 ? { ...s, sum: '99' } : s));
    expect(await fails({ ...proof, path })).toMatchObject({ reason: 'root_mismatch' });
    expect(await fails({ ...proof, leaf: { ...proof.leaf, balance: '-100' } })).toMatchObject({
      reason: 'malformed',
    });
    expect(await fails({ nonsense: true })).toMatchObject({ reason: 'malformed' });
  });
});
