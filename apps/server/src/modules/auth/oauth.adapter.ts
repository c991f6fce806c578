import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../../lib/clock';

/** One provider as a merchant configured it (a row of oauth_provider). */
export interface OAuthProviderConfig {
  provider: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  /** When set, the id_token is required and verified with these keys (OpenID Connect). */
  jwksUri: string | null;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** Who the provider says the user is. `subject` is the provider's stable id for them. */
export interface OAuthIdentity {
  subject: string;
  name: string | null;
  email: string | null;
  /** False only when the provider says the address is unverified. */
  emailVerified: boolean;
}

/** A failure talking to the provider; `code` is the message key the login screen shows. */
export class OAuthError extends Error {
  constructor(
    readonly code: 'oauth_failed' | 'oauth_subject_missing',
    message: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** PKCE S256 (RFC 7636): the challenge is the base64url SHA-256 of the verifier. */
export function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

const TIMEOUT_MS = 10_000;
const MAX_BODY = 64 * 1024;

async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (text.length > MAX_BODY) throw new OAuthError('oauth_failed', `${what}: answer too large`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError('oauth_failed', `${what}: not JSON (HTTP ${res.status})`);
  }
  if (!res.ok || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new OAuthError('oauth_failed', `${what}: HTTP ${res.status}`);
  }
  return body as Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
// Facebook's Graph API answers a numeric-looking string id; some providers send a number.
const subjectOf = (v: unknown): string | null =>
  typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : str(v);

export interface OAuthAdapterOptions {
  clock: Clock;
  /** Replaced only to reach a provider through something other than the global fetch. */
  fetch?: typeof fetch;
}

/**
 * A client for any standard OAuth 2.0 / OpenID Connect provider: authorization code flow with PKCE
 * (S256), state and nonce; the token endpoint with client_secret_post; the userinfo endpoint; and, when
 * the provider publishes a JWKS, the id_token verified against it (issuer, audience, expiry, nonce, and
 * the same subject as userinfo). Facebook and Google are just two configurations of it.
 */
export function oauthAdapter(opts: OAuthAdapterOptions) {
  const doFetch = opts.fetch ?? fetch;
  // createRemoteJWKSet caches keys and refetches on an unknown kid; one per JWKS address per process.
  const keySets = new Map<string, JWTVerifyGetKey>();
  const keysFor = (uri: string) => {
    let set = keySets.get(uri);
    if (!set) {
      set = createRemoteJWKSet(new URL(uri), { timeoutDuration: TIMEOUT_MS });
      keySets.set(uri, set);
    }
    return set;
  };

  async function verifyIdToken(cfg: OAuthProviderConfig, idToken: string, nonce: string) {
    try {
      const { payload } = await jwtVerify(idToken, keysFor(cfg.jwksUri!), {
        issuer: cfg.issuer,
        audience: cfg.clientId,
        currentDate: opts.clock.now(),
        clockTolerance: 60,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
      });
      if (payload.nonce !== nonce) throw new Error('nonce mismatch');
      return payload;
    } catch (err) {
      throw new OAuthError('oauth_failed', `id_token rejected: ${(err as Error).message}`);
    }
  }

  return {
    /** The provider's authorization URL the browser is sent to. */
    authorizationUrl(cfg: OAuthProviderConfig, req: AuthorizationRequest): string {
      const url = new URL(cfg.authorizationEndpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', cfg.clientId);
      url.searchParams.set('redirect_uri', req.redirectUri);
      url.searchParams.set('scope', cfg.scope);
      url.searchParams.set('state', req.state);
      url.searchParams.set('nonce', req.nonce);
      url.searchParams.set('code_challenge', pkceChallenge(req.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    /** Trades the authorization code for tokens and reads who the user is. */
    async identify(
      cfg: OAuthProviderConfig,
      p: { code: string; codeVerifier: string; redirectUri: string; nonce: string },
    ): Promise<OAuthIdentity> {
      let tokenRes: Response;
      try {
        tokenRes = await doFetch(cfg.tokenEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: p.code,
            redirect_uri: p.redirectUri,
            client_id: cfg.clientId,
            client_secret: cfg.clientSecret,
            code_verifier: p.codeVerifier,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (err) {
        throw new OAuthError('oauth_failed', `token endpoint unreachable: ${(err as Error).message}`);
      }
      const tokens = await readJson(tokenRes, 'token endpoint');
      const accessToken = str(tokens.access_token);
      if (!accessToken) throw new OAuthError('oauth_failed', 'token endpoint: no access_token');

      // OpenID Connect: with published keys the id_token is mandatory and must verify.
      let idSubject: string | null = null;
      if (cfg.jwksUri) {
        const idToken = str(tokens.id_token);
        if (!idToken) throw new OAuthError('oauth_failed', 'token endpoint: no id_token');
        idSubject = subjectOf((await verifyIdToken(cfg, idToken, p.nonce)).sub);
        if (!idSubject) throw new OAuthError('oauth_subject_missing', 'id_token without sub');
      }

      let infoRes: Response;
      try {
        infoRes = await doFetch(cfg.userinfoEndpoint, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (err) {
        throw new OAuthError('oauth_failed', `userinfo endpoint unreachable: ${(err as Error).message}`);
      }
      const info = await readJson(infoRes, 'userinfo endpoint');
      const subject = subjectOf(info.sub) ?? subjectOf(info.id);
      if (!subject) throw new OAuthError('oauth_subject_missing', 'userinfo without sub');
      // OIDC Core 5.3.2: userinfo must be about the same user as the id_token, else it is not trusted.
      if (idSubject !== null && idSubject !== subject) {
        throw new OAuthError('oauth_failed', 'userinfo sub differs from the id_token sub');
      }
      return {
        subject,
        name: str(info.name),
        email: str(info.email),
        emailVerified: info.email_verified !== false && info.email_verified !== 'false',
      };
    },
  };
}
export type OAuthAdapter = ReturnType<typeof oauthAdapter>;
