import type { Database } from './database';
import { DomainError } from '../lib/domain-error';

/**
 * What PostgreSQL asks to retry: a deadlock it broke (40P01) and a serialization failure (40001). The
 * transaction was rolled back whole, so running it again from the start is safe — and every money command
 * is idempotent by its key, so a retry can never move money twice.
 */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error (pg's DatabaseError, or PGlite's), if it is one. */
export const sqlState = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

export const isRetryable = (err: unknown) => RETRYABLE_CODES.has(sqlState(err) ?? '');

/** How long a client is asked to wait before sending again when the retries ran out (Retry-After, s). */
export const RETRY_AFTER_SECONDS = 1;

/** The answer when the database still refused after every retry: 503, the client may send again. */
export const databaseBusy = () =>
  new DomainError('database_busy', 503, 'The system is busy, please try again in a moment', {
    retryAfter: RETRY_AFTER_SECONDS,
  });

/** A retry, as it is logged and counted. */
export interface RetryEvent {
  /** What was retried (the command's name). */
  name: string;
  code: string;
  /** 1 for the first retry. */
  attempt: number;
  /** True when this was the last attempt and the caller gets database_busy. */
  exhausted: boolean;
}

/**
 * The retries of this process, by SQLSTATE: read by the benches and the soak (which print them), and by
 * GET /api/health. A counter of the process, like a metrics registry; `onRetry` is where the server logs.
 */
export const transactionRetries = {
  retried: 0,
  exhausted: 0,
  byCode: {} as Record<string, number>,
  onRetry: null as ((e: RetryEvent) => void) | null,
};

export interface RetryOptions {
  /** What the retried work is, for the log. */
  name: string;
  /** Attempts in all, the first included (default 6). */
  attempts?: number;
  /** Milliseconds before the first retry; doubled each time, with full jitter (default 10). */
  baseDelayMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `work` — one whole unit against the database: a transaction, or one autocommitted statement — and
 * runs it again when PostgreSQL rolled it back for a deadlock or a serialization failure, a bounded
 * number of times with jittered backoff. Each retry is counted and reported; when they run out the
 * caller gets database_busy (503, Retry-After), never the database's error as a 500.
 */
export async function withRetries<T>(o: RetryOptions, work: () => Promise<T>): Promise<T> {
  const attempts = o.attempts ?? 6;
  const base = o.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isRetryable(err)) throw err;
      const code = sqlState(err)!;
      const exhausted = attempt >= attempts;
      transactionRetries.byCode[code] = (transactionRetries.byCode[code] ?? 0) + 1;
      if (exhausted) transactionRetries.exhausted++;
      else transactionRetries.retried++;
      transactionRetries.onRetry?.({ name: o.name, code, attempt, exhausted });
      if (exhausted) throw databaseBusy();
      await sleep(Math.random() * base * 2 ** (attempt - 1));
    }
  }
}

/**
 * The one transaction helper for commands: `work` runs in a transaction that is retried whole on a
 * deadlock or serialization failure (withRetries). Inside a transaction already (`db` is one), `work`
 * simply runs in it: the outermost helper owns the retry.
 */
export async function inTransaction<T>(
  db: Database,
  name: string,
  work: (trx: Database) => Promise<T>,
  o: Omit<RetryOptions, 'name'> = {},
): Promise<T> {
  if (db.isTransaction) return work(db);
  return withRetries({ ...o, name }, () => db.transaction().execute(work));
}
