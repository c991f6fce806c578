import { describe, expect, it } from 'vitest';
import { ipAllowed, signatureValid, signBody } from './vendor-auth';

describe('vendor allow-list and signature', () => {
  it('matches addresses and CIDR ranges, v4 and v6, and ignores malformed entries', () => {
    const list = ['203.0.113.7', '10.1.0.0/16', '2001:db8::/32', 'not-an-ip', '300.1.1.1/8'];
    expect(ipAllowed(list, '203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '203.0.113.8')).toBe(false);
    expect(ipAllowed(list, '10.1.200.3')).toBe(true);
    expect(ipAllowed(list, '10.2.0.1')).toBe(false);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
    // An IPv4 client seen through an IPv6 socket is the same address.
    expect(ipAllowed(list, '::ffff:203.0.113.7')).toBe(true);
    expect(ipAllowed(list, 'garbage')).toBe(false);
    expect(ipAllowed([], '203.0.113.7')).toBe(false);
  });

  it('parses a list once per row and follows a new row when the vendor changes its list', () => {
    const first = ['192.0.2.1'];
    for (let i = 0; i < 3; i++) expect(ipAllowed(first, '192.0.2.1')).toBe(true);
    const changed = ['192.0.2.2'];
    expect(ipAllowed(changed, '192.0.2.1')).toBe(false);
    expect(ipAllowed(changed, '192.0.2.2')).toBe(true);
  });

  it('accepts only the HMAC of the exact bytes', () => {
    const body = Buffer.from('{"amount":"1.00"}');
    const sig = signBody('secret', body);
    expect(signatureValid('secret', body, sig)).toBe(true);
    expect(signatureValid('secret', body, sig.toUpperCase())).toBe(true);
    expect(signatureValid('other', body, sig)).toBe(false);
    expect(signatureValid('secret', Buffer.from('{"amount":"2.00"}'), sig)).toBe(false);
    expect(signatureValid('secret', body, undefined)).toBe(false);
    expect(signatureValid('secret', body, 'zz')).toBe(false);
  });
});
