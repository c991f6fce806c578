import type { Database } from '../../db/database';
import type { OAuthProviderConfig } from './oauth.adapter';

/**
 * A one-time login code lives in oauth_state next to the flow's state (it is the flow's last step):
 * its key is this prefix plus the code's SHA-256, so a raw state from a browser can never name one, and
 * code_verifier holds the member id it logs in.
 */
const LOGIN_CODE_PREFIX = 'login:';
const LOGIN_CODE_NONCE = '-';

/** Social-login SQL: provider settings, flow state, identities. Every query is bounded to one merchant. */
export function oauthRepository(db: Database) {
  return {
    async findProvider(merchantId: number, provider: string): Promise<OAuthProviderConfig | undefined> {
      const row = await db
        .selectFrom('oauth_provider')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('provider', '=', provider as 'facebook' | 'google')
        .where('enabled', '=', true)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        provider: row.provider,
        issuer: row.issuer,
        authorizationEndpoint: row.authorization_endpoint,
        tokenEndpoint: row.token_endpoint,
        userinfoEndpoint: row.userinfo_endpoint,
        jwksUri: row.jwks_uri,
        clientId: row.client_id,
        clientSecret: row.client_secret,
        scope: row.scope,
      };
    },

    async insertState(r: {
      state: string;
      merchantId: number;
      provider: string;
      codeVerifier: string;
      nonce: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('oauth_state')
        .values({
          state: r.state,
          merchant_id: r.merchantId,
          provider: r.provider,
          code_verifier: r.codeVerifier,
          nonce: r.nonce,
          expires_at: r.expiresAt,
        })
        .execute();
    },

    /**
     * Uses up a live state of this merchant and provider in one statement (single use even when two
     * callbacks race); undefined when unknown, used, expired or someone else's.
     */
    async consumeState(merchantId: number, provider: string, state: string, now: Date) {
      return db
        .updateTable('oauth_state')
        .set({ used_at: now })
        .where('state', '=', state)
        .where('merchant_id', '=', merchantId)
        .where('provider', '=', provider)
        .where('nonce', '!=', LOGIN_CODE_NONCE)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['code_verifier as codeVerifier', 'nonce'])
        .executeTakeFirst();
    },

    async insertLoginCode(r: {
      codeHash: string;
      merchantId: number;
      provider: string;
      memberId: bigint;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('oauth_state')
        .values({
          state: LOGIN_CODE_PREFIX + r.codeHash,
          merchant_id: r.merchantId,
          provider: r.provider,
          code_verifier: r.memberId.toString(),
          nonce: LOGIN_CODE_NONCE,
          expires_at: r.expiresAt,
        })
        .execute();
    },

    /** Uses up a live login code of this merchant; the member id it was issued for, or undefined. */
    async consumeLoginCode(merchantId: number, codeHash: string, now: Date): Promise<bigint | undefined> {
      const row = await db
        .updateTable('oauth_state')
        .set({ used_at: now })
        .where('state', '=', LOGIN_CODE_PREFIX + codeHash)
        .where('merchant_id', '=', merchantId)
        .where('nonce', '=', LOGIN_CODE_NONCE)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('code_verifier')
        .executeTakeFirst();
      return row ? BigInt(row.code_verifier) : undefined;
    },

    /** Forgets finished or abandoned flows (called now and then by the start route). */
    async purgeExpired(now: Date): Promise<void> {
      await db.deleteFrom('oauth_state').where('expires_at', '<', now).execute();
    },

    async findIdentity(merchantId: number, provider: string, subject: string): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('member_identity')
        .select('member_id')
        .where('merchant_id', '=', merchantId)
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.member_id;
    },

    async insertIdentity(r: {
      merchantId: number;
      provider: string;
      subject: string;
      memberId: bigint;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('member_identity')
        .values({
          merchant_id: r.merchantId,
          provider: r.provider,
          subject: r.subject,
          member_id: r.memberId,
          created_at: r.now,
        })
        .execute();
    },

    async touchLogin(memberId: bigint, now: Date): Promise<void> {
      await db.updateTable('member').set({ last_login_at: now }).where('id', '=', memberId).execute();
    },
  };
}
export type OAuthRepository = ReturnType<typeof oauthRepository>;
