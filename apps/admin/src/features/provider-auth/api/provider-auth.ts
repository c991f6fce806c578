import type { z } from 'zod';
import type { ProviderMe, providerLoginRequest, providerLoginResponse } from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi } from '../../../lib/provider-api';

export type { ProviderMe };
export type ProviderLogin = z.input<typeof providerLoginRequest>;
export type ProviderSignedIn = z.infer<typeof providerLoginResponse>['value'];

/**
 * POST /api/provider/login: username and password, then the authenticator's code (`otp`). Refused with
 * `otp_setup_required` (the secret and its URI in the refusal's value) at the first sign-in, then
 * `otp_required`, `otp_wrong`, `login_failed` or a rate limit.
 */
export const providerSignIn = (body: ProviderLogin) =>
  providerApi<ProviderSignedIn>('POST', PROVIDER_PATHS.login, { body });

/** The signed-in provider staff member: role, permissions, idle minutes. */
export const fetchProviderMe = () => providerApi<ProviderMe>('GET', PROVIDER_PATHS.me);

/** Ends the provider session on the server (the console forgets it either way). */
export const providerSignOut = () => providerApi<unknown>('POST', PROVIDER_PATHS.logout);
