import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import type { MemberInfo } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/members';
import {
  configureProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../test-support/oauth-provider';
import { OAUTH_LOGIN_CODE_TTL_MS, OAUTH_STATE_TTL_MS } from './oauth.service';
import { authorize, callback, exchange, runFlow, startLogin } from './oauth.test-helpers';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

describe('social login (OAuth 2.0 / OpenID Connect) against a local standard provider', () => {
  let t: TestApp;
  let idp: TestOidcProvider;
  let userNo = 0;

  beforeAll(async () => {
    t = await createTestApp();
    idp = await startOidcProvider({ now: () => t.clock.now() });
    await configureProvider(t.ctx.db, { merchant: 'panalo', provider: 'google', idp });
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });
  beforeEach(() => {
    // A different provider user per test, so that first-login account creation is seen afresh.
    idp.user = {
      sub: `google-sub-${++userNo}`,
      name: 'Maria Clara',
      email: `maria${userNo}@example.com`,
      email_verified: true,
    };
    idp.faults = {};
  });

  const me = (token: string) =>
    t.request<Ok<MemberInfo>>({ method: 'GET', url: '/api/members/me', headers: bearer(token) });

  it('AUTH-022 start sends the browser to the provider with PKCE S256, state, nonce and our callback', async () => {
    const res = await startLogin(t, 'google');
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin + url.pathname).toBe(idp.endpoints.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: idp.clientId,
      redirect_uri: 'http://localhost:80/api/auth/oauth/google/callback',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier never leaves the server; the state also goes to this browser as an HttpOnly cookie.
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`panalo_oauth_state=${url.searchParams.get('state')}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const row = await t.ctx.db
      .selectFrom('oauth_state')
      .selectAll()
      .where('state', '=', url.searchParams.get('state')!)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - t.clock.now().getTime()).toBe(OAUTH_STATE_TTL_MS);
    expect(url.toString()).not.toContain(row.code_verifier);
  });

  it('AUTH-022 a first login creates a player account; the login code gives a session', async () => {
    const flow = await runFlow(t);
    expect(flow.landing.pathname).toBe('/m/oauth');
    const code = flow.landing.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await exchange<Ok<SessionValue>>(t, code);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ customerType: 0, firstTimeLogin: false, merchantCode: 'panalo' });
    expect(res.body.value.userName).toMatch(/^mariaclara\d{6}$/);
    const info = (await me(res.body.value.token)).body.value;
    expect(info).toMatchObject({ account: res.body.value.userName, nickname: 'Maria Clara', type: 0 });
    expect(info.email).toBe(`m***@example.com`);
    // The password is random and unknown: it is a real argon2id hash, not an empty or guessable one.
    const row = await t.ctx.db
      .selectFrom('member')
      .select(['password_hash', 'email'])
      .where('username', '=', res.body.value.userName)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.email).toBe(`maria${userNo}@example.com`);
  });

  it('AUTH-022 the same provider user signs in to the same account the next time', async () => {
    const first = await exchange<Ok<SessionValue>>(t, (await runFlow(t)).landing.searchParams.get('code')!);
    const second = await exchange<Ok<SessionValue>>(t, (await runFlow(t)).landing.searchParams.get('code')!);
    expect(second.body.value.userName).toBe(first.body.value.userName);
    expect(second.body.value.token).not.toBe(first.body.value.token);
    const identities = await t.ctx.db
      .selectFrom('member_identity')
      .selectAll()
      .where('subject', '=', idp.user.sub)
      .execute();
    expect(identities).toHaveLength(1);
  });

  it('a login code works once and only for 2 minutes', async () => {
    const code = (await runFlow(t)).landing.searchParams.get('code')!;
    expect((await exchange(t, code)).status).toBe(200);
    const again = await exchange<Err>(t, code);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('oauth_code_invalid');

    const late = (await runFlow(t)).landing.searchParams.get('code')!;
    // Time only moves forward in these tests (the merchant cache trusts the clock not to go back).
    t.clock.advance(OAUTH_LOGIN_CODE_TTL_MS + 1);
    expect((await exchange<Err>(t, late)).body.code).toBe('oauth_code_invalid');
    expect((await exchange<Err>(t, 'x'.repeat(43))).status).toBe(401);
    expect((await exchange<Err>(t, 'short')).status).toBe(400);
  });

  it('an unverified e-mail is not stored; a name without letters still gives a valid username', async () => {
    idp.user = { sub: 'odd-user', name: '李 12', email: 'who@example.com', email_verified: false };
    const res = await exchange<Ok<SessionValue>>(t, (await runFlow(t)).landing.searchParams.get('code')!);
    expect(res.body.value.userName).toMatch(/^[a-z][a-z0-9]{5,15}$/);
    expect((await me(res.body.value.token)).body.value.email).toBeNull();
  });

  it('a disabled account and a staff account cannot sign in by social login', async () => {
    const code = (await runFlow(t)).landing.searchParams.get('code')!;
    const { userName } = (await exchange<Ok<SessionValue>>(t, code)).body.value;
    await t.ctx.db
      .updateTable('member')
      .set({ status: 'disabled' })
      .where('username', '=', userName)
      .execute();
    expect((await runFlow(t)).landing.searchParams.get('oauth_error')).toBe('user_not_found');

    await t.ctx.db
      .updateTable('member')
      .set({ status: 'active', type: 90 })
      .where('username', '=', userName)
      .execute();
    expect((await runFlow(t)).landing.searchParams.get('oauth_error')).toBe('non_member_login');
  });

  it('issue 22: during a break, social login is refused with member_excluded; after its end it lifts it', async () => {
    const code = (await runFlow(t)).landing.searchParams.get('code')!;
    const { userName } = (await exchange<Ok<SessionValue>>(t, code)).body.value;
    const until = new Date(t.clock.now().getTime() + 3_600_000);
    await t.ctx.db
      .updateTable('member')
      .set({ status: 'self_excluded', exclusion_kind: 'timeout', excluded_until: until })
      .where('username', '=', userName)
      .execute();
    expect((await runFlow(t)).landing.searchParams.get('oauth_error')).toBe('member_excluded');
    // Its end has come (the end moved to the past, not the clock: other tests share this app).
    await t.ctx.db
      .updateTable('member')
      .set({ excluded_until: new Date(t.clock.now().getTime() - 1) })
      .where('username', '=', userName)
      .execute();
    const after = (await runFlow(t)).landing.searchParams.get('code');
    expect(after).toBeTruthy();
    expect((await exchange<Ok<SessionValue>>(t, after!)).body.value.userName).toBe(userName);
  });

  describe('AUTH-021 AUTH-022 availability', () => {
    it('start answers 404 for a provider the merchant has not configured, or an unknown name', async () => {
      for (const provider of ['facebook', 'twitter', '..']) {
        const res = await startLogin(t, provider);
        expect(res.statusCode, provider).toBe(404);
      }
    });

    it('start answers 404 while the flag (GOOGLELOGIN3) is off or the provider is disabled', async () => {
      await configureProvider(t.ctx.db, { merchant: 'panalo', provider: 'google', idp, flag: false });
      expect((await startLogin(t, 'google')).statusCode).toBe(404);
      await configureProvider(t.ctx.db, { merchant: 'panalo', provider: 'google', idp });
      await t.ctx.db
        .updateTable('oauth_provider')
        .set({ enabled: false })
        .where('provider', '=', 'google')
        .execute();
      try {
        expect((await startLogin(t, 'google')).statusCode).toBe(404);
      } finally {
        await t.ctx.db
          .updateTable('oauth_provider')
          .set({ enabled: true })
          .where('provider', '=', 'google')
          .execute();
      }
      expect((await startLogin(t, 'google')).statusCode).toBe(302);
    });

    it('a plain OAuth 2.0 provider without JWKS (as Facebook) works through userinfo alone', async () => {
      await configureProvider(t.ctx.db, { merchant: 'panalo', provider: 'facebook', idp, withoutJwks: true });
      const flow = await runFlow(t, { provider: 'facebook' });
      expect(flow.landing.pathname).toBe('/m/oauth');
      expect((await exchange(t, flow.landing.searchParams.get('code')!)).status).toBe(200);
      // Another provider's identity with the same subject is another account.
      const google = await exchange<Ok<SessionValue>>(
        t,
        (await runFlow(t)).landing.searchParams.get('code')!,
      );
      const rows = await t.ctx.db
        .selectFrom('member_identity')
        .select(['provider', 'member_id'])
        .where('subject', '=', idp.user.sub)
        .execute();
      expect(rows.map((r) => r.provider).sort()).toEqual(['facebook', 'google']);
      expect(new Set(rows.map((r) => r.member_id)).size).toBe(2);
      expect(google.status).toBe(200);
    });
  });

  describe('state failures land on the login screen, never a server error', () => {
    const error = (landing: URL) => {
      expect(landing.pathname).toBe('/m/login');
      return landing.searchParams.get('oauth_error');
    };

    it('an unknown or missing state', async () => {
      const start = await startLogin(t, 'google');
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      const cb = await authorize(new URL(String(start.headers.location)));
      const forged = cb.replace(/state=[^&]+/, `state=${'A'.repeat(43)}`);
      expect(error(await callback(t, forged, `panalo_oauth_state=${'A'.repeat(43)}`))).toBe(
        'oauth_state_invalid',
      );
      expect(error(await callback(t, cb.replace(/&?state=[^&]+/, ''), cookie))).toBe('oauth_state_invalid');
      expect(error(await callback(t, '/api/auth/oauth/google/callback', null))).toBe('oauth_state_invalid');
    });

    it('a used state (the callback replayed)', async () => {
      const flow = await runFlow(t);
      expect(flow.landing.pathname).toBe('/m/oauth');
      expect(error(await callback(t, flow.callback, flow.cookie))).toBe('oauth_state_invalid');
    });

    it('an expired state (after 10 minutes)', async () => {
      const flow = await runFlow(t, { beforeCallback: async () => t.clock.advance(OAUTH_STATE_TTL_MS + 1) });
      expect(error(flow.landing)).toBe('oauth_state_invalid');
    });

    it('a callback opened in a browser that did not start the flow (login CSRF)', async () => {
      const start = await startLogin(t, 'google');
      const cb = await authorize(new URL(String(start.headers.location)));
      expect(error(await callback(t, cb, null))).toBe('oauth_state_invalid');
      const other = String((await startLogin(t, 'google')).headers['set-cookie']).split(';')[0]!;
      expect(error(await callback(t, cb, other))).toBe('oauth_state_invalid');
    });

    it('the user refused at the provider', async () => {
      idp.faults.deny = true;
      expect(error((await runFlow(t)).landing)).toBe('oauth_denied');
    });
  });

  describe('PKCE and token failures', () => {
    const error = (landing: URL) => landing.searchParams.get('oauth_error');

    it('the token endpoint refuses a code_verifier that does not match the challenge', async () => {
      const landing = (
        await runFlow(t, {
          beforeCallback: async (state) => {
            await t.ctx.db
              .updateTable('oauth_state')
              .set({ code_verifier: 'a'.repeat(64) })
              .where('state', '=', state)
              .execute();
          },
        })
      ).landing;
      expect(error(landing)).toBe('oauth_failed');
      expect(idp.refusals.at(-1)).toBe('code_verifier');
    });

    it('wrong client credentials are refused', async () => {
      await t.ctx.db
        .updateTable('oauth_provider')
        .set({ client_secret: 'wrong' })
        .where('provider', '=', 'google')
        .execute();
      try {
        expect(error((await runFlow(t)).landing)).toBe('oauth_failed');
        expect(idp.refusals.at(-1)).toBe('client');
      } finally {
        await t.ctx.db
          .updateTable('oauth_provider')
          .set({ client_secret: idp.clientSecret })
          .where('provider', '=', 'google')
          .execute();
      }
    });

    it('an id_token with another nonce, or signed with an unpublished key, is refused', async () => {
      idp.faults.idTokenNonce = 'not-the-nonce-we-sent';
      expect(error((await runFlow(t)).landing)).toBe('oauth_failed');
      idp.faults.foreignKey = true;
      expect(error((await runFlow(t)).landing)).toBe('oauth_failed');
    });

    it('userinfo about another user, or without a subject', async () => {
      idp.faults.userinfoSub = 'someone-else';
      expect(error((await runFlow(t)).landing)).toBe('oauth_failed');
      idp.faults.userinfoSub = null;
      expect(error((await runFlow(t)).landing)).toBe('oauth_subject_missing');
      const created = await t.ctx.db
        .selectFrom('member_identity')
        .selectAll()
        .where('subject', '=', 'someone-else')
        .execute();
      expect(created).toEqual([]);
    });

    it('an unreachable provider is a way back to login, not a 500', async () => {
      await t.ctx.db
        .updateTable('oauth_provider')
        .set({ token_endpoint: 'http://127.0.0.1:9/token' })
        .where('provider', '=', 'google')
        .execute();
      try {
        expect(error((await runFlow(t)).landing)).toBe('oauth_failed');
      } finally {
        await t.ctx.db
          .updateTable('oauth_provider')
          .set({ token_endpoint: idp.endpoints.token_endpoint })
          .where('provider', '=', 'google')
          .execute();
      }
    });
  });
});
