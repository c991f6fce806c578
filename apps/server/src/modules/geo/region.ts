import ipaddr from 'ipaddr.js';
import type { RegionRestriction } from '@panalo/contract/merchant';

function inCidr(ip: string, cidr: string): boolean {
  try {
    let addr = ipaddr.parse(ip);
    const [range, bits] = ipaddr.parseCIDR(cidr);
    if (addr.kind() !== range.kind()) {
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
        addr = (addr as ipaddr.IPv6).toIPv4Address();
      } else {
        return false;
      }
    }
    return addr.match([range, bits]);
  } catch {
    return false;
  }
}

/** Spec §4 region restriction: does this client (IP, country) fall outside what the merchant allows? */
export function isRegionRestricted(rule: RegionRestriction, ip: string, country: string | null): boolean {
  if (!rule.enabled) return false;
  const listed =
    (country !== null && rule.countries.includes(country)) || rule.cidrs.some((cidr) => inCidr(ip, cidr));
  return rule.mode === 'deny' ? listed : !listed;
}

export function isValidCidr(cidr: string): boolean {
  try {
    ipaddr.parseCIDR(cidr);
    return true;
  } catch {
    return false;
  }
}
