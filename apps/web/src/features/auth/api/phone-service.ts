/**
 * The phone-verification service (spec §7; AUTH-015): Firebase Authentication's phone sign-in over its
 * REST protocol (the Identity Toolkit API), called from the browser. The SMS code is sent for the dialling
 * code plus the mobile number; the code the member types is checked by the service, which answers an ID
 * token — what our server then accepts instead of a code of its own (API-004, API-015).
 */
export interface PhoneService {
  /** https://identitytoolkit.googleapis.com, or the development issuer's address. */
  authUrl: string;
  apiKey: string;
}

/** The number in E.164 ('+63', '09171234567' → '+639171234567'), as the service wants it. */
export function e164(dialCode: string, mobileNum: string): string {
  return `+${dialCode.replace(/\D/g, '')}${mobileNum.replace(/\D/g, '').replace(/^0+/, '')}`;
}

/** A refusal of the service: its message (INVALID_CODE, SESSION_EXPIRED…), or NETWORK. */
export class PhoneServiceError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PhoneServiceError';
  }
}

async function call<T>(svc: PhoneService, method: string, body: Record<string, string>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${svc.authUrl}/v1/accounts:${method}?key=${encodeURIComponent(svc.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PhoneServiceError('NETWORK');
  }
  const json = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!res.ok || !json) throw new PhoneServiceError(json?.error?.message ?? `HTTP_${res.status}`);
  return json;
}

/** Sends the code; answers the session the code is checked in. */
export async function sendServiceCode(svc: PhoneService, phoneNumber: string): Promise<string> {
  const r = await call<{ sessionInfo?: string }>(svc, 'sendVerificationCode', { phoneNumber });
  if (!r.sessionInfo) throw new PhoneServiceError('NO_SESSION');
  return r.sessionInfo;
}

/** Checks the code the member typed; answers the ID token that proves the number. */
export async function confirmServiceCode(
  svc: PhoneService,
  sessionInfo: string,
  code: string,
): Promise<string> {
  const r = await call<{ idToken?: string }>(svc, 'signInWithPhoneNumber', { sessionInfo, code });
  if (!r.idToken) throw new PhoneServiceError('NO_TOKEN');
  return r.idToken;
}
