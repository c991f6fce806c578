import type { Clock } from './lib/clock';
import type { Database, DbKind } from './db/database';
import type { IpCountryLookup } from './modules/geo/ip-country';
import type { MerchantResolver } from './modules/merchants/merchant-resolver';
import type { MerchantRow } from './modules/merchants/merchants.repository';
import type { ClientAccess } from './modules/merchants/merchants.service';
import type { RateLimiter } from './modules/ratelimit/ratelimit.service';

/** What every route and service may reach: injected once, so tests can swap the clock or the geo table. */
export interface AppContext {
  db: Database;
  dbKind: DbKind;
  clock: Clock;
  geo: IpCountryLookup;
  merchants: MerchantResolver;
  /** Business rate limits shared by all API processes (login, SMS, registration…). */
  limits: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    merchant: MerchantRow;
    access: ClientAccess;
  }
  interface FastifyContextConfig {
    /** Route answers even in maintenance or for a restricted region (the startup bundle, health). */
    openDuringMaintenance?: boolean;
  }
}
