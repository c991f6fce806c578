import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hub88SignatureValid, privateKeyFromPem, publicKeyFromPem, signHub88 } from './hub88-signature';

const dir = path.join(import.meta.dirname, 'testdata');
const demoPrivate = privateKeyFromPem(readFileSync(path.join(dir, 'hub88-demo-private.pem'), 'utf8'));
const demoPublic = publicKeyFromPem(readFileSync(path.join(dir, 'hub88-demo-public.pem'), 'utf8'));
// Hub88's published pairs: `data;signature`, one per line after the header.
const vectors = readFileSync(path.join(dir, 'hub88-signatures.csv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l.includes(';'))
  .map((l) => {
    const cut = l.lastIndexOf(';');
    return { data: l.slice(0, cut), signature: l.slice(cut + 1).trim() };
  });

describe('Hub88 signatures (RSA-SHA256, PKCS#1 v1.5, base64 of the raw body)', () => {
  it('reproduces every signature Hub88 publishes with its demo key (PKCS#1 PEM), and verifies them', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(5);
    for (const v of vectors) {
      expect(signHub88(demoPrivate, v.data)).toBe(v.signature);
      expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), v.signature)).toBe(true);
    }
  });

  it('a tampered body, another key, a missing or malformed header are all invalid', () => {
    const v = vectors.at(-1)!;
    expect(hub88SignatureValid(demoPublic, Buffer.from(`${v.data} `), v.signature)).toBe(false);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(hub88SignatureValid(other.publicKey, Buffer.from(v.data), v.signature)).toBe(false);
    expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), undefined)).toBe(false);
    expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), '')).toBe(false);
    expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), 'not base64 at all!')).toBe(false);
    expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), v.signature.slice(4))).toBe(false);
  });

  it('reads our private key as PKCS#8 as well as PKCS#1', () => {
    const pkcs8 = demoPrivate.export({ type: 'pkcs8', format: 'pem' }).toString();
    const v = vectors[0]!;
    expect(signHub88(privateKeyFromPem(pkcs8), v.data)).toBe(v.signature);
    expect(() => privateKeyFromPem('-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----')).toThrow();
  });
});
