import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

/** Country of an IP address from an offline table (CC0 whois/ASN data shipped as an npm package). */
export interface IpCountryLookup {
  lookup(ip: string): string | null;
}

interface Table<T extends Uint32Array | BigUint64Array> {
  starts: T;
  ends: T;
  countries: Uint16Array;
  codes: string[];
}

function loadTable<T extends Uint32Array | BigUint64Array>(
  file: string,
  make: (n: number) => T,
  parse: (s: string) => number | bigint,
): Table<T> {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0);
  const starts = make(lines.length);
  const ends = make(lines.length);
  const countries = new Uint16Array(lines.length);
  const codes: string[] = [];
  const index = new Map<string, number>();
  lines.forEach((line, i) => {
    const [a = '', b = '', cc = ''] = line.split(',');
    starts[i] = parse(a);
    ends[i] = parse(b);
    let k = index.get(cc);
    if (k === undefined) {
      k = codes.length;
      codes.push(cc);
      index.set(cc, k);
    }
    countries[i] = k;
  });
  return { starts, ends, countries, codes };
}

function search<T extends Uint32Array | BigUint64Array>(t: Table<T>, value: number | bigint): string | null {
  let lo = 0;
  let hi = t.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const start = t.starts[mid]!;
    if (start <= value) {
      if (value <= t.ends[mid]!) return t.codes[t.countries[mid]!] ?? null;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return null;
}

/** The table shipped with the server; each half (IPv4, IPv6) is read on its first use. */
export function createIpCountryLookup(): IpCountryLookup {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
  let v4: Table<Uint32Array> | undefined;
  let v6: Table<BigUint64Array> | undefined;
  // IPv6 ranges are compared on their upper 64 bits: allocations are never smaller than a /64.
  const upper64 = (s: string) => BigInt(s) >> 64n;
  return {
    lookup(ip) {
      if (!ipaddr.isValid(ip)) return null;
      let addr = ipaddr.parse(ip);
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
        addr = (addr as ipaddr.IPv6).toIPv4Address();
      }
      if (addr.kind() === 'ipv4') {
        v4 ??= loadTable(
          path.join(dir, 'geo-whois-asn-country-ipv4-num.csv'),
          (n) => new Uint32Array(n),
          Number,
        );
        const n = addr.toByteArray().reduce((acc, b) => acc * 256 + b, 0);
        return search(v4, n);
      }
      v6 ??= loadTable(
        path.join(dir, 'geo-whois-asn-country-ipv6-num.csv'),
        (n) => new BigUint64Array(n),
        upper64,
      );
      const bytes = addr.toByteArray();
      let hi = 0n;
      for (let i = 0; i < 8; i++) hi = (hi << 8n) | BigInt(bytes[i] ?? 0);
      return search(v6, hi);
    },
  };
}
