import type { z } from 'zod';
import type { captchaResponse, LoginKey, LoginPayload, okEmpty, SessionValue } from '@panalo/contract/auth';
// The constant from its zod-free module: importing it from the schemas would bring zod to every page.
import { ENVELOPE_ALGORITHM } from '@panalo/contract/auth-constants';
import { fresh, sealEnvelope } from '@panalo/contract/envelope-client';
import type { staffSetupRequest, staffSetupResponse } from '@panalo/contract/provider';
import type { StaffMe } from '@panalo/contract/staff';
import { api } from '../../../lib/api';
import { deviceId } from '../../../lib/device';

export type SignInRequest = Pick<LoginPayload, 'username' | 'password' | 'otp' | 'captcha'>;
/** A base64 PNG. */
export type Captcha = z.infer<typeof captchaResponse>['value'];
export type SignedOut = z.infer<typeof okEmpty>['value'];
export type OwnerSetup = z.input<typeof staffSetupRequest>;
export type OwnerSetupDone = z.infer<typeof staffSetupResponse>['value'];

/**
 * POST /api/ops/login: the staff sign-in, sealed for the server like the member site's login (the
 * password and the code never travel in clear text, even inside TLS logs).
 */
export async function signIn(payload: SignInRequest): Promise<SessionValue> {
  const key = await api<LoginKey>('GET', '/auth/login-key');
  const body = await sealEnvelope(key, fresh({ type: 'username', ...payload }));
  return api<SessionValue>('POST', '/ops/login', {
    body,
    headers: { encryption: ENVELOPE_ALGORITHM, device: deviceId() },
  });
}

/** A numeric captcha (base64 PNG) for this browser's device, asked for after a failed attempt. */
export const captcha = () => api<Captcha>('GET', '/auth/captcha', { headers: { device: deviceId() } });

export const fetchMe = () => api<StaffMe>('GET', '/ops/me');

/** Ends the session on the server (the console forgets it either way). */
export const signOut = () => api<SignedOut>('DELETE', '/auth/session');

/**
 * POST /api/ops/setup: a brand's first owner sets a password with the one-time link the provider made
 * (no session yet). The authenticator is set up at the first sign-in after it.
 */
export const setUpOwner = (body: OwnerSetup) => api<OwnerSetupDone>('POST', '/ops/setup', { body });
