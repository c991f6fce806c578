import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { inTransaction } from '../../db/transaction';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  /** True when this answer is the stored answer of an earlier identical request. */
  replayed: boolean;
}

const stable = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(stable)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, stable(x)]),
        )
      : typeof v === 'bigint'
        ? v.toString()
        : v;

export const requestHash = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(stable(request)))
    .digest('hex');

interface KeyRef {
  merchantId: number;
  scope: string;
  key: string;
  /** requestHash() of the request, or another stable digest of it. */
  hash: string;
}

/** The answer stored under a key; a 409 idempotency_conflict when the key was used for another request. */
export async function storedAnswer<T>(db: Database, k: KeyRef): Promise<{ status: number; body: T } | null> {
  const row = await db
    .selectFrom('idempotency_record')
    .select(['request_hash', 'status_code', 'response'])
    .where('merchant_id', '=', k.merchantId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== k.hash) throw idempotencyConflict();
  return { status: row.status_code, body: row.response as T };
}

/**
 * For operations whose money moves in steps of their own (each idempotent by itself): keeps `body` as
 * the key's answer unless one is stored already, and returns the stored one. Every caller of one key
 * therefore answers the same, whoever finished first.
 */
export async function keepFirstAnswer<T>(db: Database, k: KeyRef, body: T): Promise<T> {
  await db
    .insertInto('idempotency_record')
    .values({
      merchant_id: k.merchantId,
      scope: k.scope,
      key: k.key,
      request_hash: k.hash,
      status_code: 200,
      response: JSON.stringify(body),
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'scope', 'key']).doNothing())
    .execute();
  return (await storedAnswer<T>(db, k))!.body;
}

/** A refusal stored under a key, as the error it was. */
export function storedRefusal(found: { status: number; body: unknown }): DomainError {
  const b = found.body as { code: string; message: string; value?: Record<string, unknown> };
  return new DomainError(b.code, found.status, b.message, b.value);
}

/**
 * Keeps a refusal as the key's answer, unless the key already has one (a concurrent first request won:
 * the caller reads the stored answer). Called after the refused work rolled back: nothing moved.
 */
export async function storeRefusal(db: Database, k: KeyRef & { at?: Date }, e: DomainError): Promise<void> {
  const body = { success: false, code: e.code, message: e.message, ...(e.value ? { value: e.value } : {}) };
  await db
    .insertInto('idempotency_record')
    .values({
      merchant_id: k.merchantId,
      scope: k.scope,
      key: k.key,
      request_hash: k.hash,
      status_code: e.status,
      response: JSON.stringify(body),
      ...(k.at ? { created_at: k.at } : {}),
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'scope', 'key']).doNothing())
    .execute();
}

const idempotencyConflict = () =>
  new DomainError('idempotency_conflict', 409, 'This idempotency key was used for a different request');

/**
 * Runs a money-moving operation once per (merchant, scope, key). The record is claimed in the same
 * transaction as the work: a concurrent duplicate waits on the claim and then reads the stored answer;
 * a repeat returns the first answer without moving anything; the same key with another request is a
 * 409 idempotency_conflict. A refusal (a domain error) is stored too, so a retry gets the same refusal.
 */
export async function runIdempotent<T>(
  db: Database,
  o: { merchantId: number; scope: string; key: string; request: unknown },
  work: (trx: Database) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const hash = requestHash(o.request);
  const stored = async (trx: Database) => {
    const found = await storedAnswer<T>(trx, { ...o, hash });
    return found && { ...found, replayed: true };
  };

  // A repeat is answered before any transaction (the claim below would answer it the same, only later).
  const first = await stored(db);
  // Stryker disable next-line ConditionalExpression: without this shortcut the claim below finds the key and answers the same
  if (first) return first;

  try {
    // Stryker disable next-line StringLiteral: the transaction's name only labels its retries in the log
    return await inTransaction(db, `idempotent:${o.scope}`, async (trx) => {
      const claimed = await trx
        .insertInto('idempotency_record')
        .values({
          merchant_id: o.merchantId,
          scope: o.scope,
          key: o.key,
          request_hash: hash,
          status_code: 0,
          response: JSON.stringify(null),
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'scope', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) {
        // The key's claim was committed by a concurrent first request (this insert waited for it).
        const again = await stored(trx);
        // Stryker disable next-line ConditionalExpression: `true` is equivalent while claims are never deleted (a claim that waited always finds its answer)
        if (again) return again;
        // Stryker disable next-line StringLiteral: not reached while claims are never deleted (see `again` above); kept as a guard
        throw new DomainError('idempotency_in_progress', 409, 'The same request is being processed');
      }
      let result: { status: number; body: T };
      try {
        result = await work(trx);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // A refusal is an answer too: keep it (the money work above rolled back with the savepoint).
        throw new RefusalToStore(err);
      }
      await trx
        .updateTable('idempotency_record')
        .set({ status_code: result.status, response: JSON.stringify(result.body) })
        .where('merchant_id', '=', o.merchantId)
        .where('scope', '=', o.scope)
        .where('key', '=', o.key)
        .execute();
      return { ...result, replayed: false };
    });
  } catch (err) {
    if (!(err instanceof RefusalToStore)) throw err;
    // The transaction rolled back (nothing moved); record the refusal on its own so a retry gets it.
    const e = err.error;
    await storeRefusal(db, { ...o, hash }, e);
    throw e;
  }
}

class RefusalToStore extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}
