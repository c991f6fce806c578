import { describe, expect, it } from 'vitest';
import type { LiabilityProof } from '@panalo/contract/liabilities';
import { buildTree } from '../test/proof-fixtures';
import { formatCount, formatDay, formatMinor, proofFileName, proofFileText } from './format';
import { checkMessage, outcomeOf } from './outcome';
import { verifyLiabilityProof as verifyProof } from '@panalo/contract/liabilities-rules';

describe('formatting', () => {
  it('shows a closing day in the member’s language, whatever the time zone', () => {
    expect(formatDay('2026-11-28', 'EN')).toBe('November 28, 2026');
    expect(formatDay('2026-11-28', 'TY')).toBe('Nobyembre 28, 2026');
    expect(formatDay('2026-01-01', 'en')).toBe('January 1, 2026');
    expect(formatDay('yesterday', 'EN')).toBe('yesterday');
  });

  it('shows minor units with the currency, never through a float', () => {
    expect(formatMinor(12345n, 'PHP')).toBe('₱123.45');
    expect(formatMinor(0n, 'PHP')).toBe('₱0.00');
    expect(formatMinor(123456789012345678n, 'PHP')).toBe('₱1,234,567,890,123,456.78');
    expect(formatMinor(5n, 'USD')).toBe('USD 0.05');
    expect(formatCount(12345, 'EN')).toBe('12,345');
  });

  it('names the downloaded file by day and writes the proof itself', () => {
    expect(proofFileName('2026-11-28')).toBe('liability-proof-2026-11-28.json');
    expect(proofFileName('../x')).toBe('liability-proof-latest.json');
    expect(JSON.parse(proofFileText({ day: '2026-11-28' }))).toEqual({ day: '2026-11-28' });
  });
});

describe('the result of checking my balance', () => {
  it('a proof that holds and leads to the published root says the balance and the day', async () => {
    const { published, proofs } = await buildTree([1_500_050n, 20n, 300n]);
    const proof = proofs[0]!;
    const outcome = outcomeOf(proof, await verifyProof(proof), published);
    expect(outcome).toEqual({ kind: 'verified', proof, balance: 1_500_050n });
    expect(checkMessage(outcome, 'EN')).toEqual({
      tone: 'ok',
      key: 'liabilities.check.verified',
      values: { amount: '₱15,000.50', day: 'November 28, 2026' },
    });
    expect(checkMessage(outcome, 'TY')).toMatchObject({ values: { day: 'Nobyembre 28, 2026' } });
  });

  it('a proof that holds for another root or total than the one published that day is refused', async () => {
    const a = await buildTree([10n, 20n]);
    const b = await buildTree([10n, 21n]);
    const proof = b.proofs[0]!;
    expect(outcomeOf(proof, await verifyProof(proof), a.published)).toEqual({
      kind: 'failed',
      reason: 'not_published',
    });
    const otherTotal = { ...b.published, total: '0.32' };
    expect(outcomeOf(proof, await verifyProof(proof), otherTotal)).toEqual({
      kind: 'failed',
      reason: 'not_published',
    });
    // A proof of another day is held against its own root only.
    expect(outcomeOf(proof, await verifyProof(proof), { ...a.published, day: '2026-11-27' })).toMatchObject({
      kind: 'verified',
    });
  });

  it('a proof that does not hold names its reason', async () => {
    const { published, proofs } = await buildTree([10n, 20n]);
    const bad: LiabilityProof = { ...proofs[0]!, leaf: { ...proofs[0]!.leaf, balance: '11' } };
    const outcome = outcomeOf(bad, await verifyProof(bad), published);
    expect(outcome).toEqual({ kind: 'failed', reason: 'root_mismatch' });
    expect(checkMessage(outcome, 'EN')).toEqual({
      tone: 'bad',
      key: 'liabilities.check.failed.root_mismatch',
    });
    for (const reason of ['malformed', 'negative', 'total_mismatch', 'not_published'] as const)
      expect(checkMessage({ kind: 'failed', reason }, 'EN')).toEqual({
        tone: 'bad',
        key: `liabilities.check.failed.${reason}`,
      });
  });

  it('proof_none has its own text; another refusal is the server’s', () => {
    expect(checkMessage({ kind: 'refused', code: 'proof_none' }, 'EN')).toEqual({
      tone: 'bad',
      key: 'liabilities.check.none',
    });
    expect(checkMessage({ kind: 'refused', code: 'unauthorized' }, 'EN')).toEqual({
      tone: 'bad',
      refusal: 'unauthorized',
    });
  });
});
