import { describe, expect, it } from 'vitest';
import { DomainError } from '../lib/domain-error';
import type { Database } from './database';
import { inTransaction, transactionRetries, withRetries, type RetryEvent } from './transaction';

// Issue 47 item 3: what the database asks to retry is retried, bounded, counted and logged; only when the
// retries run out does the caller get an answer, and it is 503 database_busy.
const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('the transaction helper retries what PostgreSQL asks to retry', () => {
  it('a deadlock and a serialization failure are run again until the work succeeds; each retry is counted and reported', async () => {
    const seen: RetryEvent[] = [];
    transactionRetries.onRetry = (e) => seen.push(e);
    const before = { ...transactionRetries, byCode: { ...transactionRetries.byCode } };
    let calls = 0;
    try {
      const out = await withRetries({ name: 'probe', baseDelayMs: 1 }, async () => {
        calls++;
        if (calls === 1) throw pgError('40P01');
        if (calls === 2) throw pgError('40001');
        return 'done';
      });
      expect([out, calls]).toEqual(['done', 3]);
      expect(transactionRetries.retried - before.retried).toBe(2);
      expect(transactionRetries.exhausted - before.exhausted).toBe(0);
      expect((transactionRetries.byCode['40P01'] ?? 0) - (before.byCode['40P01'] ?? 0)).toBe(1);
      expect(seen).toEqual([
        { name: 'probe', code: '40P01', attempt: 1, exhausted: false },
        { name: 'probe', code: '40001', attempt: 2, exhausted: false },
      ]);
    } finally {
      transactionRetries.onRetry = null;
    }
  });

  it('when the attempts run out the caller gets 503 database_busy (with the seconds to wait), not the database error', async () => {
    const before = transactionRetries.exhausted;
    let calls = 0;
    const err = await withRetries({ name: 'probe', attempts: 3, baseDelayMs: 1 }, async () => {
      calls++;
      throw pgError('40P01');
    }).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(err).toBeInstanceOf(DomainError);
    expect([(err as DomainError).status, (err as DomainError).code, (err as DomainError).value]).toEqual([
      503,
      'database_busy',
      { retryAfter: 1 },
    ]);
    expect(transactionRetries.exhausted - before).toBe(1);
  });

  it('anything else is not retried: a refusal, a unique violation, a crash pass through at once', async () => {
    for (const thrown of [
      new DomainError('insufficient_balance', 409),
      pgError('23505'),
      new Error('boom'),
    ]) {
      let calls = 0;
      const err = await withRetries({ name: 'probe', baseDelayMs: 1 }, async () => {
        calls++;
        throw thrown;
      }).catch((e: unknown) => e);
      expect([err, calls]).toEqual([thrown, 1]);
    }
  });

  it('inside a transaction already, the work runs in it: the outermost helper owns the retry', async () => {
    const trx = { isTransaction: true } as unknown as Database;
    let calls = 0;
    const err = await inTransaction(trx, 'inner', async (t) => {
      calls++;
      expect(t).toBe(trx);
      throw pgError('40P01');
    }).catch((e: unknown) => e);
    expect([calls, (err as { code?: string }).code]).toEqual([1, '40P01']);
  });
});
