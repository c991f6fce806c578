import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The header every Hub88 call carries: base64 of the RSA-SHA256 (PKCS#1 v1.5) signature of the raw body. */
export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

/** Signs the exact bytes sent (RSA-SHA256, PKCS#1 v1.5 padding, base64). */
export function signHub88(privateKey: KeyObject, body: string | Buffer): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: UTF-8 is the default
  // Equivalent: crypto.sign reads a string as UTF-8, Buffer.from(s, '') is Buffer.from(s, 'utf8') and
  // Buffer.from(buffer, 'utf8') a copy, so every mutant signs the same bytes (the 'Piñata ₱' test pins
  // UTF-8). This also skips the line's 'sha256' → '' mutant, which every signing test kills.
  return sign('sha256', typeof body === 'string' ? Buffer.from(body, 'utf8') : body, privateKey).toString(
    'base64',
  );
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether `signature` (the header's value) is the sender's signature of exactly these bytes. A missing,
 * malformed or wrong signature is false, never an exception: the caller answers it with its status.
 */
export function hub88SignatureValid(
  publicKey: KeyObject,
  body: Buffer,
  signature: string | undefined,
): boolean {
  if (signature === undefined) return false;
  const text = signature.trim();
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: length only spares work
  // Equivalent: BASE64 refuses '' already, and over 2048 characters decode to more bytes than an RSA key of
  // up to 12288 bits signs, which verify refuses. This also skips the line's mutants that the tests kill
  // (if (true), if (false), `&&` before the BASE64 test, `!== 0`, `<= 2048`).
  if (text.length === 0 || text.length > 2048 || !BASE64.test(text)) return false;
  try {
    return verify('sha256', body, publicKey, Buffer.from(text, 'base64'));
  } catch {
    return false;
  }
}

/** A private key from PEM text: PKCS#1 (`BEGIN RSA PRIVATE KEY`) or PKCS#8 (`BEGIN PRIVATE KEY`). */
export function privateKeyFromPem(pem: string): KeyObject {
  const key = createPrivateKey({ key: pem, format: 'pem' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error('The Hub88 private key must be an RSA key');
  return key;
}

/** A public key from PEM text (SPKI `BEGIN PUBLIC KEY` or PKCS#1 `BEGIN RSA PUBLIC KEY`). */
export function publicKeyFromPem(pem: string): KeyObject {
  const key = createPublicKey({ key: pem, format: 'pem' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error("Hub88's public key must be an RSA key");
  return key;
}
