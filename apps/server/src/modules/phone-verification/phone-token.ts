import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { PhoneVerificationSettings } from '@panalo/contract/merchant';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';

/** Where Firebase Authentication publishes the keys its ID tokens are signed with. */
export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';
/** Firebase ID tokens' issuer is this followed by the project id. */
export const FIREBASE_ISSUER = 'https://securetoken.google.com/';

/**
 * The keys a merchant's phone-verification tokens are checked against: the service's published JWKS
 * (fetched, cached, refetched on an unknown key id), or the keys of a local issuer registered for its
 * address (the development issuer of this process).
 */
export function phoneKeyResolver(jwksUrl: string = FIREBASE_JWKS_URL) {
  const local = new Map<string, JWTVerifyGetKey>();
  let remote: JWTVerifyGetKey | null = null;
  return {
    register(authUrl: string, keys: JWTVerifyGetKey): void {
      local.set(authUrl, keys);
    },
    keysFor(cfg: PhoneVerificationSettings): JWTVerifyGetKey {
      return (
        local.get(cfg.authUrl) ?? (remote ??= createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 }))
      );
    },
  };
}
export type PhoneKeyResolver = ReturnType<typeof phoneKeyResolver>;

export const phoneVerificationFailed = (reason: string) =>
  new DomainError('phone_verification_failed', 400, 'The mobile number could not be verified', { reason });

/** The phone number a valid ID token proves, and the service's user id. */
export interface VerifiedPhone {
  phoneNumber: string;
  uid: string;
}

/**
 * Checks a phone-verification ID token the way Firebase Authentication specifies: RS256, signed by one of
 * the published keys, issuer https://securetoken.google.com/<project id>, audience the project id, not
 * expired, issued and authenticated in the past, a subject, signed in with the phone provider, and a
 * phone number claim. Every failure is the one refusal phone_verification_failed (with the reason).
 */
export async function verifyPhoneToken(
  keys: JWTVerifyGetKey,
  cfg: PhoneVerificationSettings,
  idToken: string,
  clock: Clock,
): Promise<VerifiedPhone> {
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: `${FIREBASE_ISSUER}${cfg.projectId}`,
      audience: cfg.projectId,
      algorithms: ['RS256'],
      currentDate: clock.now(),
      clockTolerance: 5,
      requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
    }));
  } catch (err) {
    throw phoneVerificationFailed((err as { code?: string }).code ?? 'invalid_token');
  }
  const now = clock.now().getTime() / 1000 + 5;
  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
  if (typeof payload.iat !== 'number' || payload.iat > now) throw phoneVerificationFailed('iat');
  if (typeof payload.auth_time !== 'number' || payload.auth_time > now)
    throw phoneVerificationFailed('auth_time');
  if (!payload.sub || payload.sub.length > 128) throw phoneVerificationFailed('sub');
  if (firebase?.sign_in_provider !== 'phone') throw phoneVerificationFailed('provider');
  const phone = payload.phone_number;
  if (typeof phone !== 'string' || !/^\+\d{6,16}$/.test(phone)) throw phoneVerificationFailed('phone_number');
  return { phoneNumber: phone, uid: payload.sub };
}

/** The E.164 number a dialling code and a mobile number make ('+63', '09171234567' → '+639171234567'). */
export function e164(dialCode: string, mobileNum: string): string {
  const national = mobileNum.replace(/\D/g, '').replace(/^0+/, '');
  return `+${dialCode.replace(/\D/g, '')}${national}`;
}

/** A token checked for its number, not yet used: its hash is what recording its use keeps. */
export interface CheckedPhoneToken {
  verified: VerifiedPhone;
  hash: Buffer;
}

/**
 * Checks a token (signature, project, expiry) and that it proves this number; nothing is written, so
 * it can run before a transaction (it may fetch the service's keys) and be recorded inside it.
 */
export async function checkPhoneToken(o: {
  keys: JWTVerifyGetKey;
  cfg: PhoneVerificationSettings;
  idToken: string;
  dialCode: string;
  mobileNum: string;
  clock: Clock;
}): Promise<CheckedPhoneToken> {
  const verified = await verifyPhoneToken(o.keys, o.cfg, o.idToken, o.clock);
  if (verified.phoneNumber !== e164(o.dialCode, o.mobileNum)) throw phoneVerificationFailed('other_number');
  return { verified, hash: createHash('sha256').update(o.idToken).digest() };
}

/**
 * Marks a checked token used, under a unique key: a replayed token — within its hour of life — is
 * refused (token_used) rather than logging in or registering twice. In the caller's transaction, a
 * registration that fails after it leaves the token unused.
 */
export async function recordPhoneTokenUse(
  db: Database,
  token: CheckedPhoneToken,
  merchantId: number,
  now: Date,
): Promise<void> {
  const r = await db
    .insertInto('phone_token_use')
    .values({
      token_hash: token.hash,
      merchant_id: merchantId,
      expires_at: new Date(now.getTime() + 3600_000),
    })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('merchant_id')
    .executeTakeFirst();
  if (!r) throw phoneVerificationFailed('token_used');
}

/**
 * Old uses are cleared as new ones come (a token is worthless after its expiry, one hour): outside the
 * transaction that records a use, so that it holds no lock on them.
 */
export async function purgePhoneTokenUses(db: Database, now: Date): Promise<void> {
  await db.deleteFrom('phone_token_use').where('expires_at', '<', now).execute();
}

/** A verified token for this number, used once (checkPhoneToken, then recordPhoneTokenUse on `db`). */
export async function consumePhoneToken(
  db: Database,
  o: {
    keys: JWTVerifyGetKey;
    cfg: PhoneVerificationSettings;
    idToken: string;
    dialCode: string;
    mobileNum: string;
    merchantId: number;
    clock: Clock;
  },
): Promise<VerifiedPhone> {
  const token = await checkPhoneToken(o);
  await purgePhoneTokenUses(db, o.clock.now());
  await recordPhoneTokenUse(db, token, o.merchantId, o.clock.now());
  return token.verified;
}
