import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { OAuthProvider } from '@panalo/contract/oauth';
import type { Database } from '../db/database';

/** The user the provider signs in (it approves every authorization request as this user). */
export interface ProviderUser {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

/** Ways to make the provider misbehave, for the failure tests. All reset after one use. */
export interface ProviderFaults {
  /** /authorize answers error=access_denied instead of a code. */
  deny?: boolean;
  /** The id_token carries this nonce instead of the one asked for. */
  idTokenNonce?: string;
  /** /userinfo answers this sub (null: no sub at all). */
  userinfoSub?: string | null;
  /** The id_token is signed with a key the JWKS does not publish. */
  foreignKey?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  user: ProviderUser;
  faults: ProviderFaults;
  /** What /token refused, newest last (e.g. 'code_verifier', 'client', 'code_reused'). */
  refusals: string[];
  /** Endpoint settings as an oauth_provider row would hold them. */
  endpoints: {
    authorization_endpoint: string;
    token_endpoint: string;
    userinfo_endpoint: string;
    jwks_uri: string;
  };
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  user: ProviderUser;
  used: boolean;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * A small standard OpenID Connect provider on its own Fastify at 127.0.0.1:<random port>: discovery,
 * /authorize (auto-approves `user` and redirects back with code and state; PKCE S256 required),
 * /token (client_secret_post, checks code_verifier, redirect_uri and single use), /userinfo (bearer)
 * and /jwks (an RS256 key made by jose). `now` is the clock id_tokens are stamped with, so that they
 * verify against the app's fixed test clock.
 */
export async function startOidcProvider(
  opts: {
    user?: ProviderUser;
    clientId?: string;
    clientSecret?: string;
    now?: () => Date;
  } = {},
): Promise<TestOidcProvider> {
  const now = opts.now ?? (() => new Date());
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const kid = b64url(randomBytes(8));
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, ProviderUser>();

  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Routes are added before listening; the address (and so the issuer) is filled in once it is known.
  const provider: TestOidcProvider = {
    issuer: '',
    clientId: opts.clientId ?? 'panalo-test-client',
    clientSecret: opts.clientSecret ?? 'panalo-test-secret',
    user: opts.user ?? {
      sub: 'user-1',
      name: 'Maria Clara',
      email: 'maria@example.com',
      email_verified: true,
    },
    faults: {},
    refusals: [],
    endpoints: { authorization_endpoint: '', token_endpoint: '', userinfo_endpoint: '', jwks_uri: '' },
    close: () => app.close(),
  };
  const refuse = (reason: string, status = 400) => {
    provider.refusals.push(reason);
    return { status, body: { error: reason === 'client' ? 'invalid_client' : 'invalid_grant' } };
  };

  app.get('/.well-known/openid-configuration', async () => ({
    issuer: provider.issuer,
    ...provider.endpoints,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post'],
  }));

  app.get('/authorize', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const back = new URL(q.redirect_uri ?? '');
    if (q.state) back.searchParams.set('state', q.state);
    if (
      q.client_id !== provider.clientId ||
      q.response_type !== 'code' ||
      q.code_challenge_method !== 'S256' ||
      !q.code_challenge
    ) {
      back.searchParams.set('error', 'invalid_request');
      return reply.redirect(back.toString(), 302);
    }
    if (provider.faults.deny) {
      provider.faults.deny = false;
      back.searchParams.set('error', 'access_denied');
      return reply.redirect(back.toString(), 302);
    }
    const code = b64url(randomBytes(24));
    grants.set(code, {
      clientId: q.client_id,
      redirectUri: q.redirect_uri ?? '',
      challenge: q.code_challenge,
      nonce: q.nonce ?? null,
      user: { ...provider.user },
      used: false,
    });
    back.searchParams.set('code', code);
    return reply.redirect(back.toString(), 302);
  });

  app.post('/token', async (req, reply) => {
    const f = (req.body ?? {}) as Record<string, string | undefined>;
    const grant = grants.get(f.code ?? '');
    const out = (() => {
      if (f.client_id !== provider.clientId || f.client_secret !== provider.clientSecret) {
        return refuse('client', 401);
      }
      if (f.grant_type !== 'authorization_code' || !grant || grant.clientId !== f.client_id) {
        return refuse('code');
      }
      if (grant.used) return refuse('code_reused');
      grant.used = true;
      if (grant.redirectUri !== f.redirect_uri) return refuse('redirect_uri');
      const challenge = createHash('sha256')
        .update(f.code_verifier ?? '')
        .digest('base64url');
      if (!f.code_verifier || challenge !== grant.challenge) return refuse('code_verifier');
      return null;
    })();
    if (out) return reply.status(out.status).send(out.body);

    const g = grant!;
    const accessToken = b64url(randomBytes(24));
    accessTokens.set(accessToken, g.user);
    const iat = Math.floor(now().getTime() / 1000);
    const nonce = provider.faults.idTokenNonce ?? g.nonce;
    const foreignKey = provider.faults.foreignKey === true;
    provider.faults.idTokenNonce = undefined;
    provider.faults.foreignKey = false;
    const idToken = await new SignJWT({
      ...(nonce ? { nonce } : {}),
      ...(g.user.email ? { email: g.user.email, email_verified: g.user.email_verified ?? true } : {}),
      ...(g.user.name ? { name: g.user.name } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(provider.issuer)
      .setAudience(g.clientId)
      .setSubject(g.user.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(foreignKey ? foreign.privateKey : privateKey);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 600, id_token: idToken };
  });

  app.get('/userinfo', async (req, reply) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const user = m?.[1] ? accessTokens.get(m[1]) : undefined;
    if (!user) return reply.status(401).send({ error: 'invalid_token' });
    const sub = provider.faults.userinfoSub === undefined ? user.sub : provider.faults.userinfoSub;
    provider.faults.userinfoSub = undefined;
    return {
      ...(sub !== null ? { sub } : {}),
      ...(user.name ? { name: user.name } : {}),
      ...(user.email ? { email: user.email, email_verified: user.email_verified ?? true } : {}),
    };
  });

  app.get('/jwks', async () => ({ keys: [jwk] }));

  await app.listen({ port: 0, host: '127.0.0.1' });
  const issuer = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  provider.issuer = issuer;
  provider.endpoints = {
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
  };
  return provider;
}

/** Configures `provider` at a merchant as an oauth_provider row pointing at the test provider. */
export async function configureProvider(
  db: Database,
  o: {
    merchant: string;
    provider: OAuthProvider;
    idp: TestOidcProvider;
    /** Turn the matching white-label flag on as well (default true). */
    flag?: boolean;
    /** Leave jwks_uri empty: plain OAuth 2.0 with userinfo only, as Facebook works. */
    withoutJwks?: boolean;
  },
): Promise<void> {
  const m = await db
    .selectFrom('merchant')
    .select(['id', 'whitelabel'])
    .where('code', '=', o.merchant)
    .executeTakeFirstOrThrow();
  const settings = {
    issuer: o.idp.issuer,
    authorization_endpoint: o.idp.endpoints.authorization_endpoint,
    token_endpoint: o.idp.endpoints.token_endpoint,
    userinfo_endpoint: o.idp.endpoints.userinfo_endpoint,
    jwks_uri: o.withoutJwks ? null : o.idp.endpoints.jwks_uri,
    client_id: o.idp.clientId,
    client_secret: o.idp.clientSecret,
    scope: 'openid profile email',
    enabled: true,
  };
  await db
    .insertInto('oauth_provider')
    .values({ merchant_id: m.id, provider: o.provider, ...settings })
    .onConflict((oc) => oc.columns(['merchant_id', 'provider']).doUpdateSet(settings))
    .execute();
  const flagName = o.provider === 'google' ? 'GOOGLELOGIN3' : 'FACEBOOKLOGIN3';
  await db
    .updateTable('merchant')
    .set({ whitelabel: JSON.stringify({ ...m.whitelabel, [flagName]: o.flag ?? true }) })
    .where('id', '=', m.id)
    .execute();
}
