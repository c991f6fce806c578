import type { Clock } from './lib/clock';
import type { Database, DbKind } from './db/database';
import type { ReadDatabase } from './db/read-replica';
import type { IpCountryLookup } from './modules/geo/ip-country';
import type { MerchantResolver } from './modules/merchants/merchant-resolver';
import type { MerchantRow } from './modules/merchants/merchants.repository';
import type { ClientAccess } from './modules/merchants/merchants.service';
import type { RateLimiter } from './modules/ratelimit/ratelimit.service';
import type { SessionContext, SessionsService } from './modules/identity/sessions.service';
import type { WhitelabelFlag } from '@panalo/contract/merchant';
import type { AuthRule } from './modules/auth/auth.policy';
import type { StaffPermission } from '@panalo/contract/staff-rules';
import type { Messaging } from './modules/messaging/messaging';
import type { LoginEnvelope } from './modules/auth/envelope';
import type { MemberHub } from './modules/live/member-hub';
import type { FileStore } from './lib/file-store';
import type { PhoneKeyResolver } from './modules/phone-verification/phone-token';
import type { Hub88Setup } from './modules/hub88/hub88-setup';
import type { ScreeningList } from './modules/aml/screening';

/** What every route and service may reach: injected once, so tests can swap the clock or the geo table. */
export interface AppContext {
  db: Database;
  /**
   * The reads that may be a moment old (reports, dashboards, team reports, game lists, result histories,
   * exports): the streaming replica's while it is caught up, else the primary's (db/read-replica.ts).
   * Never a member's own money, sessions, idempotency, limits or a read right after a write.
   */
  reads: ReadDatabase;
  dbKind: DbKind;
  clock: Clock;
  geo: IpCountryLookup;
  merchants: MerchantResolver;
  /** Business rate limits shared by all API processes (login, SMS, registration…). */
  limits: RateLimiter;
  sessions: SessionsService;
  /** SMS and e-mail delivery (development outbox, or SMTP / an SMS gateway in production). */
  messaging: Messaging;
  /** The encrypted login/registration envelope (server RSA keys kept in the database). */
  envelope: LoginEnvelope;
  /** Uploaded files (feedback images): on disk under DATA_DIR by default. */
  files: FileStore;
  /** The members' live events of this process (balance, mail) for their open streams. */
  live: MemberHub;
  /** The keys phone-verification ID tokens are checked against (the service's published ones). */
  phoneKeys: PhoneKeyResolver;
  /** Sanctions and PEP screening (issue 53): a local list file, or a provider's adapter. */
  screening: ScreeningList;
  /** The Hub88 integration's keys and address (HUB88_* settings, or the demo's made-up ones). */
  hub88: Hub88Setup;
  /** Development conveniences (the outbox page); never on in production. */
  dev: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    merchant: MerchantRow;
    access: ClientAccess;
    /** The caller's session; null for a visitor. */
    session: SessionContext | null;
  }
  interface FastifyContextConfig {
    /** Route answers even in maintenance or for a restricted region (the startup bundle, health). */
    openDuringMaintenance?: boolean;
    /** Who may call the route; omitted means public. */
    auth?: AuthRule;
    /**
     * What an operator route asks of the staff member's role (`auth: 'operator'` routes must declare it;
     * 'self' for the staff member's own account, open to every role).
     */
    permission?: StaffPermission | 'self';
    /**
     * The white-label flag that turns the route's feature on for a merchant (the member centre shows its
     * entry only then, spec §2); with the flag off the server refuses it too (403 no_permission).
     */
    feature?: WhitelabelFlag;
    /** false: no browser security headers (machine-to-machine routes no browser reads). */
    helmet?: false;
  }
}
