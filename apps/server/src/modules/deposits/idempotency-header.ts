import type { FastifyRequest } from 'fastify';
import { idempotencyKey } from '@panalo/contract/wallet';
import { DomainError } from '../../lib/domain-error';

/** The request's Idempotency-Key header; money-moving calls refuse to run without a valid one. */
export function requireIdempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const parsed = idempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    throw new DomainError('idempotency_key_required', 400, 'An Idempotency-Key header is required');
  }
  return parsed.data;
}
