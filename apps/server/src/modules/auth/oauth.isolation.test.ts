import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/members';
import {
  configureProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../test-support/oauth-provider';
import { authorize, callback, exchange, runFlow, startLogin } from './oauth.test-helpers';

type Ok<T> = { success: true; value: T };

const LUZON = 'luzon.localhost';

describe('social login is per merchant', () => {
  let t: TestApp;
  let idp: TestOidcProvider;
  beforeAll(async () => {
    t = await createTestApp();
    idp = await startOidcProvider({ now: () => t.clock.now() });
    await configureProvider(t.ctx.db, { merchant: 'panalo', provider: 'google', idp });
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  it('a provider configured for panalo does not work at luzon', async () => {
    expect((await startLogin(t, 'google')).statusCode).toBe(302);
    expect((await startLogin(t, 'google', LUZON)).statusCode).toBe(404);
    // A panalo flow whose callback is opened at luzon finds no provider there.
    const start = await startLogin(t, 'google');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const cb = await authorize(new URL(String(start.headers.location)));
    expect((await callback(t, cb, cookie, LUZON)).searchParams.get('oauth_error')).toBe('oauth_unavailable');
  });

  it('with the provider at both merchants, states, login codes and accounts stay with their merchant', async () => {
    await configureProvider(t.ctx.db, { merchant: 'luzon', provider: 'google', idp });
    idp.user = { sub: 'shared-sub', name: 'Jose Rizal', email: 'jose@example.com', email_verified: true };

    // panalo's state is unknown at luzon.
    const start = await startLogin(t, 'google');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const cb = await authorize(new URL(String(start.headers.location)));
    expect((await callback(t, cb, cookie, LUZON)).searchParams.get('oauth_error')).toBe(
      'oauth_state_invalid',
    );

    // panalo's login code is useless at luzon (and is not used up by the attempt).
    const code = (await runFlow(t)).landing.searchParams.get('code')!;
    expect((await exchange(t, code, LUZON)).status).toBe(401);
    const panalo = await exchange<Ok<SessionValue>>(t, code);
    expect(panalo.status).toBe(200);
    expect(panalo.body.value.merchantCode).toBe('panalo');

    // The same provider user at luzon is a separate luzon account.
    const luzonCode = (await runFlow(t, { host: LUZON })).landing.searchParams.get('code')!;
    const luzon = await exchange<Ok<SessionValue>>(t, luzonCode, LUZON);
    expect(luzon.body.value.merchantCode).toBe('luzon');
    const ids = await t.ctx.db
      .selectFrom('member_identity')
      .innerJoin('merchant', 'merchant.id', 'member_identity.merchant_id')
      .select(['merchant.code', 'member_identity.member_id'])
      .where('subject', '=', 'shared-sub')
      .orderBy('merchant.code')
      .execute();
    expect(ids.map((r) => r.code)).toEqual(['luzon', 'panalo']);
    expect(ids[0]!.member_id).not.toBe(ids[1]!.member_id);

    // Each session works only at its own merchant.
    const meAt = (token: string, host?: string) =>
      t.request({
        method: 'GET',
        url: '/api/members/me',
        headers: { ...bearer(token), ...(host ? { host } : {}) },
      });
    expect((await meAt(panalo.body.value.token, LUZON)).status).toBe(401);
    expect((await meAt(luzon.body.value.token, LUZON)).status).toBe(200);
  });
});
