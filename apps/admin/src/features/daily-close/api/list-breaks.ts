import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reconBreaksResponse } from '@panalo/contract/reconciliation';
import { api } from '../../../lib/api';
import { dailyCloseKeys } from './keys';
import { reconPath } from './recon-paths';

export type BreakList = z.infer<typeof reconBreaksResponse>['value'];

/** GET /ops/reconciliation/breaks?status=: every day's breaks of that status, newest day first (≤ 500). */
export const listBreaks = (status: 'open' | 'resolved') =>
  api<BreakList>('GET', reconPath('breaks'), { query: { status } });

export const breaksQueryOptions = (status: 'open' | 'resolved') =>
  queryOptions({ queryKey: dailyCloseKeys.breakList(status), queryFn: () => listBreaks(status) });

/** The queue of open (or resolved) breaks. */
export const useBreaks = (status: 'open' | 'resolved') => useQuery(breaksQueryOptions(status));
