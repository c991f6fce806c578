import { DomainError } from '../../lib/domain-error';
import type { Clock } from '../../lib/clock';
import type { MerchantRow, MerchantsRepository } from './merchants.repository';

export interface MerchantResolver {
  /** The merchant of a request: the `Merchant` header (a code) wins, then the Host's domain, then the default. */
  resolve(host: string | undefined, headerCode: string | undefined): Promise<MerchantRow>;
  clearCache(): void;
}

function hostname(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon > 0 ? h.slice(0, colon) : h;
}

/**
 * Merchant rows change rarely and are read on every request, so each process keeps them for a short
 * TTL: an operator's change is seen everywhere within `ttlMs`.
 */
export function createMerchantResolver(
  repo: MerchantsRepository,
  defaultCode: string,
  clock: Clock,
  ttlMs = 2000,
): MerchantResolver {
  const cache = new Map<string, { row: MerchantRow | undefined; at: number }>();
  const cached = async (key: string, load: () => Promise<MerchantRow | undefined>) => {
    const now = clock.now().getTime();
    const hit = cache.get(key);
    if (hit && now - hit.at < ttlMs) return hit.row;
    const row = await load();
    cache.set(key, { row, at: now });
    return row;
  };
  return {
    async resolve(host, headerCode) {
      if (headerCode !== undefined && headerCode !== '') {
        const code = headerCode.trim().toLowerCase();
        const byCode = /^[a-z0-9_-]{1,32}$/.test(code)
          ? await cached(`code:${code}`, () => repo.findByCode(code))
          : undefined;
        if (!byCode) throw new DomainError('merchant_unknown', 400, 'Unknown merchant');
        return byCode;
      }
      if (host) {
        const domain = hostname(host);
        const byDomain = await cached(`domain:${domain}`, () => repo.findByDomain(domain));
        if (byDomain) return byDomain;
      }
      const fallback = await cached(`code:${defaultCode}`, () => repo.findByCode(defaultCode));
      if (!fallback) throw new DomainError('merchant_unknown', 400, 'No default merchant is configured');
      return fallback;
    },
    clearCache: () => cache.clear(),
  };
}
