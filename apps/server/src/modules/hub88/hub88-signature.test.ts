import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HUB88_SIGNATURE_HEADER,
  hub88SignatureValid,
  privateKeyFromPem,
  publicKeyFromPem,
  signHub88,
} from './hub88-signature';

const dir = path.join(import.meta.dirname, 'testdata');
let demoPrivate: KeyObject;
let demoPublic: KeyObject;
let vectors: { data: string; signature: string }[];

describe('Hub88 signatures (RSA-SHA256, PKCS#1 v1.5, base64 of the raw body)', () => {
  // Loaded in this describe's beforeAll, not at module level: a mutant that breaks key loading must fail
  // these tests (Stryker's runner counts a failed beforeAll against the suite's tests), not the file's
  // import, which it would not count at all.
  beforeAll(() => {
    demoPrivate = privateKeyFromPem(readFileSync(path.join(dir, 'hub88-demo-private.pem'), 'utf8'));
    demoPublic = publicKeyFromPem(readFileSync(path.join(dir, 'hub88-demo-public.pem'), 'utf8'));
    // Hub88's published pairs: `data;signature`, one per line after the header.
    vectors = readFileSync(path.join(dir, 'hub88-signatures.csv'), 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.includes(';'))
      .map((l) => {
        const cut = l.lastIndexOf(';');
        return { data: l.slice(0, cut), signature: l.slice(cut + 1).trim() };
      });
  });

  it('reads the signature from the header Hub88 sends (x-hub88-signature, as Node lower-cases it)', () => {
    expect(HUB88_SIGNATURE_HEADER).toBe('x-hub88-signature');
  });

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

  it('refuses a good signature with anything before or after it: the base64 check spans the whole value', () => {
    // Node's base64 decoder skips characters outside the alphabet, so `!` + a good signature decodes to
    // the good signature: only the check's anchors refuse it.
    const v = vectors[0]!;
    for (const bad of [`!${v.signature}`, `${v.signature}!`, `${v.signature}.x`])
      expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), bad), bad).toBe(false);
  });

  it('accepts a good signature with white space around it (the header value is trimmed)', () => {
    const v = vectors[0]!;
    expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), `  ${v.signature} `)).toBe(true);
    expect(hub88SignatureValid(demoPublic, Buffer.from(v.data), `\t${v.signature}\n`)).toBe(true);
  });

  it('is false, not an exception, when verifying throws (an Ed25519 key cannot verify with sha256)', () => {
    const ed = generateKeyPairSync('ed25519');
    const signature = Buffer.alloc(64, 7);
    // The premise: node:crypto throws for this key; hub88SignatureValid must turn that into false.
    expect(() => verify('sha256', Buffer.from('{}'), ed.publicKey, signature)).toThrow();
    expect(hub88SignatureValid(ed.publicKey, Buffer.from('{}'), signature.toString('base64'))).toBe(false);
  });

  it('signs a string body as its UTF-8 bytes (non-ASCII text)', () => {
    const body = 'Piñata ₱';
    const signature = signHub88(demoPrivate, body);
    const utf8 = Buffer.from(body, 'utf8');
    expect(verify('sha256', utf8, demoPublic, Buffer.from(signature, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(body, 'latin1'), demoPublic, Buffer.from(signature, 'base64'))).toBe(
      false,
    );
    expect(signHub88(demoPrivate, utf8)).toBe(signature);
    expect(hub88SignatureValid(demoPublic, utf8, signature)).toBe(true);
  });

  it('reads our private key as PKCS#8 as well as PKCS#1', () => {
    const pkcs8 = demoPrivate.export({ type: 'pkcs8', format: 'pem' }).toString();
    const v = vectors[0]!;
    expect(signHub88(privateKeyFromPem(pkcs8), v.data)).toBe(v.signature);
    expect(() => privateKeyFromPem('-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----')).toThrow();
  });

  it('refuses a key that is not RSA (EC P-256), ours and Hub88’s, with a message that says so', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const privatePem = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicPem = ec.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => privateKeyFromPem(privatePem)).toThrow('The Hub88 private key must be an RSA key');
    expect(() => publicKeyFromPem(publicPem)).toThrow("Hub88's public key must be an RSA key");
  });
});
