import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { itRaces } from '../../test-support/races';
import { openTestDatabase } from '../../test-support/test-db';
import { keepFirstAnswer, requestHash, runIdempotent, storedAnswer, storeRefusal } from './idempotency';

// Idempotency keys and their stored answers, on their own: the request's digest, a refusal kept and
// replayed as it was, an error that is no refusal never kept, and the first answer kept for steps that
// move their money themselves.
describe('idempotency keys and stored answers', () => {
  let h: DatabaseHandle;
  let n = 0;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());
  const ref = () => ({ merchantId: 1, scope: 'idem-test', key: `key-${++n}` });
  const outcome = <T>(p: Promise<T>) =>
    p.then(
      (v) => ({ ok: v }),
      (e: Error) => (e instanceof DomainError ? [e.status, e.code, e.message, e.value] : e),
    );

  it('a request’s digest ignores the order of its fields, at every depth, and reads bigints as text', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } })).toBe(
      requestHash({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }),
    );
    expect(requestHash({ amount: 5n })).toBe(requestHash({ amount: '5' }));
    expect(requestHash({ a: 1, b: 2 })).not.toBe(requestHash({ a: 2, b: 1 }));
    expect(requestHash({ a: { b: 1 } })).not.toBe(requestHash({ a: { b: 2 } }));
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]));
    expect(requestHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a refusal is kept with its code, message and details; the retry is answered with it without running the work', async () => {
    const k = ref();
    let runs = 0;
    const refuse = () =>
      runIdempotent(h.db, { ...k, request: { x: 1 } }, async () => {
        runs++;
        throw new DomainError('play_limit_reached', 409, 'Limit reached', { kind: 'loss' });
      });
    const want = [409, 'play_limit_reached', 'Limit reached', { kind: 'loss' }];
    expect(await outcome(refuse())).toEqual(want);
    // The retry is answered with the stored refusal (sent as it was), not by running the work again.
    expect(await outcome(refuse())).toEqual({
      ok: {
        status: 409,
        body: {
          success: false,
          code: 'play_limit_reached',
          message: 'Limit reached',
          value: { kind: 'loss' },
        },
        replayed: true,
      },
    });
    expect(runs).toBe(1);
    // The same key for another request: a conflict, said so.
    expect(
      await outcome(runIdempotent(h.db, { ...k, request: { x: 2 } }, async () => ({ status: 200, body: 1 }))),
    ).toEqual([
      409,
      'idempotency_conflict',
      'This idempotency key was used for a different request',
      undefined,
    ]);
  });

  it('an error that is no refusal (a fault) is not kept: the retry runs the work again', async () => {
    const k = ref();
    const fault = new Error('connection lost');
    let runs = 0;
    const r1 = await outcome(
      runIdempotent(h.db, { ...k, request: {} }, async () => {
        runs++;
        throw fault;
      }),
    );
    expect(r1).toBe(fault);
    expect(await storedAnswer(h.db, { ...k, hash: requestHash({}) })).toBeNull();
    const r2 = await runIdempotent(h.db, { ...k, request: {} }, async () => {
      runs++;
      return { status: 201, body: { done: true } };
    });
    expect([r2, runs]).toEqual([{ status: 201, body: { done: true }, replayed: false }, 2]);
    expect(
      await runIdempotent(h.db, { ...k, request: {} }, async () => ({ status: 200, body: null })),
    ).toEqual({
      status: 201,
      body: { done: true },
      replayed: true,
    });
  });

  itRaces(
    'two requests with one key at once: the work runs once, the second waits and gets the first’s answer',
    async () => {
      const k = ref();
      let runs = 0;
      const call = () =>
        runIdempotent(h.db, { ...k, request: { z: 1 } }, async (trx) => {
          runs++;
          // Hold the claim a while inside the transaction, as a real money move would.
          await trx.selectNoFrom((eb) => eb.fn('pg_sleep', [eb.val(0.3)]).as('s')).execute();
          return { status: 200, body: { n: runs } };
        });
      const [a, b] = await Promise.all([call(), call()]);
      expect(runs).toBe(1);
      expect([a.body, b.body]).toEqual([{ n: 1 }, { n: 1 }]);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    },
  );

  it('keepFirstAnswer keeps the first body under a key and gives it to every later caller', async () => {
    const k = { ...ref(), hash: requestHash({ round: 1 }) };
    expect(await keepFirstAnswer(h.db, k, { won: '10.00' })).toEqual({ won: '10.00' });
    expect(await keepFirstAnswer(h.db, k, { won: '99.00' })).toEqual({ won: '10.00' });
    expect(await storedAnswer(h.db, k)).toEqual({ status: 200, body: { won: '10.00' } });
    await expect(keepFirstAnswer(h.db, { ...k, hash: requestHash({ round: 2 }) }, {})).rejects.toThrow(
      'This idempotency key was used for a different request',
    );
  });

  it('storeRefusal keeps the refusal once, at the time given; a second refusal under the key changes nothing', async () => {
    const k = { ...ref(), hash: requestHash({ y: 1 }) };
    const at = new Date('2026-06-01T09:30:00Z');
    await storeRefusal(h.db, { ...k, at }, new DomainError('amount_invalid', 400, 'Enter a valid amount'));
    await storeRefusal(h.db, k, new DomainError('other', 409, 'Other'));
    expect(await storedAnswer(h.db, k)).toEqual({
      status: 400,
      body: { success: false, code: 'amount_invalid', message: 'Enter a valid amount' },
    });
    const row = await h.db
      .selectFrom('idempotency_record')
      .select('created_at')
      .where('key', '=', k.key)
      .executeTakeFirstOrThrow();
    expect(row.created_at).toEqual(at);
  });
});
