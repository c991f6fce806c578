import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dailyCloseListResponse } from '@panalo/contract/daily-close';
import { api } from '../../../lib/api';
import { dailyCloseKeys } from './keys';

export type { DailyCloseSummary } from '@panalo/contract/daily-close';
export type DailyCloseList = z.infer<typeof dailyCloseListResponse>['value'];

/** GET /ops/daily-close: the closed days from `from` to `to` (at most 92), newest first. */
export const listCloses = (from: string, to: string) =>
  api<DailyCloseList>('GET', '/ops/daily-close', { query: { from, to } });

export const closesQueryOptions = (from: string, to: string) =>
  queryOptions({ queryKey: dailyCloseKeys.list(from, to), queryFn: () => listCloses(from, to) });

/** The closed days of a span (the last span's stay while the next loads); not asked while it is wrong. */
export const useCloses = (from: string, to: string, enabled: boolean) =>
  useQuery({ ...closesQueryOptions(from, to), enabled, placeholderData: keepPreviousData });
