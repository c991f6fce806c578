// Zod-free: the web app seals login and registration payloads with this (WebCrypto), and the server's
// tests use the same code through Node's WebCrypto, so both ends are proved together.

export interface PublicLoginKey {
  kid: string;
  /** SPKI, base64 */
  publicKey: string;
}

export interface SealedEnvelope {
  kid: string;
  key: string;
  iv: string;
  data: string;
}

const toB64 = (buf: ArrayBuffer | Uint8Array) => {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** Adds the timestamp and nonce every envelope payload carries (replay protection). */
export function fresh<T extends object>(
  payload: T,
  now: number = Date.now(),
): T & { ts: number; nonce: string } {
  const nonce = toB64(crypto.getRandomValues(new Uint8Array(18))).replace(/[+/=]/g, '');
  return { ...payload, ts: now, nonce };
}

/**
 * Encrypts a JSON payload for the server: a fresh AES-256-GCM key encrypts the payload and is itself
 * wrapped with the server's RSA-OAEP (SHA-256) public key.
 */
export async function sealEnvelope(
  key: PublicLoginKey,
  payload: object,
  subtle: typeof crypto.subtle = crypto.subtle,
): Promise<SealedEnvelope> {
  const rsa = await subtle.importKey(
    'spki',
    fromB64(key.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt(
    { name: 'AES-GCM', iv },
    aes,
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const raw = await subtle.exportKey('raw', aes);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, raw);
  return { kid: key.kid, key: toB64(wrapped), iv: toB64(iv), data: toB64(data) };
}
