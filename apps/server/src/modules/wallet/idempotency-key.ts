import type { FastifyRequest } from 'fastify';
import { idempotencyKey } from '@panalo/contract/wallet';
import { DomainError } from '../../lib/domain-error';

/**
 * The `Idempotency-Key` header of a money-moving call (8–80 of [A-Za-z0-9_-]); a missing or malformed key
 * is refused with 400 idempotency_key_required before anything is read or written.
 */
export function requireIdempotencyKey(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  const parsed = idempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success)
    throw new DomainError('idempotency_key_required', 400, 'Idempotency-Key header required');
  return parsed.data;
}
