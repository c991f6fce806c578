import { createHmac, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { gameWalletRepository, type VendorRow } from './game-wallet.repository';

/** The header that carries HMAC-SHA256(vendor secret, raw request body) as lower-case hex. */
export const SIGNATURE_HEADER = 'x-signature';

export const signBody = (secret: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Constant-time check of a request's signature over the exact bytes received. */
export function signatureValid(secret: string, raw: Buffer, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const want = Buffer.from(signBody(secret, raw), 'hex');
  return timingSafeEqual(want, Buffer.from(given.toLowerCase(), 'hex'));
}

type Parsed = ReturnType<typeof ipaddr.process>;
type Rule = { kind: 'net'; net: Parsed; bits: number } | { kind: 'addr'; text: string };
/** Allow-lists parsed once per vendor row (the resolver keeps a row for its ttl): callbacks come in bursts. */
const parsedLists = new WeakMap<readonly string[], Rule[]>();

function rulesOf(allowed: readonly string[]): Rule[] {
  let rules = parsedLists.get(allowed);
  if (rules) return rules;
  rules = allowed.flatMap((entry): Rule[] => {
    try {
      if (entry.includes('/')) {
        const [net, bits] = ipaddr.parseCIDR(entry);
        return [{ kind: 'net', net: ipaddr.process(net.toString()), bits }];
      }
      return [{ kind: 'addr', text: ipaddr.process(entry).toString() }];
    } catch {
      return [];
    }
  });
  parsedLists.set(allowed, rules);
  return rules;
}

/** Whether the caller's address is in the vendor's allow-list (addresses or CIDR ranges, v4 or v6). */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.process(ip);
  const text = addr.toString();
  return rulesOf(allowed).some((rule) =>
    rule.kind === 'addr'
      ? rule.text === text
      : addr.kind() === rule.net.kind() && addr.match(rule.net, rule.bits),
  );
}

/**
 * Vendors by (merchant, code), cached briefly: every callback needs one and they change rarely (a
 * disabled vendor is refused within ttlMs on every process).
 */
export function vendorResolver(db: Database, ttlMs = 2_000) {
  const cache = new Map<string, { at: number; vendor: VendorRow | undefined }>();
  return async function resolve(merchantId: number, code: string): Promise<VendorRow> {
    const key = `${merchantId}:${code}`;
    const hit = cache.get(key);
    const now = Date.now();
    let vendor: VendorRow | undefined;
    if (hit && now - hit.at < ttlMs) vendor = hit.vendor;
    else {
      vendor = await gameWalletRepository.vendor(db, merchantId, code);
      if (cache.size > 1_000) cache.clear();
      cache.set(key, { at: now, vendor });
    }
    if (!vendor) throw new DomainError('unknown_vendor', 404, 'Unknown game vendor');
    if (!vendor.enabled) throw new DomainError('vendor_disabled', 403, 'This game vendor is disabled');
    return vendor;
  };
}
