import { randomInt } from 'node:crypto';
import { isStaffType, MEMBER_TYPE } from '@panalo/contract/member';
import { OAUTH_FLAG, OAUTH_PROVIDERS, type OAuthErrorCode, type OAuthProvider } from '@panalo/contract/oauth';
import type { SessionValue } from '@panalo/contract/auth';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomToken, sameHex, sha256Hex } from '../../lib/crypto';
import { DomainError, notFound } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { exclusionService } from '../protection/exclusion.service';
import { membersRepository, type MemberRow } from '../identity/members.repository';
import { OAuthError, type OAuthAdapter, type OAuthIdentity } from './oauth.adapter';
import { oauthRepository } from './oauth.repository';
import { hashPassword } from '../identity/passwords';
import type { SessionsService } from '../identity/sessions.service';
import { inTransaction } from '../../db/transaction';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** The login code only has to survive one redirect and one request from the landing page. */
export const OAUTH_LOGIN_CODE_TTL_MS = 2 * 60_000;
export const OAUTH_LANDING = '/m/oauth';
export const OAUTH_ERROR_LANDING = '/m/login';

/** A failed callback: the code the login screen shows (errors.<code>). */
class CallbackFailure extends Error {
  constructor(readonly code: OAuthErrorCode) {
    super(code);
  }
}

/** The provider's redirect (code, state or error) and the state this browser's cookie holds. */
export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  browserState?: string | undefined;
}

const sameToken = (a: string, b: string) => sameHex(sha256Hex(a), sha256Hex(b));

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

const isProvider = (p: string): p is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(p);

/** A base for a new username: letters and digits of the provider's name or e-mail, starting with a letter. */
export function usernameBase(identity: Pick<OAuthIdentity, 'name' | 'email'>): string {
  const source = identity.name ?? identity.email?.split('@')[0] ?? '';
  const ascii = source
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  const base = /^[a-z]/.test(ascii) ? ascii : `u${ascii}`;
  // 10 letters + 6 digits fits the usual username rule (a letter, then 5 to 15 letters or digits).
  return (base.length >= 2 ? base : 'user').slice(0, 10);
}

const sixDigits = () => String(randomInt(1_000_000)).padStart(6, '0');

/** A display name for the nickname column: printable, trimmed, at most 20 characters. */
function nicknameOf(name: string | null): string | null {
  if (!name) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? Array.from(clean).slice(0, 20).join('') : null;
}

/**
 * Social login (issue 3 part 9): start sends the browser to the provider with a fresh state (10 min,
 * single use), PKCE verifier and nonce; the callback identifies the user by (provider, subject) at this
 * merchant, creating a player account the first time, and hands the browser a one-time login code that
 * /m/oauth trades for a session. Accounts are never linked by e-mail: an address at a provider does not
 * prove ownership of an existing account here.
 */
export function oauthService(deps: {
  db: Database;
  clock: Clock;
  sessions: SessionsService;
  adapter: OAuthAdapter;
}) {
  const { db, clock } = deps;
  const exclusions = exclusionService({ db, clock, sessions: deps.sessions });
  const repo = oauthRepository(db);
  const members = membersRepository(db);

  /** The provider's settings when this merchant offers it: configured, enabled and its flag on. */
  async function offered(merchant: MerchantRow, provider: string) {
    if (!isProvider(provider)) return undefined;
    if (merchant.whitelabel[OAUTH_FLAG[provider]] !== true) return undefined;
    return repo.findProvider(merchant.id, provider);
  }

  async function createMember(merchant: MerchantRow, provider: string, identity: OAuthIdentity) {
    const base = usernameBase(identity);
    const now = clock.now();
    // Nobody knows this password; the member signs in through the provider (or resets it by e-mail).
    const passwordHash = await hashPassword(randomToken(32));
    for (let attempt = 0; ; attempt++) {
      try {
        return await inTransaction(db, 'oauth.service.createMember', async (trx) => {
          // A concurrent first login of the same user may have won: use its account.
          const raced = await oauthRepository(trx).findIdentity(merchant.id, provider, identity.subject);
          if (raced !== undefined) return raced;
          let username = `${base}${sixDigits()}`;
          while (await membersRepository(trx).findByUsername(merchant.id, username)) {
            username = `${base}${sixDigits()}`;
          }
          const member = await membersRepository(trx).insert({
            merchant_id: merchant.id,
            username,
            password_hash: passwordHash,
            type: MEMBER_TYPE.PLAYER,
            nickname: nicknameOf(identity.name),
            email: identity.emailVerified ? identity.email : null,
            register_method: 'H5',
            // The account has no password of its own to replace, so no first-time password change.
            first_time_login: false,
            created_at: now,
          });
          await oauthRepository(trx).insertIdentity({
            merchantId: merchant.id,
            provider,
            subject: identity.subject,
            memberId: member.id,
            now,
          });
          return member.id;
        });
      } catch (err) {
        // A unique violation from a race (username or identity): try again, reading the winner first.
        if (attempt >= 2) throw err;
      }
    }
  }

  async function callback(
    merchant: MerchantRow,
    provider: string,
    q: CallbackQuery,
    redirectUri: string,
  ): Promise<string> {
    const cfg = await offered(merchant, provider);
    if (!cfg) throw new CallbackFailure('oauth_unavailable');
    const state = q.state ?? '';
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(state)) throw new CallbackFailure('oauth_state_invalid');
    // The state must come back to the browser that started the flow (see the routes' state cookie).
    if (q.browserState === undefined || !sameToken(q.browserState, state)) {
      throw new CallbackFailure('oauth_state_invalid');
    }
    const flow = await repo.consumeState(merchant.id, provider, state, clock.now());
    if (!flow) throw new CallbackFailure('oauth_state_invalid');
    if (q.error !== undefined) throw new CallbackFailure('oauth_denied');
    const code = q.code ?? '';
    if (code.length === 0 || code.length > 2048) throw new CallbackFailure('oauth_failed');

    const identity = await deps.adapter.identify(cfg, {
      code,
      codeVerifier: flow.codeVerifier,
      redirectUri,
      nonce: flow.nonce,
    });
    const memberId =
      (await repo.findIdentity(merchant.id, provider, identity.subject)) ??
      (await createMember(merchant, provider, identity));
    let member = await members.findById(merchant.id, memberId);
    // A break from play in force refuses here too; one past its end is lifted, as a password login does.
    if (member?.status === 'self_excluded') {
      try {
        member = await exclusions.admit(member);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'member_excluded')
          throw new CallbackFailure('member_excluded');
        throw err;
      }
    }
    if (!member || member.status !== 'active') throw new CallbackFailure('user_not_found');
    if (isStaffType(member.type)) throw new CallbackFailure('non_member_login');

    const loginCode = randomToken(32);
    await repo.insertLoginCode({
      codeHash: sha256Hex(loginCode),
      merchantId: merchant.id,
      provider,
      memberId,
      expiresAt: new Date(clock.now().getTime() + OAUTH_LOGIN_CODE_TTL_MS),
    });
    return `${OAUTH_LANDING}?code=${loginCode}`;
  }

  return {
    /**
     * The provider URL to send the browser to, and the state the browser must bring back; 404 when this
     * merchant does not offer the provider.
     */
    async start(
      merchant: MerchantRow,
      provider: string,
      redirectUri: string,
    ): Promise<{ url: string; state: string }> {
      const cfg = await offered(merchant, provider);
      if (!cfg) throw notFound();
      const now = clock.now();
      const state = randomToken(32);
      const nonce = randomToken(32);
      const codeVerifier = randomToken(48);
      await repo.insertState({
        state,
        merchantId: merchant.id,
        provider,
        codeVerifier,
        nonce,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      });
      // Flows are short; dropping the long-expired ones here keeps the table small without a job.
      if (randomInt(20) === 0) await repo.purgeExpired(new Date(now.getTime() - OAUTH_STATE_TTL_MS));
      return { url: deps.adapter.authorizationUrl(cfg, { state, nonce, codeVerifier, redirectUri }), state };
    },

    /**
     * Where the provider's redirect sends the browser next: /m/oauth with a login code, or
     * /m/login?oauth_error=<code>. Never throws: a failure of any kind is a way back to the login screen.
     */
    async callback(
      merchant: MerchantRow,
      provider: string,
      q: CallbackQuery,
      redirectUri: string,
      log: (err: unknown) => void,
    ): Promise<string> {
      try {
        return await callback(merchant, provider, q, redirectUri);
      } catch (err) {
        const code: OAuthErrorCode =
          err instanceof CallbackFailure || err instanceof OAuthError ? err.code : 'oauth_failed';
        if (!(err instanceof CallbackFailure)) log(err);
        return `${OAUTH_ERROR_LANDING}?oauth_error=${code}`;
      }
    },

    /** Trades a login code (single use, 2 minutes, this merchant only) for a new session. */
    async exchange(merchant: MerchantRow, code: string, meta: ClientMeta): Promise<SessionValue> {
      const now = clock.now();
      const memberId = await repo.consumeLoginCode(merchant.id, sha256Hex(code), now);
      const member: MemberRow | undefined =
        memberId === undefined ? undefined : await members.findById(merchant.id, memberId);
      if (!member || member.status !== 'active' || isStaffType(member.type)) {
        throw new DomainError('oauth_code_invalid', 401, 'The sign-in link is invalid or has expired');
      }
      const { token, expiresAt } = await deps.sessions.issue({
        merchantId: merchant.id,
        memberId: member.id,
        device: null,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      await repo.touchLogin(member.id, now);
      return {
        token,
        userName: member.username,
        customerType: member.type,
        firstTimeLogin: member.first_time_login,
        merchantCode: merchant.code,
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}
export type OAuthService = ReturnType<typeof oauthService>;
