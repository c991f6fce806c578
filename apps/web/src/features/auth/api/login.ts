import type { LoginPayload, SessionValue } from '@panalo/contract/auth';
import { sealedRequest } from '../../../lib/sealed-request';

/** What the login form sends; freshness (ts, nonce) is added when the payload is sealed. */
export type LoginRequest = Omit<LoginPayload, 'ts' | 'nonce'>;

/** POST /api/auth/login with the encrypted payload and the Encryption and Device headers (API-001/002). */
export const login = (payload: LoginRequest) => sealedRequest<SessionValue>('POST', '/auth/login', payload);
