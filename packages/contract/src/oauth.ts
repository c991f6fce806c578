import { z } from 'zod';

/**
 * Social login (spec §2 Login/Register: Facebook and Google; issue 3 part 9). Any standard OAuth 2.0 /
 * OpenID Connect provider works; these are the two the white-label flags name.
 */
export const OAUTH_PROVIDERS = ['facebook', 'google'] as const;
export const oauthProvider = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProvider>;

/** The white-label flag that switches each provider's button on (spec §6). */
export const OAUTH_FLAG = { facebook: 'FACEBOOKLOGIN3', google: 'GOOGLELOGIN3' } as const;

/**
 * Why a social login came back to /m/login?oauth_error=<code>; each is a message key (errors.<code>).
 * The callback never answers with a server error page: every failure lands on the login screen.
 */
export const OAUTH_ERRORS = [
  'oauth_unavailable',
  'oauth_state_invalid',
  'oauth_denied',
  'oauth_failed',
  'oauth_subject_missing',
  'user_not_found',
  'non_member_login',
  'member_excluded',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

/** The one-time login code the callback hands to /m/oauth, traded here for a session (sessionResponse). */
export const oauthExchangeRequest = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/),
});
export type OAuthExchangeRequest = z.infer<typeof oauthExchangeRequest>;
