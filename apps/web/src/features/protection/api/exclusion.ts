import type { ExclusionPeriod, ExclusionValue } from '@panalo/contract/protection';
import { apiRequest } from '../../../lib/api';

/** POST /api/members/self-exclusion: a time-out or self-exclusion, confirmed by the login password. */
export const takeBreak = (period: ExclusionPeriod, password: string) =>
  apiRequest<ExclusionValue>('POST', '/members/self-exclusion', { body: { period, password } });
