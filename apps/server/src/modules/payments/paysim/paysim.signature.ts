import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-paysim-signature';
/** A callback signed longer ago than this (or this far in the future) is refused: replays go stale. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const mac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** `t=<ms>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: the timestamp is signed with the body. */
export function signPaySim(secret: string, rawBody: string, at: Date): string {
  const t = at.getTime();
  return `t=${t},v1=${mac(secret, t, rawBody)}`;
}

/** True when the header signs exactly this body with this secret and is fresh at `now`. */
export function verifyPaySimSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const v1 = parts.v1 ?? '';
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(now.getTime() - t) > SIGNATURE_TOLERANCE_MS) return false;
  return timingSafeEqual(Buffer.from(mac(secret, t, rawBody), 'hex'), Buffer.from(v1, 'hex'));
}
