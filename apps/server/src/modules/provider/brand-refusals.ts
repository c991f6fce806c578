import { DomainError } from '../../lib/domain-error';
import { sqlState } from '../../db/transaction';

// The refusals of launching and finding a brand.

export const unknownBrand = () => new DomainError('brand_unknown', 404, 'There is no brand with this code');

export const codeTaken = () => new DomainError('brand_code_taken', 409, 'Another brand has this code');
export const domainTaken = (domains: string[]) =>
  new DomainError('domain_taken', 409, 'Another brand is served at this domain', {
    domains,
    domain: domains[0] ?? null,
  });

/** Two launches racing for one code or domain: the unique keys decide, the loser hears why. */
export function uniqueAsTaken(err: unknown): never {
  if (sqlState(err) === '23505') {
    const constraint = (err as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint.includes('domain')) throw domainTaken([]);
    throw codeTaken();
  }
  throw err;
}
