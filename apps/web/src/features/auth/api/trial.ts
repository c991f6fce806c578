import type { z } from 'zod';
import type { SessionValue, trialCreateResponse, trialLoginRequest } from '@panalo/contract/auth';
import { apiGet, apiRequest } from '../../../lib/api';
import { deviceId } from '../../../lib/sealed-request';

export type TrialAccount = z.infer<typeof trialCreateResponse>['value'];
type TrialLogin = z.infer<typeof trialLoginRequest>;

// Both calls carry the Device header, so that the trial key and session are bound to this browser.

/** GET /api/auth/trial (API-016): a new free-trial account's user name and its one-time key. */
export const createTrial = () => apiGet<TrialAccount>('/auth/trial', { headers: { device: deviceId() } });

/** POST /api/auth/trial-login (API-017): the trial account's session. */
export const trialLogin = (body: TrialLogin) =>
  apiRequest<SessionValue>('POST', '/auth/trial-login', { body, headers: { device: deviceId() } });
