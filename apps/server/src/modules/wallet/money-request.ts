import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKey } from '@panalo/contract/wallet';
import { MAX_AMOUNT_MINOR, parseAmount } from '@panalo/contract/money';
import { DomainError } from '../../lib/domain-error';
import type { IdempotentResult } from './idempotency';

/** The `Idempotency-Key` header every money-moving call carries; missing or malformed → 400. */
export function requireIdempotencyKey(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  // A header sent twice arrives as a list: the schema refuses it like any other non-text.
  const parsed = idempotencyKey.safeParse(raw);
  if (!parsed.success) {
    throw new DomainError(
      'idempotency_key_required',
      400,
      'An Idempotency-Key header (8–80 letters, digits, _ or -) is required',
    );
  }
  return parsed.data;
}

/** A positive amount in minor units; zero (or anything the wire schema let through but is not money) → 400. */
export function positiveAmount(text: string): bigint {
  const minor = parseAmount(text);
  // Stryker disable next-line ConditionalExpression: `minor === null` → false is equivalent (`null <= 0n` is true in JavaScript); the test is there for the type
  if (minor === null || minor <= 0n) throw new DomainError('amount_invalid', 400, 'Enter a valid amount');
  return minor;
}

/** A signed, non-zero amount in minor units ('-12.50' → -1250n). */
export function signedAmount(text: string): bigint {
  const negative = text.startsWith('-');
  const minor = parseAmount(negative ? text.slice(1) : text);
  const invalid = () => new DomainError('amount_invalid', 400, 'Enter a valid amount');
  if (minor === null || minor === 0n) throw invalid();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: parseAmount stops at MAX_AMOUNT_MINOR (a test holds that edge); this only guards a change of it
  if (minor > MAX_AMOUNT_MINOR) throw invalid();
  return negative ? -minor : minor;
}

/** Sends an idempotent answer: the first one, or on a repeat the stored one with its status. */
export function sendIdempotent<T>(
  reply: FastifyReply,
  r: Pick<IdempotentResult<T>, 'status' | 'body'> & { replayed?: boolean },
) {
  if (r.replayed) void reply.header('idempotent-replayed', 'true');
  // A stored refusal names this request, as every refusal does (the error handler adds it to the first).
  if (r.status >= 400 && r.body && typeof r.body === 'object')
    return reply.status(r.status).send({ ...r.body, requestId: reply.request.id });
  return reply.status(r.status).send(r.body);
}
