import type { RegisterPayload, SessionValue } from '@panalo/contract/auth';
import { sealedRequest } from '../../../lib/sealed-request';

export type RegisterRequest = Omit<RegisterPayload, 'ts' | 'nonce'>;

/** PUT /api/auth/register with the encrypted registration payload (API-006); the answer is a session. */
export const register = (payload: RegisterRequest) =>
  sealedRequest<SessionValue>('PUT', '/auth/register', payload);
