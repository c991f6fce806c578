import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@panalo/contract/staff-rules';

/** A new TOTP secret: 20 random bytes, base32 (32 characters), as authenticator apps read it. */
export const newOtpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The otpauth:// URI an authenticator app scans (as a QR code) to add the account. */
export const otpUri = (secret: string, issuer: string, label: string): string =>
  totpOf(secret, issuer, label).toString();

/** The code for a time (tests and the demo's journeys type it as a phone would show it). */
export const otpAt = (secret: string, at: Date): string =>
  totpOf(secret, 'x', 'x').generate({ timestamp: at.getTime() });

/**
 * The 30 s step a code belongs to, if it is right at `now` (one step either side, for clocks that drift),
 * else null. The caller refuses a step at or before the last one accepted, so a code works once.
 */
export function otpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
