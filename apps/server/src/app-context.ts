import os from 'node:os';
import path from 'node:path';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import type { Clock } from './lib/clock';
import { loginEnvelope } from './modules/auth/envelope';
import { sessionsRepository } from './modules/identity/sessions.repository';
import { sessionsService } from './modules/identity/sessions.service';
import { memberHub } from './modules/live/member-hub';
import { diskFileStore, type FileStore } from './lib/file-store';
import type { IpCountryLookup } from './modules/geo/ip-country';
import { createMerchantResolver } from './modules/merchants/merchant-resolver';
import { merchantsRepository } from './modules/merchants/merchants.repository';
import { outboxMessaging, type Messaging } from './modules/messaging/messaging';
import { rateLimitRepository } from './modules/ratelimit/ratelimit.repository';
import { rateLimiter } from './modules/ratelimit/ratelimit.service';
import { phoneKeyResolver } from './modules/phone-verification/phone-token';
import { demoHub88, type Hub88Setup } from './modules/hub88/hub88-setup';
import { DEMO_SCREENING_LIST, fileScreening, type ScreeningList } from './modules/aml/screening';

export interface ContextOptions {
  clock: Clock;
  geo: IpCountryLookup;
  defaultMerchant: string;
  merchantCacheMs?: number;
  /** How long a session read is reused in this process (ms; 0 = never): see SessionCacheOptions. */
  sessionCacheMs?: number;
  /** Delivery adapters; the development outbox when omitted. */
  messaging?: Messaging;
  /** Uploaded files; a folder of this process under the system's temporary folder when omitted (tests). */
  files?: FileStore;
  /** The phone-verification service's published keys (Firebase's when omitted). */
  phoneJwksUrl?: string;
  /** Sanctions and PEP screening; the demo's list (fictitious names) when omitted. */
  screening?: ScreeningList;
  /** The Hub88 integration (HUB88_* settings); the demo's, shared by the whole process, when omitted. */
  hub88?: Hub88Setup;
  dev: boolean;
}

/** Wires the services every route uses; the server and the tests build the app the same way. */
export function buildContext(handle: DatabaseHandle, o: ContextOptions): AppContext {
  const { db } = handle;
  return {
    db,
    reads: handle.reads,
    dbKind: handle.kind,
    clock: o.clock,
    geo: o.geo,
    merchants: createMerchantResolver(merchantsRepository(db), o.defaultMerchant, o.clock, o.merchantCacheMs),
    limits: rateLimiter(rateLimitRepository(db), o.clock),
    sessions: sessionsService(sessionsRepository(db), o.clock, { cacheMs: o.sessionCacheMs ?? 1_000 }),
    messaging: o.messaging ?? outboxMessaging(db),
    envelope: loginEnvelope(db, o.clock),
    live: memberHub(db, handle.listen),
    files: o.files ?? diskFileStore(path.join(os.tmpdir(), `panalo-files-${process.pid}`)),
    phoneKeys: phoneKeyResolver(o.phoneJwksUrl),
    hub88: o.hub88 ?? demoHub88(),
    screening: o.screening ?? fileScreening(DEMO_SCREENING_LIST),
    dev: o.dev,
  };
}
